import { formatStorageSize, type Plan } from '@reelcraft/contract';
import { Link } from 'react-router';
import { CheckIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/button-styles';
import { formatPrice, paymentPath, periodLabel } from '../../../lib/plan-pricing';

/** One plan side by side with the others: price, videos per period, features and its action. */
export function PlanCard({
  plan,
  current,
  highlighted,
  checkoutAvailable,
}: {
  plan: Plan;
  current: boolean;
  /** The plan we suggest (drawn a little louder). */
  highlighted: boolean;
  /** False when this server has no order-based checkout: the Choose buttons are not offered. */
  checkoutAvailable: boolean;
}) {
  const free = plan.price === 0;
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-3xl border p-5 sm:p-6 ${
        current
          ? 'border-emerald-500/60 bg-emerald-50/60 ring-1 ring-emerald-500/40 dark:bg-emerald-500/5'
          : highlighted
            ? 'border-violet-500/50 bg-white shadow-xl shadow-violet-500/10 ring-1 ring-violet-500/30 dark:bg-zinc-900/70'
            : 'border-zinc-200 bg-white dark:border-white/10 dark:bg-zinc-900/50'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {plan.name}
        </h2>
        {current ? (
          <span className="shrink-0 rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
            Current plan
          </span>
        ) : highlighted ? (
          <span className="shrink-0 rounded-full bg-violet-600 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
            Most popular
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{plan.description}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-1.5 whitespace-nowrap">
        <span className="font-display text-3xl font-semibold tracking-tight xl:text-[2rem]">
          {formatPrice(plan.price, plan.currency)}
        </span>
        {!free && (
          <span className="text-sm text-zinc-500 dark:text-zinc-400">/ {periodLabel(plan.period_days)}</span>
        )}
      </p>
      <p className="mt-2 text-sm font-medium text-violet-700 dark:text-violet-300">
        {plan.max_videos} {plan.max_videos === 1 ? 'video' : 'videos'} every {plan.period_days} days
      </p>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
        {formatStorageSize(plan.storage_mb * 1024 * 1024)} of storage
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {free || current ? (
          <p className="flex h-10 items-center justify-center rounded-full border border-dashed border-zinc-300 text-sm text-zinc-500 dark:border-white/15 dark:text-zinc-400">
            {current ? 'Your plan' : 'Included with every account'}
          </p>
        ) : checkoutAvailable ? (
          <Link
            to={paymentPath(plan)}
            aria-label={`Choose ${plan.name}`}
            className={buttonClasses({
              variant: highlighted ? 'primary' : 'secondary',
              className: 'w-full',
            })}
          >
            Choose {plan.name}
          </Link>
        ) : (
          <p className="text-center text-sm text-zinc-500 dark:text-zinc-400">
            Online checkout is not available here.
          </p>
        )}
      </div>
    </section>
  );
}
