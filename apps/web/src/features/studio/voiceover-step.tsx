import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECORDED_VOICEOVER_MIME_TYPES,
  studioVoiceoverBodySchema,
  VOICE_SETTINGS_DEFAULTS,
  voiceMessages,
  type StudioVoiceoverBody,
  type VoiceOption,
  studioMessages,
} from '@reelcraft/contract';
import { Mic, Square, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import {
  useVoicePreview,
  voiceDetails,
  VoiceList,
  type VoicePreviewWording,
} from '../../components/generations';
import { Spinner } from '../../components/spinner';

const voiceoverFormSchema = studioVoiceoverBodySchema.extend({
  text: z.string().trim().min(1, studioMessages.narrationRequired).max(5000),
});
type VoiceoverFormInput = z.input<typeof voiceoverFormSchema>;

/** The step's own wording of the sample buttons. */
const PREVIEW_WORDING: VoicePreviewWording = {
  play: (voiceName) => `Preview ${voiceName}`,
  stop: (voiceName) => `Stop preview of ${voiceName}`,
};

const SETTINGS = [
  { name: 'stability', label: 'Stability' },
  { name: 'similarity_boost', label: 'Similarity boost' },
  { name: 'style', label: 'Style' },
] as const;

interface VoiceoverStepProps {
  voices: readonly VoiceOption[];
  voicesLoading: boolean;
  voicesFailed: boolean;
  defaultVoiceId: string;
  voiceoverUrl: string | null;
  /** A voiceover is being made (sent, or waiting for its event). */
  busy: boolean;
  error: string | null;
  onGenerate: (body: StudioVoiceoverBody) => void;
  onUseAudio: (audio: Blob) => void;
}

/** Step 3: narration with a chosen voice and its settings, or the user's own recording or audio file. */
export function VoiceoverStep({
  voices,
  voicesLoading,
  voicesFailed,
  defaultVoiceId,
  voiceoverUrl,
  busy,
  error,
  onGenerate,
  onUseAudio,
}: VoiceoverStepProps) {
  const narrationId = useId();
  const narrationErrorId = useId();
  const form = useForm<VoiceoverFormInput, unknown, StudioVoiceoverBody>({
    resolver: zodResolver(voiceoverFormSchema),
    defaultValues: { text: '', voice_id: defaultVoiceId, ...VOICE_SETTINGS_DEFAULTS },
  });
  const { register, handleSubmit, formState, control } = form;
  const settings = useWatch({ control, name: ['stability', 'similarity_boost', 'style'] });
  const preview = useVoicePreview();
  const narrationError = formState.errors.text?.message;

  return (
    <section aria-labelledby="voiceover-heading" className="flex flex-col gap-6">
      <h2 id="voiceover-heading" className="text-lg font-semibold">
        Voiceover
      </h2>
      <form
        noValidate
        aria-label="Narration"
        onSubmit={(event) => void handleSubmit(onGenerate)(event)}
        className="flex flex-col gap-5"
      >
        <div className="flex flex-col gap-2">
          <label htmlFor={narrationId} className="text-sm font-medium">
            Narration text
          </label>
          <textarea
            id={narrationId}
            rows={4}
            disabled={busy}
            aria-invalid={narrationError ? true : undefined}
            aria-describedby={narrationError ? narrationErrorId : undefined}
            placeholder="What should your video say?"
            {...register('text')}
            className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
          />
          {narrationError ? (
            <p id={narrationErrorId} className="text-sm text-red-600 dark:text-red-400">
              {narrationError}
            </p>
          ) : null}
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Voice</legend>
          {/* The user's clones come in the same list (category cloned): they lead, as "Your voices". */}
          <VoiceList
            voices={voices}
            loading={voicesLoading}
            warning={voicesFailed ? voiceMessages.loadFailed : null}
            radioProps={() => ({ disabled: busy, ...register('voice_id') })}
            preview={preview}
            previewWording={PREVIEW_WORDING}
            describe={(voice) => voiceDetails(voice) || voice.category}
            columns={2}
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Voice settings</legend>
          {SETTINGS.map(({ name, label }, index) => (
            <label key={name} className="flex flex-col gap-1 text-sm">
              <span className="flex justify-between">
                {label}
                <span className="tabular-nums text-zinc-500 dark:text-zinc-400">
                  {Number(settings[index]).toFixed(2)}
                </span>
              </span>
              <input
                type="range"
                min={0}
                max={1}
                step={0.05}
                disabled={busy}
                {...register(name, { valueAsNumber: true })}
                className="accent-violet-600"
              />
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              disabled={busy}
              {...register('use_speaker_boost')}
              className="size-4 accent-violet-600"
            />
            Speaker boost
          </label>
        </fieldset>

        <div>
          <button type="submit" disabled={busy} className={buttonClasses()}>
            {busy ? <Spinner /> : null}
            {busy ? 'Generating voiceover...' : 'Generate Voiceover'}
          </button>
        </div>
      </form>

      <OwnVoice disabled={busy} onUseAudio={onUseAudio} />

      {voiceoverUrl ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">Your voiceover</p>
          <audio controls src={voiceoverUrl} aria-label="Voiceover audio" className="w-full" />
        </div>
      ) : null}
      <FormMessage tone="error">{error}</FormMessage>
    </section>
  );
}

/** Record with the microphone (MediaRecorder) or pick an audio file: it becomes the voiceover. */
function OwnVoice({ disabled, onUseAudio }: { disabled: boolean; onUseAudio: (audio: Blob) => void }) {
  const recorderRef = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const canRecord = typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices;

  useEffect(() => () => recorderRef.current?.stop(), []);

  async function startRecording() {
    setProblem(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
      recorder.addEventListener('stop', () => {
        for (const track of stream.getTracks()) track.stop();
        setRecording(false);
        const type = (recorder.mimeType || 'audio/webm').split(';')[0] ?? 'audio/webm';
        if (chunks.length > 0) onUseAudio(new Blob(chunks, { type }));
      });
      recorderRef.current = recorder;
      recorder.start();
      setRecording(true);
    } catch {
      setProblem(studioMessages.microphoneUnavailable);
    }
  }

  function stopRecording() {
    recorderRef.current?.stop();
    recorderRef.current = null;
  }

  function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onUseAudio(file);
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-2xl border border-zinc-200 p-4 dark:border-white/10">
      <legend className="px-1 text-sm font-medium">Or use your own voice</legend>
      <div className="flex flex-wrap gap-2">
        {canRecord ? (
          recording ? (
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              onClick={stopRecording}
            >
              <Square aria-hidden="true" className="size-4 text-red-600" />
              Stop recording
            </button>
          ) : (
            <button
              type="button"
              disabled={disabled}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              onClick={() => void startRecording()}
            >
              <Mic aria-hidden="true" className="size-4" />
              Record voiceover
            </button>
          )
        ) : null}
        <label
          aria-disabled={disabled ? true : undefined}
          className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-violet-500`}
        >
          <Upload aria-hidden="true" className="size-4" />
          Upload audio
          <input
            type="file"
            aria-label="Upload audio"
            accept={RECORDED_VOICEOVER_MIME_TYPES.join(',')}
            disabled={disabled}
            onChange={pickFile}
            className="sr-only"
          />
        </label>
      </div>
      {recording ? (
        <p role="status" className="text-sm text-red-700 dark:text-red-300">
          Recording… press Stop recording when you are done.
        </p>
      ) : null}
      <FormMessage tone="error">{problem}</FormMessage>
    </fieldset>
  );
}
