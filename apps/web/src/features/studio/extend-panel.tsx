import { STUDIO_DURATION_LIMITS_S, studioJobTexts } from '@reelcraft/contract';
import { Timer } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { VideoPlayer } from '../../components/video-player';
import type { ExtendRequest } from './api/extend-studio-video';

/** What the seconds field starts at: a short continuation of the scene. */
const DEFAULT_EXTENSION_S = 4;

const fieldClasses =
  'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-white/15 dark:bg-white/5';

interface ExtendPanelProps {
  /** The chosen candidate's length in seconds, when the clip is still that candidate. */
  chosenSeconds: number | null;
  /** How many extensions the chosen clip has had. */
  extensions: number;
  /** The chosen clip as it is now (the last extension's, once there is one). */
  clipUrl: string | null;
  running: boolean;
  starting: boolean;
  /** 0..100 while running. */
  percent: number;
  error: string | null;
  onExtend: (request: ExtendRequest) => void;
}

/**
 * The Extend step on the chosen candidate (issue 36 item 6): how many seconds to add and what happens
 * in them, what it costs, the progress while it runs, and the longer clip after.
 */
export function ExtendPanel({
  chosenSeconds,
  extensions,
  clipUrl,
  running,
  starting,
  percent,
  error,
  onExtend,
}: ExtendPanelProps) {
  const id = useId();
  const [seconds, setSeconds] = useState(String(DEFAULT_EXTENSION_S));
  const [prompt, setPrompt] = useState('');
  const { min, max } = STUDIO_DURATION_LIMITS_S;
  const value = Number(seconds);
  const valid = Number.isInteger(value) && value >= min && value <= max;
  const busy = running || starting;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    onExtend({ additional_seconds: value, ...(prompt.trim() ? { prompt: prompt.trim() } : {}) });
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-white/10 dark:bg-white/5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold">
          <Timer aria-hidden="true" className="size-4.5 text-violet-600 dark:text-violet-300" />
          Extend the chosen clip
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Optional: make it longer before the voiceover. {studioJobTexts.extensionIncluded}
        </p>
      </div>

      {running ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between text-sm">
            <span role="status" className="flex items-center gap-2">
              <Spinner />
              Extending your clip…
            </span>
            <span className="font-semibold tabular-nums">{percent}%</span>
          </div>
          <ProgressBar percent={percent} label="Extension progress" />
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <label className="flex flex-col gap-2 text-sm font-medium">
            Seconds to add
            <input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              value={seconds}
              aria-invalid={valid ? undefined : true}
              aria-describedby={`${id}-length`}
              onChange={(event) => setSeconds(event.target.value)}
              className={fieldClasses}
            />
          </label>
          <label className="flex flex-col gap-2 text-sm font-medium">
            What happens next (optional)
            <input
              type="text"
              maxLength={4000}
              value={prompt}
              placeholder="The scene goes on"
              onChange={(event) => setPrompt(event.target.value)}
              className={fieldClasses}
            />
          </label>
          <button type="submit" className={buttonClasses()} disabled={!valid || starting}>
            {starting ? <Spinner /> : <Timer aria-hidden="true" className="size-4" />}
            {valid ? `Extend by ${value} s` : 'Extend'}
          </button>
          <p id={`${id}-length`} className="text-sm text-zinc-600 sm:col-span-3 dark:text-zinc-400">
            {!valid
              ? `Choose between ${min} and ${max} seconds.`
              : chosenSeconds !== null
                ? `The clip becomes about ${Math.round(chosenSeconds + value)} s long.`
                : `Adds ${value} s to the clip as it is now.`}
          </p>
        </form>
      )}

      {extensions > 0 && clipUrl && !running ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            {extensions === 1 ? 'Clip extended.' : `Clip extended ${extensions} times.`} The voiceover and
            lip-sync use this longer clip.
          </p>
          <VideoPlayer src={clipUrl} title="Extended clip" />
        </div>
      ) : null}
      <FormMessage tone="error">{error}</FormMessage>
    </section>
  );
}
