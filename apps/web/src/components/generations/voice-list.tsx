import type { VoiceOption } from '@reelcraft/contract';
import { PauseIcon, PlayIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { groupVoices } from '../../lib/voices';
import { Spinner } from '../spinner';

// The narrating voice of a creation screen (the studio's voiceover, slides to video): the voices as
// radios, grouped, each with its sample to play.

/** What plays the samples: one preview at a time, by key (a screen may play other audio beside them). */
export interface VoicePreviewPlayer {
  /** The key of what plays now, or null. */
  playing: string | null;
  /** Plays `url` as `key` (stopping whatever played), or stops it when it is the one playing. */
  toggle: (key: string, url: string) => void;
}

/** The preview key of a voice's sample (apart from the other keys of a screen's player). */
function voicePreviewKey(voiceId: string): string {
  return `voice:${voiceId}`;
}

/** One sample at a time, stopped when another starts or the screen goes away. */
export function useVoicePreview(): VoicePreviewPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(() => () => audioRef.current?.pause(), []);
  function toggle(key: string, url: string) {
    audioRef.current?.pause();
    if (playing === key) {
      setPlaying(null);
      return;
    }
    const audio = new Audio(url);
    audioRef.current = audio;
    audio.addEventListener('ended', () => setPlaying(null));
    setPlaying(key);
    audio.play().catch(() => setPlaying(null));
  }
  return { playing, toggle };
}

/** How the play button of a sample is named, playing or not. */
export interface VoicePreviewWording {
  play: (voiceName: string) => string;
  stop: (voiceName: string) => string;
}

const SAMPLE_WORDING: VoicePreviewWording = {
  play: (voiceName) => `Play a sample of ${voiceName}`,
  stop: (voiceName) => `Stop the sample of ${voiceName}`,
};

/** Gender and accent, as the list shows them under the name ('' when the voice tells neither). */
export function voiceDetails(voice: VoiceOption): string {
  return [voice.gender, voice.accent].filter(Boolean).join(' · ');
}

interface VoiceListProps {
  voices: readonly VoiceOption[];
  loading: boolean;
  /** Shown above the list when the server's list could not be read (the fallback voices are offered). */
  warning: string | null;
  /** The radio of a voice: a form's `register('voice_id')`, or a `name`, `checked` and `onChange`. */
  radioProps: (voice: VoiceOption) => ComponentProps<'input'>;
  preview: VoicePreviewPlayer;
  previewWording?: VoicePreviewWording;
  /** The line under a voice's name; gender and accent unless the screen words it otherwise. */
  describe?: (voice: VoiceOption) => string;
  /** Two columns where the list is at least 24rem wide (not on a phone): fewer rows to scroll past. */
  columns?: 1 | 2;
}

/**
 * The voices as radios, the user's clones first ("Your voices": they come in the same list, category
 * cloned), then the built-in ones, each with its sample to play. Goes inside the screen's fieldset,
 * whose legend names it.
 */
export function VoiceList({
  voices,
  loading,
  warning,
  radioProps,
  preview,
  previewWording = SAMPLE_WORDING,
  describe = voiceDetails,
  columns = 1,
}: VoiceListProps) {
  const groupId = useId();

  return (
    <>
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          Loading voices…
        </p>
      ) : null}
      {warning ? <p className="text-sm text-amber-700 dark:text-amber-300">{warning}</p> : null}
      {/* At its natural height, not a scroll box of its own: one scrolled to the chosen voice hid
          "Your voices" above it (issue 36 item 9). */}
      <div className="@container flex flex-col gap-3">
        {groupVoices(voices).map((group, groupIndex) => (
          <div key={group.label} role="group" aria-labelledby={`${groupId}-${groupIndex}`}>
            <p
              id={`${groupId}-${groupIndex}`}
              className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
            >
              {group.label}
            </p>
            <ul className={columns === 2 ? 'grid gap-1.5 @min-[24rem]:grid-cols-2' : 'flex flex-col gap-1.5'}>
              {group.voices.map((voice) => (
                <VoiceItem
                  key={voice.id}
                  voice={voice}
                  details={describe(voice)}
                  radio={radioProps(voice)}
                  preview={preview}
                  wording={previewWording}
                />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </>
  );
}

function VoiceItem({
  voice,
  details,
  radio,
  preview,
  wording,
}: {
  voice: VoiceOption;
  details: string;
  radio: ComponentProps<'input'>;
  preview: VoicePreviewPlayer;
  wording: VoicePreviewWording;
}) {
  const key = voicePreviewKey(voice.id);
  const playing = preview.playing === key;
  return (
    <li className="flex items-center gap-1 rounded-xl border border-zinc-200 bg-white pr-1 transition-colors has-[:checked]:border-violet-500 has-[:checked]:bg-violet-50 has-[:checked]:ring-1 has-[:checked]:ring-violet-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-500 dark:border-white/10 dark:bg-white/[0.03] dark:has-[:checked]:border-violet-400 dark:has-[:checked]:bg-violet-500/10 dark:has-[:checked]:ring-violet-400">
      <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 py-2 pl-3 text-sm">
        <input type="radio" value={voice.id} className="size-4 shrink-0 accent-violet-600" {...radio} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-zinc-900 dark:text-white">{voice.name}</span>
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
          aria-label={playing ? wording.stop(voice.name) : wording.play(voice.name)}
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
}
