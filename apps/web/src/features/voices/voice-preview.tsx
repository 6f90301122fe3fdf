import { previewVoiceBodySchema, VOICE_PREVIEW_MAX_CHARS, type VoiceClone } from '@reelcraft/contract';
import { Volume2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { CountedTextarea } from '../../components/generations';
import { inputClasses } from '../../components/text-field';
import { Spinner } from '../../components/spinner';
import { usePreviewVoice } from './api/preview-voice';
import { previewErrorMessage } from './api/voice-errors';

interface VoicePreviewProps {
  clones: readonly VoiceClone[];
  /** The clone to hear (chosen in the list, or the one just made). */
  voiceId: string;
  onVoiceChange: (voiceId: string) => void;
}

/** A clone speaking a sentence the user types (POST /elevenlabs/voices/{id}/preview), in a player. */
export function VoicePreview({ clones, voiceId, onVoiceChange }: VoicePreviewProps) {
  const voiceFieldId = useId();
  const preview = usePreviewVoice();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [heard, setHeard] = useState<{ url: string; name: string } | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);

  // A new answer plays at once: the user asked to hear it. A browser that refuses leaves the
  // player's own Play button (and some test environments give no promise back).
  useEffect(() => {
    if (!heard) return;
    const playing = audioRef.current?.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
  }, [heard]);

  function hear() {
    const body = previewVoiceBodySchema.safeParse({ text });
    if (!body.success) {
      setTextError(body.error.issues[0]?.message ?? null);
      return;
    }
    setTextError(null);
    const name = clones.find((clone) => clone.voice_id === voiceId)?.name ?? voiceId;
    preview.mutate(
      { voiceId, text: body.data.text },
      { onSuccess: (answer) => setHeard({ url: answer.audio_url, name }) },
    );
  }

  const busy = preview.isPending;
  return (
    <form
      noValidate
      aria-label="Hear your voice"
      onSubmit={(event) => {
        event.preventDefault();
        hear();
      }}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={voiceFieldId} className="text-sm font-medium">
          Voice
        </label>
        <select
          id={voiceFieldId}
          value={voiceId}
          disabled={busy}
          onChange={(event) => onVoiceChange(event.target.value)}
          className={inputClasses}
        >
          {clones.map((clone) => (
            <option key={clone.voice_id} value={clone.voice_id}>
              {clone.name}
            </option>
          ))}
        </select>
      </div>
      <CountedTextarea
        label="Sentence to say"
        length={text.length}
        maxLength={VOICE_PREVIEW_MAX_CHARS}
        error={textError}
        rows={2}
        value={text}
        disabled={busy}
        placeholder="Hello! This is my own voice, ready for my next video."
        onChange={(event) => {
          setText(event.target.value);
          setTextError(null);
        }}
      />
      <div>
        <button type="submit" disabled={busy || !voiceId} className={buttonClasses({ variant: 'secondary' })}>
          {busy ? <Spinner /> : <Volume2 aria-hidden="true" className="size-4" />}
          {busy ? 'Preparing…' : 'Hear it'}
        </button>
      </div>
      <FormMessage tone="error">{preview.isError ? previewErrorMessage(preview.error) : null}</FormMessage>
      {heard ? (
        <audio
          ref={audioRef}
          key={heard.url}
          controls
          src={heard.url}
          aria-label={`Preview of ${heard.name}`}
          className="w-full"
        />
      ) : null}
    </form>
  );
}
