import { FREE_PLAN_ID, type Plan } from '@reelcraft/contract';
import { CircleAlertIcon, CrownIcon, RefreshCwIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { useCurrentUser } from '../../lib/session';
import { planName, useVideoCount } from '../../lib/video-count';
import { useOrderedPlans } from './use-ordered-plans';
import { usePaymentConfig } from '../../lib/payment-config';
import { PlanCard } from './components/plan-card';
import { StripePricingTable } from './components/stripe-pricing-table';
import { TestModeBadge } from '../../components/test-mode-badge';
import { currentPlanId } from './current-plan';

/** The plan we suggest: the middle paid plan when there are three or more. */
function highlightedPlanId(plans: readonly Plan[]): string | null {
  const paid = plans.filter((plan) => plan.price > 0);
  return paid.length >= 3 ? (paid[Math.floor((paid.length - 1) / 2)]?.id ?? null) : null;
}

function PlansSkeleton() {
  return (
    <div role="status" className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
      <span className="sr-only">Loading plans…</span>
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-96 animate-pulse rounded-3xl border border-zinc-200 bg-zinc-100 dark:border-white/10 dark:bg-white/5"
        />
      ))}
    </div>
  );
}

/**
 * `/subscription-plans`: the plans side by side (price, videos per period, features), the user's
 * current plan marked, a Choose button per paid plan leading to /payment, and the card provider's
 * pricing table when the server has one configured.
 */
export function SubscriptionPlansPage() {
  const user = useCurrentUser();
  const plans = useOrderedPlans();
  const config = usePaymentConfig();
  const { data: count } = useVideoCount();
  if (!user) return null;

  const list = plans.data ?? [];
  const current = currentPlanId(count);
  const highlighted = highlightedPlanId(list);
  const checkoutAvailable = config.data?.order_provider != null;
  const stripe = config.data?.stripe ?? null;
  const remaining = count ? Math.max(0, count.remaining_videos) : null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>Plans · ReelCraft</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Plans</h1>
          <p className="mt-2 max-w-2xl text-zinc-600 dark:text-zinc-400">
            Pick the number of videos you need every period. Upgrade any time: the videos you have left carry
            over.
          </p>
        </div>
        {config.data?.test_mode && <TestModeBadge className="self-start sm:self-auto" />}
      </div>

      {count && (
        <p
          aria-label="Your current plan"
          className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl border border-violet-500/20 bg-violet-500/5 px-4 py-3 text-sm"
        >
          <CrownIcon className="size-4 text-violet-600 dark:text-violet-300" />
          <span>
            You are on the <strong>{count.has_subscription ? 'Premium' : 'Free'}</strong> plan
            {current && current !== FREE_PLAN_ID ? ` (${planName(count)})` : ''}.
          </span>{' '}
          <span className="text-zinc-600 dark:text-zinc-400">
            {remaining} of {count.max_videos} videos left this period.
          </span>
        </p>
      )}

      <div className="mt-8">
        {plans.isPending ? (
          <PlansSkeleton />
        ) : plans.isError ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-4 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800 dark:border-red-500/25 dark:bg-red-500/10 dark:text-red-200"
          >
            <p className="flex items-center gap-2">
              <CircleAlertIcon className="size-5" /> The plans could not be loaded.
            </p>
            <button
              type="button"
              onClick={() => void plans.refetch()}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <RefreshCwIcon className="size-4" /> Try again
            </button>
          </div>
        ) : (
          <div
            className={`grid gap-5 md:grid-cols-2 ${list.length >= 4 ? 'xl:grid-cols-4' : 'xl:grid-cols-3'}`}
          >
            {list.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={plan.id === current}
                highlighted={plan.id === highlighted}
                checkoutAvailable={checkoutAvailable}
              />
            ))}
          </div>
        )}
      </div>

      {config.data && !checkoutAvailable && !stripe && (
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          Online payments are not set up on this server. Ask its administrator to change your plan.
        </p>
      )}

      {stripe && (
        <section aria-label="Pay by card" className="mt-12">
          <h2 className="text-xl font-semibold">Pay by card</h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Subscribe through our card payment partner; your plan starts as soon as the payment is confirmed.
          </p>
          <div className="mt-6">
            <StripePricingTable
              pricingTableId={stripe.pricing_table_id}
              publishableKey={stripe.publishable_key}
              userId={user.id}
              email={user.email}
            />
          </div>
        </section>
      )}
    </div>
  );
}
