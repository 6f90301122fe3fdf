import { Link } from 'react-router';
import { CrownIcon, RefreshCwIcon } from 'lucide-react';
import { iconButtonClasses } from '../../components/button-styles';
import { usePlanBoxPlan } from '../../features/subscriptions/current-plan';
import { paths } from '../../lib/paths';
import { useVideoCount } from '../../lib/video-count';

function videosRemainingText(remaining: number): string {
  return `${remaining} ${remaining === 1 ? 'video' : 'videos'} remaining`;
}

/**
 * The plan box of the sidebar (spec 000 section 2.5): the plan name, the videos remaining and an
 * Upgrade link. The name is the plan's own (Business, not the spec's Premium: issue 17), from the
 * video count; on the dearest plan there is no Upgrade. Collapsed, it is one link with the count (to
 * the plans).
 */
export function PlanBox({ compact }: { compact: boolean }) {
  const videoCount = useVideoCount();
  const count = videoCount.data;
  const { name: plan, isTopPlan } = usePlanBoxPlan(count);
  const remaining = count ? Math.max(0, count.remaining_videos) : null;

  if (compact) {
    const planText = count ? `${plan} plan, ${videosRemainingText(remaining ?? 0)}` : '';
    const label = isTopPlan ? planText : count ? `Upgrade: ${planText}` : 'Upgrade';
    return (
      <Link
        to={paths.subscriptionPlans}
        aria-label={label}
        title={label}
        className="relative mx-auto flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-violet-500/15 to-fuchsia-500/15 text-violet-700 ring-1 ring-violet-500/20 transition-colors hover:from-violet-500/25 hover:to-fuchsia-500/25 dark:text-violet-300"
      >
        <CrownIcon className="size-5" />
        {remaining !== null && (
          <span
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-zinc-900 px-1 text-center text-[11px] leading-5 font-semibold text-white tabular-nums dark:bg-white dark:text-zinc-900"
          >
            {remaining > 99 ? '99+' : remaining}
          </span>
        )}
      </Link>
    );
  }

  const upgrade = isTopPlan ? null : (
    <Link
      to={paths.subscriptionPlans}
      className="shrink-0 rounded-full bg-gradient-to-r from-violet-600 to-fuchsia-600 px-3 py-1 text-xs font-semibold text-white shadow-sm transition-opacity hover:opacity-90"
    >
      Upgrade
    </Link>
  );

  return (
    <section
      aria-label="Your plan"
      className="rounded-2xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent px-3.5 py-3"
    >
      {videoCount.isPending ? (
        <div role="status" className="flex animate-pulse items-center justify-between gap-3">
          <span className="sr-only">Loading your plan…</span>
          <span aria-hidden="true" className="space-y-2">
            <span className="block h-3.5 w-14 rounded bg-zinc-200 dark:bg-white/10" />
            <span className="block h-3 w-28 rounded bg-zinc-200 dark:bg-white/10" />
          </span>
          {upgrade}
        </div>
      ) : count ? (
        <>
          <div className="flex items-center justify-between gap-3">
            <p className="flex items-center gap-1.5 text-sm font-semibold">
              <CrownIcon className="size-4 text-violet-600 dark:text-violet-300" />
              {plan}
              <span className="sr-only"> plan</span>
            </p>
            {upgrade}
          </div>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {videosRemainingText(remaining ?? 0)}
          </p>
          {count.max_videos > 0 && (
            <div
              aria-hidden="true"
              className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-900/10 dark:bg-white/10"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500"
                style={{ width: `${Math.min(100, ((remaining ?? 0) / count.max_videos) * 100)}%` }}
              />
            </div>
          )}
        </>
      ) : (
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Plan details unavailable</p>
          <span className="flex items-center gap-1">
            <button
              type="button"
              onClick={() => void videoCount.refetch()}
              aria-label="Reload plan details"
              className={`${iconButtonClasses} size-7`}
            >
              <RefreshCwIcon className="size-3.5" />
            </button>
            {upgrade}
          </span>
        </div>
      )}
    </section>
  );
}
