import { defaultFailure } from '@reelcraft/contract';
import { BellIcon, CheckCheckIcon, CircleAlertIcon, RefreshCwIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useNow } from '../../lib/use-now';
import { useNotifications } from './api/list-notifications';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { NotificationItem } from './components/notification-item';
import { countUnread } from './notifications-cache';

/**
 * `/notifications` (spec 000 sections 2.1 and 4; layout ours): the user's notifications newest first,
 * unread ones marked, each leading to what it is about; mark one or all read. The list is the cached
 * one the shell keeps live from /ws, so new ones appear without a reload.
 */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const now = useNow();
  const list = notifications.data ?? [];
  const unread = countUnread(list);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Notifications · ReelCraft</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Notifications</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {notifications.isPending
              ? 'Loading…'
              : unread > 0
                ? `${unread} unread`
                : list.length > 0
                  ? 'You are all caught up.'
                  : 'Updates about your videos and your plan.'}
          </p>
        </div>
        {list.length > 0 && (
          <button
            type="button"
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0 || markAllRead.isPending}
            className={buttonClasses({
              variant: 'secondary',
              size: 'sm',
              className: 'self-start sm:self-auto',
            })}
          >
            {markAllRead.isPending ? <Spinner /> : <CheckCheckIcon className="size-4" />}
            Mark all as read
          </button>
        )}
      </div>

      <div className="mt-8">
        {notifications.isPending ? (
          <NotificationsSkeleton />
        ) : notifications.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-12 text-center dark:border-white/10"
          >
            <CircleAlertIcon className="size-8 text-red-500" />
            <p className="mt-3 font-semibold">{defaultFailure('load notifications')}</p>
            <button
              type="button"
              onClick={() => void notifications.refetch()}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-5' })}
            >
              <RefreshCwIcon className="size-4" />
              Try again
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-white/15">
            <span className="flex size-14 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
              <BellIcon className="size-7" />
            </span>
            <p className="mt-4 font-semibold">No notifications yet</p>
            <p className="mt-1.5 max-w-sm text-sm leading-6 text-zinc-600 dark:text-zinc-400">
              When a video finishes in the background or something changes on your plan, you will find it
              here.
            </p>
          </div>
        ) : (
          <ul
            aria-label="Notifications"
            className="divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:divide-white/10 dark:border-white/10 dark:bg-white/[0.02]"
          >
            {list.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onMarkRead={() => markRead.mutate(notification.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function NotificationsSkeleton() {
  return (
    <div role="status" className="overflow-hidden rounded-2xl border border-zinc-200 dark:border-white/10">
      <span className="sr-only">Loading notifications…</span>
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex animate-pulse gap-4 border-b border-zinc-200 p-5 last:border-0 dark:border-white/10"
        >
          <span className="size-10 shrink-0 rounded-full bg-zinc-200 dark:bg-white/10" />
          <span className="flex-1 space-y-2.5 py-1">
            <span className="block h-3.5 w-1/3 rounded bg-zinc-200 dark:bg-white/10" />
            <span className="block h-3 w-3/4 rounded bg-zinc-200 dark:bg-white/10" />
            <span className="block h-3 w-20 rounded bg-zinc-200 dark:bg-white/10" />
          </span>
        </div>
      ))}
    </div>
  );
}
