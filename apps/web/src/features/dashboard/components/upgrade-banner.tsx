import { Link } from 'react-router';
import { ArrowRightIcon, CircleAlertIcon } from 'lucide-react';
import { paths } from '../../../lib/paths';

/** The Upgrade Now banner (spec 000 section 2.6), shown while generation is not allowed. */
export function UpgradeBanner({ message }: { message: string }) {
  return (
    <section
      aria-label="Generation blocked"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300/70 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400/25 dark:bg-amber-400/10"
    >
      <p className="flex items-start gap-3 text-sm leading-6 text-amber-900 dark:text-amber-100">
        <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-300" />
        <span>
          <span className="block font-semibold">You cannot create new videos right now</span>
          {message}
        </span>
      </p>
      <Link
        to={paths.subscriptionPlans}
        className="inline-flex h-10 shrink-0 items-center justify-center gap-2 self-start rounded-full bg-amber-500 px-4 text-sm font-semibold text-zinc-950 shadow-sm transition-colors hover:bg-amber-400 sm:self-auto"
      >
        Upgrade Now
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  );
}
