import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { AudioLinesIcon, ImageIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { iconButtonClasses } from '../../components/button-styles';
import { FilePicker } from '../../components/file-picker';
import { useVoiceClones } from '../../lib/voices';
import type { CreateVideoFormInput, CreateVideoFormValues } from './create-video-form';

type CreateVideoForm = UseFormReturn<CreateVideoFormInput, unknown, CreateVideoFormValues>;
type FileFieldName = 'last_frame_image' | 'voice_sample_file';

/** A picked file kept in the form: checked as soon as it is picked, its error shown under it. */
function useFileField(form: CreateVideoForm, name: FileFieldName) {
  const file = useWatch({ control: form.control, name });
  return {
    file: file instanceof File ? file : null,
    error: form.formState.errors[name]?.message,
    onPick: (picked: File) => form.setValue(name, picked, { shouldValidate: true }),
    onRemove: () => form.setValue(name, null, { shouldValidate: true }),
  };
}

export function LastFrameField({ form }: { form: CreateVideoForm }) {
  const field = useFileField(form, 'last_frame_image');
  return (
    <FilePicker
      label="Last frame image (optional)"
      accept=".png,.jpg,.jpeg,.gif,.bmp"
      chooseText="Choose image"
      icon={<ImageIcon aria-hidden="true" className="size-4" />}
      hint="The frame the video ends on. PNG, JPG, GIF or BMP, up to 10MB."
      removeLabel="Remove last frame"
      {...field}
    />
  );
}

/**
 * "Or narrate with one of your voices": the user's saved clones, whose recording the server uses as
 * the voice sample. Shown only to a user who has one; picking it clears a picked file and back.
 */
function SavedVoiceSelect({ form }: { form: CreateVideoForm }) {
  const clones = useVoiceClones().data ?? [];
  const chosen = useWatch({ control: form.control, name: 'voice_clone_id' });
  if (clones.length === 0) return null;
  return (
    <label className="flex flex-col gap-1.5 text-sm">
      <span className="font-medium text-zinc-800 dark:text-zinc-200">Or narrate with one of your voices</span>
      <select
        value={chosen ?? ''}
        onChange={(event) => {
          const id = event.target.value || null;
          form.setValue('voice_clone_id', id);
          if (id) form.setValue('voice_sample_file', null, { shouldValidate: true });
        }}
        className="h-10 rounded-xl border border-zinc-300 bg-white px-3 dark:border-white/15 dark:bg-white/5"
      >
        <option value="">None</option>
        {clones.map((clone) => (
          <option key={clone.voice_id} value={clone.voice_id}>
            {clone.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function VoiceSampleField({ form }: { form: CreateVideoForm }) {
  const picked = useFileField(form, 'voice_sample_file');
  const field = {
    ...picked,
    onPick: (file: File) => {
      form.setValue('voice_clone_id', null);
      picked.onPick(file);
    },
  };
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const voice = field.error ? null : field.file;
  const url = useMemo(() => (voice ? URL.createObjectURL(voice) : null), [voice]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);

  function togglePlay() {
    const player = audio.current;
    if (!player) return;
    if (playing) player.pause();
    else void player.play().catch(() => setPlaying(false));
  }

  const play = url ? (
    <>
      <audio
        ref={audio}
        src={url}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <button
        type="button"
        // One name for both states, its pressed state says whether it plays.
        aria-label="Play voice sample"
        aria-pressed={playing}
        title={playing ? 'Pause voice sample' : 'Play voice sample'}
        onClick={togglePlay}
        className={`${iconButtonClasses} size-8 shrink-0`}
      >
        {playing ? (
          <PauseIcon aria-hidden="true" className="size-4" />
        ) : (
          <PlayIcon aria-hidden="true" className="size-4" />
        )}
      </button>
    </>
  ) : null;

  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <FilePicker
        label="Voice sample (optional)"
        accept=".mp3,.wav,.m4a,.ogg,audio/*"
        chooseText="Choose audio"
        icon={<AudioLinesIcon aria-hidden="true" className="size-4" />}
        hint="A voice to narrate in. MP3, WAV, M4A or OGG, up to 10MB."
        removeLabel="Remove voice sample"
        actions={play}
        {...field}
      />
      <SavedVoiceSelect form={form} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Voice cloning tips: record 30-60 seconds of clear speech in a quiet room, one speaker, no music.
      </p>
    </div>
  );
}
