import type { VoiceOption } from '@reelcraft/contract';
import { PauseIcon, PlayIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Spinner } from '../../components/spinner';
import { groupVoices } from '../../lib/voices';
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
  const groupId = useId();
  const name = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const chosen = voices.find((voice) => voice.id === value);
  // The chosen voice in view once the list is there: the default may sit far down the list.
  const hasVoices = voices.length > 0;
  useEffect(() => {
    const list = listRef.current;
    const checked = list?.querySelector<HTMLElement>('input:checked')?.closest('li');
    if (!list || !checked) return;
    list.scrollTop = Math.max(0, checked.offsetTop - list.clientHeight / 2 + checked.clientHeight / 2);
    // Only when the list arrives: a choice the user makes is already in view.
  }, [hasVoices]);
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
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          Loading voices…
        </p>
      ) : null}
      {warning ? <p className="text-sm text-amber-700 dark:text-amber-300">{warning}</p> : null}
      <div
        ref={listRef}
        className="relative flex max-h-72 flex-col gap-3 overflow-y-auto overscroll-contain pr-1"
      >
        {groupVoices(voices).map((group, groupIndex) => (
          <div key={group.label} role="group" aria-labelledby={`${groupId}-${groupIndex}`}>
            <p
              id={`${groupId}-${groupIndex}`}
              className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
            >
              {group.label}
            </p>
            <ul className="flex flex-col gap-1.5">
              {group.voices.map((voice) => {
                const key = `voice:${voice.id}`;
                const playing = preview.playing === key;
                const details = [voice.gender, voice.accent].filter(Boolean).join(' · ');
                return (
                  <li
                    key={voice.id}
                    className="flex items-center gap-1 rounded-xl border border-zinc-200 bg-white pr-1 transition-colors has-[:checked]:border-violet-500 has-[:checked]:bg-violet-50 has-[:checked]:ring-1 has-[:checked]:ring-violet-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-500 dark:border-white/10 dark:bg-white/[0.03] dark:has-[:checked]:border-violet-400 dark:has-[:checked]:bg-violet-500/10 dark:has-[:checked]:ring-violet-400"
                  >
                    <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 py-2 pl-3 text-sm">
                      <input
                        type="radio"
                        name={name}
                        value={voice.id}
                        checked={voice.id === value}
                        onChange={() => onChange(voice.id)}
                        className="size-4 shrink-0 accent-violet-600"
                      />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-zinc-900 dark:text-white">
                          {voice.name}
                        </span>
                        {details ? (
                          <>
                            {' '}
                            <span className="block truncate text-xs text-zinc-500 capitalize dark:text-zinc-400">
                              {details}
                            </span>
                          </>
                        ) : null}
                      </span>
                    </label>
                    {voice.preview_url ? (
                      <button
                        type="button"
                        aria-label={
                          playing ? `Stop the sample of ${voice.name}` : `Play a sample of ${voice.name}`
                        }
                        aria-pressed={playing}
                        onClick={() => preview.toggle(key, voice.preview_url ?? '')}
                        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-white/10"
                      >
                        {playing ? (
                          <PauseIcon aria-hidden="true" className="size-4" />
                        ) : (
                          <PlayIcon aria-hidden="true" className="size-4" />
                        )}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
