import { generationGateMessages, type VideoCountAnswer } from '@reelcraft/contract';
import { CircleAlertIcon, FilmIcon, RefreshCwIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/button-styles';
import { Spinner } from '../../../components/spinner';
import { planName } from '../../../lib/video-count';

/** The credit counter (spec 000 section 2.6): videos remaining, out of the period's allowance. */
export function CreditCounter({
  count,
  loading,
  failed,
  retrying,
  onRetry,
}: {
  count: VideoCountAnswer | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const frame =
    'rounded-2xl border border-zinc-200 bg-white p-5 dark:border-white/10 dark:bg-white/[0.03] sm:min-w-64';
  if (loading) {
    return (
      <div role="status" className={frame}>
        <span className="sr-only">Loading your credits…</span>
        <div aria-hidden="true" className="animate-pulse space-y-3">
          <div className="h-3.5 w-28 rounded bg-zinc-200 dark:bg-white/10" />
          <div className="h-8 w-16 rounded bg-zinc-200 dark:bg-white/10" />
          <div className="h-1.5 w-full rounded-full bg-zinc-200 dark:bg-white/10" />
        </div>
      </div>
    );
  }
  if (failed || !count) {
    return (
      <div role="alert" className={frame}>
        <p className="flex items-start gap-2 text-sm text-red-700 dark:text-red-300">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />
          {generationGateMessages.checkFailed}
        </p>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
        >
          {retrying ? <Spinner /> : <RefreshCwIcon className="size-4" />}
          Try again
        </button>
      </div>
    );
  }
  const remaining = Math.max(0, count.remaining_videos);
  const share = count.max_videos > 0 ? Math.min(1, remaining / count.max_videos) : 0;
  const empty = remaining === 0;
  return (
    <section aria-label="Video credits" className={frame}>
      <div className="flex items-center justify-between gap-4">
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-600 dark:text-zinc-400">
          <FilmIcon className="size-4" />
          Videos remaining
        </p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            count.has_subscription
              ? 'bg-violet-500/15 text-violet-700 dark:text-violet-300'
              : 'bg-zinc-100 text-zinc-700 dark:bg-white/10 dark:text-zinc-300'
          }`}
        >
          {/* The plan's own name, as the sidebar's plan box shows it (Business, not the spec's Premium). */}
          {planName(count)}
        </span>
      </div>
      <p className="mt-2 flex items-baseline gap-1.5">
        <span
          className={`font-display text-3xl font-semibold tabular-nums ${empty ? 'text-red-600 dark:text-red-400' : ''}`}
        >
          {remaining}
        </span>
        {count.max_videos > 0 && (
          <span className="text-sm text-zinc-500 dark:text-zinc-400">of {count.max_videos} this period</span>
        )}
      </p>
      {count.max_videos > 0 && (
        <div
          aria-hidden="true"
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-white/10"
        >
          <div
            className={`h-full rounded-full ${empty ? 'bg-red-500' : 'bg-gradient-to-r from-violet-500 to-fuchsia-500'}`}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      )}
    </section>
  );
}
