import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from 'lucide-react';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { generationBlockedMessage, isGenerationAllowed, useVideoCount } from '../../lib/video-count';
import { CreditCounter } from './components/credit-counter';
import { FeatureCards } from './components/feature-cards';
import { UpgradeBanner } from './components/upgrade-banner';

/**
 * `/dashboard` (spec 000 section 2.6): the credit counter, the Upgrade Now banner while generation is
 * not allowed, the feature cards (their generation buttons disabled while the count loads, when it
 * failed, or when the gate says no) and the recent projects.
 */
export function DashboardPage({
  recentProjects,
}: {
  /**
   * The Recent Projects section. It belongs to the videos feature (GET /videos/recent-projects), which
   * this feature may not import, so the app composes it in (app/dashboard-screen.tsx).
   */
  recentProjects: ReactNode;
}) {
  const user = useCurrentUser();
  const videoCount = useVideoCount();
  if (!user) return null;

  const count = videoCount.data;
  const blockedMessage = count ? generationBlockedMessage(count) : null;
  // A failed background refresh keeps the last count on screen; only no count at all is a failure.
  const generationEnabled = count !== undefined && isGenerationAllowed(count);
  const firstName = user.full_name.trim().split(/\s+/)[0] || user.email;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>Dashboard · ReelCraft</title>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Dashboard</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">Hi {firstName}, what will you create today?</p>
        </div>
        <CreditCounter
          count={count}
          loading={videoCount.isPending}
          failed={videoCount.isError && !count}
          retrying={videoCount.isFetching}
          onRetry={() => void videoCount.refetch()}
        />
      </div>

      <div className="mt-8 space-y-10">
        {!user.is_onboarded && (
          <div className="flex flex-col gap-4 rounded-2xl border border-violet-500/30 bg-violet-500/10 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-semibold">Finish setting up your workspace</p>
              <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                Three quick questions, under a minute.
              </p>
            </div>
            <Link
              to={paths.onboarding}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-full bg-violet-600 px-4 text-sm font-medium text-white hover:bg-violet-500"
            >
              Continue setup
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        )}

        {blockedMessage && <UpgradeBanner message={blockedMessage} />}
        <FeatureCards generationEnabled={generationEnabled} />
        {recentProjects}
      </div>
    </div>
  );
}
