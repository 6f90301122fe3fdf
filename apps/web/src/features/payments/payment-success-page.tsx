import {
  PAYMENT_SUCCESS_COUNTDOWN_S,
  PRO_PLAN_ASSUMED_PERIOD_DAYS,
  PRO_PLAN_ASSUMED_VIDEOS,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowRightIcon, CircleCheckIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/relative-time';
import { videoCountQueryKey } from '../../lib/video-count';
import { useSubscriptionStatus } from './api/get-subscription-status';

/** Counts down from `seconds` once a second, then calls `onDone`. */
function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = window.setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) onDone();
  }, [left, onDone]);
  return left;
}

/**
 * `/payment-success?session_id|subscription_id` (spec 000 section 2.8): the plan's status and a 10 s
 * countdown to /dashboard, with a link to go now. A card checkout's session may be unknown for a few
 * seconds (its webhook has not arrived): the status is asked again meanwhile. When it cannot be read
 * the spec's assumption stands in: the Pro plan, 30 days, 200 videos.
 */
export function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const id = search.get('session_id') ?? search.get('subscription_id');
  const status = useSubscriptionStatus(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [goToDashboard] = useState(() => () => void navigate(paths.dashboard, { replace: true }));
  const left = useCountdown(PAYMENT_SUCCESS_COUNTDOWN_S, goToDashboard);

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: videoCountQueryKey });
  }, [queryClient, status.data]);

  const subscription = status.data;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Payment successful · ReelCraft</title>
      <section
        aria-labelledby="payment-success-heading"
        className="rounded-3xl border border-zinc-200 bg-white p-6 text-center shadow-xl shadow-zinc-900/5 sm:p-8 dark:border-white/10 dark:bg-zinc-900/60 dark:shadow-black/30"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300">
          <CircleCheckIcon className="size-8" />
        </span>
        <h1 id="payment-success-heading" className="font-display mt-4 text-2xl font-semibold tracking-tight">
          Payment successful
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Thank you! Here is your subscription.</p>

        <div aria-label="Subscription status" role="region" className="mt-6 text-left">
          {id && status.isPending ? (
            <p role="status" className="flex items-center justify-center gap-2 text-sm text-zinc-500">
              <Spinner /> Confirming your subscription…
            </p>
          ) : subscription ? (
            <dl className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 text-sm dark:divide-white/10 dark:border-white/10">
              <Row term="Plan" value={subscription.plan_name} />
              <Row
                term="Status"
                value={
                  subscription.subscription_status === 'active' ? 'Active' : subscription.subscription_status
                }
              />
              <Row
                term="Videos remaining"
                value={`${Math.max(0, subscription.remaining_videos)} of ${subscription.max_videos}`}
              />
              {subscription.subscription_expiry && (
                <Row term="Renews or ends" value={formatDate(subscription.subscription_expiry)} />
              )}
            </dl>
          ) : (
            <dl className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 text-sm dark:divide-white/10 dark:border-white/10">
              <Row term="Plan" value="Pro Plan" />
              <Row term="Period" value={`${PRO_PLAN_ASSUMED_PERIOD_DAYS} days`} />
              <Row term="Videos" value={`${PRO_PLAN_ASSUMED_VIDEOS} videos`} />
            </dl>
          )}
          {id && status.isError && (
            <p className="mt-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
              Your plan details are still on their way; the dashboard will show them.
            </p>
          )}
        </div>

        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          Redirecting to your dashboard in{' '}
          <span className="font-semibold text-zinc-900 tabular-nums dark:text-white">{left}</span>{' '}
          {left === 1 ? 'second' : 'seconds'}…
        </p>
        <Link to={paths.dashboard} replace className={buttonClasses({ className: 'mt-4' })}>
          Go to dashboard now
          <ArrowRightIcon className="size-4" />
        </Link>
      </section>
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
