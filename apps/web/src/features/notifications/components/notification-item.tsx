import { notificationUiType, type Notification } from '@reelcraft/contract';
import { Link } from 'react-router';
import { CheckIcon, CircleAlertIcon, CircleCheckIcon, ClockIcon } from 'lucide-react';
import { iconButtonClasses } from '../../../components/button-styles';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';

// The status words say how a job went; a notice about the account (a subscription activated, renewed
// or ended) is no job, and "Completed" or "Failed" under it would be wrong, so it carries no word.
const statusLooks = {
  success: {
    icon: <CircleCheckIcon className="size-5" />,
    label: 'Completed',
    classes: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
  },
  error: {
    icon: <CircleAlertIcon className="size-5" />,
    label: 'Failed',
    classes: 'bg-red-500/10 text-red-600 dark:text-red-400',
  },
  info: {
    icon: <ClockIcon className="size-5" />,
    label: 'In progress',
    classes: 'bg-violet-500/10 text-violet-600 dark:text-violet-300',
  },
} as const;

/**
 * One notification: its outcome (the UI type of spec 000 section 3), title, message and age. Unread
 * ones stand out and can be marked read; the title leads to what it is about (an in-app path) and
 * marks it read on the way.
 */
export function NotificationItem({
  notification,
  now,
  onMarkRead,
}: {
  notification: Notification;
  now: number;
  onMarkRead: () => void;
}) {
  const look = statusLooks[notificationUiType(notification.status)];
  const aboutAJob = notification.session_id !== null || notification.video_id !== null;
  const unread = !notification.read;
  const time = new Date(notification.timestamp);
  return (
    <li
      className={`relative flex gap-4 px-4 py-4 sm:px-5 ${unread ? 'bg-violet-50/70 dark:bg-violet-500/[0.07]' : ''}`}
    >
      {unread && (
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-1.5 size-1.5 -translate-y-1/2 rounded-full bg-violet-500"
        />
      )}
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${look.classes}`}>
        {look.icon}
      </span>
      <div className="min-w-0 flex-1">
        <h2
          className={`text-sm leading-6 break-words ${unread ? 'font-semibold text-zinc-900 dark:text-white' : 'font-medium text-zinc-700 dark:text-zinc-300'}`}
        >
          {unread && <span className="sr-only">Unread: </span>}
          {notification.link ? (
            <Link
              to={notification.link}
              onClick={() => {
                if (unread) onMarkRead();
              }}
              className="rounded hover:text-violet-700 hover:underline dark:hover:text-violet-300"
            >
              {notification.title}
            </Link>
          ) : (
            notification.title
          )}
        </h2>
        <p className="mt-0.5 text-sm leading-6 break-words text-zinc-600 dark:text-zinc-400">
          {notification.message}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
          <time dateTime={notification.timestamp} title={formatDateTime(time)}>
            {formatRelativeTime(time, now)}
          </time>
          {aboutAJob && (
            <>
              <span aria-hidden="true">·</span>
              <span>{look.label}</span>
            </>
          )}
        </p>
      </div>
      {unread && (
        <button
          type="button"
          onClick={onMarkRead}
          aria-label={`Mark “${notification.title}” as read`}
          title="Mark as read"
          className={`${iconButtonClasses} -mr-1 size-9 shrink-0 self-center`}
        >
          <CheckIcon className="size-4.5" />
        </button>
      )}
    </li>
  );
}
