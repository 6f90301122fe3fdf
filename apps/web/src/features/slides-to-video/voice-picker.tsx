import type { VoiceOption } from '@reelcraft/contract';
import { useId } from 'react';
import { VoiceList } from '../../components/generations';
import type { AudioPreview } from './use-audio-preview';

interface VoicePickerProps {
  voices: readonly VoiceOption[];
  value: string;
  onChange: (voiceId: string) => void;
  loading: boolean;
  /** Shown above the list when the server's list could not be read (the fallback voices are offered). */
  warning: string | null;
  disabled: boolean;
  preview: AudioPreview;
}

/** The narrating voice: the user's clones first, then the built-in ones, each with its sample to play. */
export function VoicePicker({
  voices,
  value,
  onChange,
  loading,
  warning,
  disabled,
  preview,
}: VoicePickerProps) {
  const name = useId();
  const chosen = voices.find((voice) => voice.id === value);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Voice
        {chosen ? (
          <span className="truncate text-xs font-normal text-zinc-500 dark:text-zinc-400">
            <span className="sr-only">: </span>
            {chosen.name}
          </span>
        ) : null}
      </legend>
      <VoiceList
        voices={voices}
        loading={loading}
        warning={warning}
        preview={preview}
        radioProps={(voice) => ({
          name,
          checked: voice.id === value,
          onChange: () => onChange(voice.id),
        })}
        // Two a row where the column is wide enough: the whole list, "Your voices" first, fits beside the slides.
        columns={2}
      />
    </fieldset>
  );
}
