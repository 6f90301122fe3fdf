import {
  ASPECT_RATIOS,
  CAPTION_STYLES,
  MUSIC_MOODS,
  type StoryboardContent,
  type VoiceOption,
} from '@reelcraft/contract';
import { PauseIcon, PlayIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { RatioFrame, useVoicePreview } from '../../components/generations';
import { OptionGroup, type Option } from '../../components/option-group';
import { inputClasses } from '../../components/text-field';
import { FALLBACK_VOICES, groupVoices, useVoices } from '../../lib/voices';
import { LANGUAGES, moodLabel } from './visual-labels';

type AspectRatio = StoryboardContent['aspect_ratio'];

const ratioOptions: Option<AspectRatio>[] = ASPECT_RATIOS.map((value) => ({
  value,
  label: value,
  icon: <RatioFrame ratio={value} />,
}));

/** The select's value of "No narration" (the storyboard's voice_id null). */
const NO_VOICE = '';

const selectClasses = `${inputClasses} mt-1.5 dark:bg-zinc-900`;

interface SettingsPanelProps {
  content: StoryboardContent;
  /** Changes one whole-video setting; `key` joins a run of changes (a slider's drag) into one Undo. */
  onChange: (update: (content: StoryboardContent) => StoryboardContent, key?: string) => void;
  voiceError?: string;
}

/**
 * The whole video's settings: aspect ratio, the narrating voice (the user's clones and the built-in
 * voices, or none, with a sample to play), music mood and volume, captions and their style, language.
 */
export function SettingsPanel({ content, onChange, voiceError }: SettingsPanelProps) {
  const voiceId = useId();
  const voiceErrorId = useId();
  const moodId = useId();
  const volumeId = useId();
  const styleId = useId();
  const languageId = useId();
  const voices = useVoices();
  const voiceList = useMemo(
    () => voices.data ?? (voices.isError ? FALLBACK_VOICES : []),
    [voices.data, voices.isError],
  );
  const preview = useVoicePreview();
  const chosen = voiceList.find((voice) => voice.id === content.voice_id);
  const volume = Math.round(content.music.volume * 100);
  const set = <K extends keyof StoryboardContent>(field: K, value: StoryboardContent[K], key?: string) =>
    onChange((current) => ({ ...current, [field]: value }), key);

  return (
    <div className="flex flex-col gap-5">
      <OptionGroup
        legend="Aspect ratio"
        options={ratioOptions}
        value={content.aspect_ratio}
        onChange={(value) => set('aspect_ratio', value)}
      />

      <div>
        <label htmlFor={voiceId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Voice
        </label>
        <div className="flex items-center gap-2">
          <select
            id={voiceId}
            value={content.voice_id ?? NO_VOICE}
            aria-invalid={voiceError ? true : undefined}
            aria-describedby={voiceError ? voiceErrorId : undefined}
            onChange={(event) => set('voice_id', event.target.value === NO_VOICE ? null : event.target.value)}
            className={selectClasses}
          >
            <option value={NO_VOICE}>No narration</option>
            {/* The chosen voice stays offered while the list loads (or when it left the list). */}
            {content.voice_id !== null && !chosen ? (
              <option value={content.voice_id}>
                {voices.isPending ? 'Loading voices…' : content.voice_id}
              </option>
            ) : null}
            {groupVoices(voiceList).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.voices.map((voice) => (
                  <option key={voice.id} value={voice.id}>
                    {voiceName(voice)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {chosen?.preview_url ? (
            <button
              type="button"
              onClick={() => preview.toggle(`voice:${chosen.id}`, chosen.preview_url ?? '')}
              aria-label={
                preview.playing === `voice:${chosen.id}`
                  ? `Stop the sample of ${chosen.name}`
                  : `Play a sample of ${chosen.name}`
              }
              aria-pressed={preview.playing === `voice:${chosen.id}`}
              className="mt-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-white/15 dark:text-zinc-200 dark:hover:bg-white/10"
            >
              {preview.playing === `voice:${chosen.id}` ? (
                <PauseIcon aria-hidden="true" className="size-4" />
              ) : (
                <PlayIcon aria-hidden="true" className="size-4" />
              )}
            </button>
          ) : null}
        </div>
        {voiceError ? (
          <p id={voiceErrorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
            {voiceError}
          </p>
        ) : content.voice_id === null ? (
          <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            Nothing is spoken; the narrations stay as captions.
          </p>
        ) : null}
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">Music</legend>
        <div>
          <label htmlFor={moodId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Mood
          </label>
          <select
            id={moodId}
            value={content.music.mood}
            onChange={(event) =>
              set('music', {
                ...content.music,
                mood: event.target.value as StoryboardContent['music']['mood'],
              })
            }
            className={selectClasses}
          >
            {MUSIC_MOODS.map((mood) => (
              <option key={mood} value={mood}>
                {moodLabel(mood)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={volumeId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Music volume
            </label>
            <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
              {volume === 0 ? 'No music' : `${volume}%`}
            </span>
          </div>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={volume}
            aria-valuetext={volume === 0 ? 'No music' : `${volume} percent`}
            onChange={(event) =>
              set('music', { ...content.music, volume: Number(event.target.value) / 100 }, 'music-volume')
            }
            className="mt-2 h-2 w-full cursor-pointer accent-violet-600"
          />
        </div>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">Captions</legend>
        <label className="inline-flex items-center gap-2.5 text-sm">
          <input
            type="checkbox"
            role="switch"
            checked={content.captions.enabled}
            onChange={(event) => set('captions', { ...content.captions, enabled: event.target.checked })}
            className="size-4 accent-violet-600"
          />
          Show captions in the video
        </label>
        <div>
          <label htmlFor={styleId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Caption style
          </label>
          <select
            id={styleId}
            value={content.captions.style}
            disabled={!content.captions.enabled}
            onChange={(event) =>
              set('captions', {
                ...content.captions,
                style: event.target.value as StoryboardContent['captions']['style'],
              })
            }
            className={selectClasses}
          >
            {CAPTION_STYLES.map((style) => (
              <option key={style} value={style}>
                {style === 'highlight' ? 'Highlight the spoken word' : 'Plain'}
              </option>
            ))}
          </select>
        </div>
      </fieldset>

      <div>
        <label htmlFor={languageId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Language
        </label>
        <select
          id={languageId}
          value={content.language}
          onChange={(event) => set('language', event.target.value)}
          className={selectClasses}
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
          {LANGUAGES.some((language) => language.code === content.language) ? null : (
            <option value={content.language}>{content.language}</option>
          )}
        </select>
      </div>
    </div>
  );
}

function voiceName(voice: VoiceOption): string {
  const details = [voice.gender, voice.accent].filter(Boolean).join(', ');
  return details ? `${voice.name} (${details})` : voice.name;
}
