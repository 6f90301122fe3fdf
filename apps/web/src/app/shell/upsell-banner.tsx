import { Link, useLocation } from 'react-router';
import { CrownIcon, XIcon } from 'lucide-react';
import { iconButtonClasses } from '../../components/button-styles';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { isGenerationAllowed, isSubscribed, useVideoCount } from '../../lib/video-count';
import { dismissUpsell, useUpsellDismissed } from './upsell-dismissal';

/**
 * The subscription upsell (spec 000 section 2.5): a slim bar above every screen while the user has no
 * paid plan, until the user dismisses it (remembered for that user on this browser). Left out where
 * it would repeat a stronger call (the plans screen; the dashboard while its Upgrade Now banner shows)
 * or get in the way (the first-time setup; the checkout, where the user is already buying).
 */
export function UpsellBanner() {
  const user = useCurrentUser();
  const { data: count } = useVideoCount();
  const { pathname } = useLocation();
  const dismissed = useUpsellDismissed(user?.id);
  if (!user || dismissed || isSubscribed(count, user)) return null;
  const hiddenOn: string[] = [paths.subscriptionPlans, paths.payment, paths.onboarding];
  if (hiddenOn.includes(pathname)) return null;
  if (pathname === paths.dashboard && count && !isGenerationAllowed(count)) return null;

  return (
    <section
      aria-label="Upgrade your plan"
      className="border-b border-violet-500/15 bg-gradient-to-r from-violet-600/10 via-fuchsia-500/10 to-transparent"
    >
      <div className="flex items-center gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <CrownIcon className="hidden size-4.5 shrink-0 text-violet-600 sm:block dark:text-violet-300" />
        <p className="min-w-0 flex-1 text-sm text-zinc-700 dark:text-zinc-300">
          <span className="font-semibold text-zinc-900 dark:text-white">You are on the Free plan.</span>
          <span className="hidden sm:inline"> Upgrade to make more videos every month.</span>
        </p>
        <Link
          to={paths.subscriptionPlans}
          className="shrink-0 rounded-full bg-violet-600 px-3.5 py-1.5 text-sm font-semibold text-white transition-colors hover:bg-violet-500"
        >
          See plans
        </Link>
        <button
          type="button"
          onClick={() => dismissUpsell(user.id)}
          aria-label="Dismiss upgrade message"
          className={`${iconButtonClasses} size-8 shrink-0`}
        >
          <XIcon className="size-4" />
        </button>
      </div>
    </section>
  );
}
