import { generationMessages } from '@reelcraft/contract';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../button-styles';
import { Spinner } from '../spinner';

// The states a creation screen shows around its form, the same on every screen (spec 001 section 4).

/** A job that could not start or ended in failure: the reason and a way to try again. */
export function GenerationFailedPanel({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <section
      role="alert"
      aria-label="Generation failed"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-500/30 dark:bg-red-500/10"
    >
      <h2 className="text-lg font-semibold">{generationMessages.creationFailed}</h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{error}</p>
      <button type="button" className={buttonClasses()} onClick={onRetry}>
        Try Again
      </button>
    </section>
  );
}

/** While the screen asks whether a job of its kind is still running (a reload mid-render). */
export function ResumingNotice() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner />
      Checking for a video in progress…
    </p>
  );
}

/** "← Back" to the dashboard; shown but not followed while a job starts or runs. */
export function BackToDashboard({ busy }: { busy: boolean }) {
  return busy ? (
    <button type="button" disabled className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
      ← Back
    </button>
  ) : (
    <Link to={paths.dashboard} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
      ← Back
    </Link>
  );
}
