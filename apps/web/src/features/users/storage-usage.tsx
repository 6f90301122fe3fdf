import { formatStorageSize } from '@reelcraft/contract';
import { HardDriveIcon, RefreshCwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { iconButtonClasses } from '../../components/button-styles';
import { paths } from '../../lib/paths';
import { useSubscriptionDashboard } from './api/get-subscription-dashboard';

/** From this share of the allowance on, the bar turns amber and says what to do. */
const NEARLY_FULL = 0.9;

/**
 * The account's storage (issue 37): what the user keeps stored of their plan's allowance, as a bar
 * with its numbers, and what to do when it is nearly full (an upload past it answers 413).
 */
export function StorageUsage() {
  const dashboard = useSubscriptionDashboard();
  const frame = 'mt-8 rounded-2xl border border-zinc-200 px-6 py-5 dark:border-white/10';
  const heading = (
    <h2 id="storage-heading" className="flex items-center gap-2 text-sm font-semibold">
      <HardDriveIcon className="size-4 text-violet-600 dark:text-violet-300" />
      Storage
    </h2>
  );

  if (dashboard.isPending) {
    return (
      <section aria-labelledby="storage-heading" className={frame}>
        {heading}
        <div role="status" className="mt-3 animate-pulse">
          <span className="sr-only">Loading your storage…</span>
          <span aria-hidden="true" className="block h-2 w-full rounded-full bg-zinc-200 dark:bg-white/10" />
        </div>
      </section>
    );
  }
  if (!dashboard.data) {
    return (
      <section aria-labelledby="storage-heading" className={frame}>
        <div className="flex items-center justify-between gap-3">
          {heading}
          <span className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            Storage details unavailable
            <button
              type="button"
              onClick={() => void dashboard.refetch()}
              aria-label="Reload storage details"
              className={`${iconButtonClasses} size-7`}
            >
              <RefreshCwIcon className="size-3.5" />
            </button>
          </span>
        </div>
      </section>
    );
  }

  const { storage_used_bytes: used, storage_limit_bytes: limit } = dashboard.data;
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const percent = Math.round(share * 100);
  const nearlyFull = share >= NEARLY_FULL;
  const summary = `${formatStorageSize(used)} of ${formatStorageSize(limit)} used`;
  return (
    <section aria-labelledby="storage-heading" className={frame}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {heading}
        <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{summary}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${summary} (${percent}%)`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-white/10"
      >
        <div
          className={`h-full rounded-full ${
            nearlyFull ? 'bg-amber-500' : 'bg-gradient-to-r from-violet-500 to-fuchsia-500'
          }`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        Your videos, library images, voice clones, decks and avatars count toward your plan&apos;s storage.
      </p>
      {nearlyFull && (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
          {used >= limit ? 'Your storage is full.' : 'Your storage is almost full.'} Delete files you no
          longer need, or{' '}
          <Link to={paths.subscriptionPlans} className="font-medium underline underline-offset-2">
            upgrade your plan
          </Link>{' '}
          for more.
        </p>
      )}
    </section>
  );
}
