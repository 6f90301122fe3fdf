import { ArrowLeftIcon, MessageSquareTextIcon } from 'lucide-react';
import { useOpenFeedback } from '../../components/feedback-opener';
import { Link } from 'react-router';
import { InitialsAvatar } from '../../components/avatar';
import { buttonClasses } from '../../components/button-styles';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { StorageUsage } from './storage-usage';

/**
 * `/my-details` (spec 000 section 2.7): the account's initials, full name and email, read-only, the
 * storage it uses of its plan's allowance (ours, issue 37), and a way to give feedback. The route
 * guard sends signed-out visitors to /login.
 */
export function MyDetailsPage() {
  const user = useCurrentUser();
  const openFeedback = useOpenFeedback();
  if (!user) return null;
  const name = user.full_name || user.email;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <title>My Details · ReelCraft</title>
      <Link
        to={paths.dashboard}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3.5' })}
      >
        <ArrowLeftIcon className="size-4" />
        Back
      </Link>
      <h1 className="font-display mt-4 text-3xl font-semibold tracking-tight">My Details</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        The details of the account you are signed in with.
      </p>

      <section
        aria-label="Account details"
        className="mt-8 overflow-hidden rounded-3xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/5 dark:border-white/10 dark:bg-zinc-900/60 dark:shadow-black/30"
      >
        <div className="flex items-center gap-4 border-b border-zinc-200 px-6 py-6 sm:px-8 dark:border-white/10">
          <InitialsAvatar name={name} className="size-16 text-xl" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{name}</p>
            <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </div>
        </div>
        <dl className="divide-y divide-zinc-200 px-6 sm:px-8 dark:divide-white/10">
          <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-zinc-500 dark:text-zinc-400">Full name</dt>
            <dd className="text-sm break-words sm:col-span-2">{user.full_name || '—'}</dd>
          </div>
          <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-zinc-500 dark:text-zinc-400">Email</dt>
            <dd className="text-sm break-words sm:col-span-2">{user.email}</dd>
          </div>
        </dl>
      </section>

      <StorageUsage />

      <div className="mt-8 flex flex-col gap-4 rounded-2xl border border-zinc-200 px-6 py-5 sm:flex-row sm:items-center sm:justify-between dark:border-white/10">
        <div>
          <p className="text-sm font-semibold">Something to tell us?</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Ideas, problems, praise: it all helps.
          </p>
        </div>
        <button
          type="button"
          onClick={() => openFeedback()}
          className={buttonClasses({ variant: 'secondary' })}
        >
          <MessageSquareTextIcon className="size-4" />
          Give Feedback
        </button>
      </div>
    </div>
  );
}
