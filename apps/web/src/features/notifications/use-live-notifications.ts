import { useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_EVENT_TYPES,
  notificationSocketEventSchema,
  notificationUiType,
  type Notification,
} from '@reelcraft/contract';
import { useToast } from '../../components/toast';
import { useRealtimeEvent, useRealtimeReady } from '../../lib/realtime';
import { isSessionWatched } from '../../lib/watched-sessions';
import { patchNotificationRead } from './api/mark-notification-read';
import { markAllNotificationsReadIn, notificationsQueryKey, upsertNotification } from './notifications-cache';

const EVENT_TYPES = Object.values(NOTIFICATION_EVENT_TYPES);

/**
 * Whether a pushed notification is news worth a toast: a new one, or a background job's notification
 * that just reached its outcome (pending -> completed/failed). Read-state changes are not news.
 */
function isArrival(type: string, notification: Notification, previous: Notification | undefined): boolean {
  if (type === NOTIFICATION_EVENT_TYPES.created) return previous === undefined;
  return notification.status !== 'pending' && !notification.read && previous?.status !== notification.status;
}

/**
 * Keeps the cached notification list live from /ws (docs/decisions/004): created and updated ones are
 * put in place, read_all marks everything read, a clipped (`truncated`) one is reloaded, and after a
 * reconnect the list is reloaded because events of the gap are lost. A job notification that arrives
 * shows a toast on whatever screen is open, unless that screen is the job's own, watched to its end:
 * its outcome is then marked read at once. Mounted once, by the application shell.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const toast = useToast();

  const reload = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });

  useRealtimeEvent(EVENT_TYPES, (message) => {
    const parsed = notificationSocketEventSchema.safeParse(message);
    if (!parsed.success) {
      reload();
      return;
    }
    const event = parsed.data;
    // A list still loading may predate this event: load it again rather than lose the event.
    const loading = queryClient.getQueryState(notificationsQueryKey)?.fetchStatus === 'fetching';

    if (event.type === NOTIFICATION_EVENT_TYPES.readAll) {
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list ? markAllNotificationsReadIn(list) : list,
      );
      if (loading) reload();
      return;
    }

    const { truncated, ...received } = event.data;
    // The outcome of a job the user watched finish on screen is not news: it is kept, as read.
    const watchedOutcome =
      received.status !== 'pending' && !received.read && isSessionWatched(received.session_id);
    const notification = watchedOutcome ? { ...received, read: true } : received;
    if (watchedOutcome) {
      patchNotificationRead(notification.id).catch(() => reload());
    }
    const previous = queryClient
      .getQueryData<Notification[]>(notificationsQueryKey)
      ?.find((item) => item.id === notification.id);
    queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
      list ? upsertNotification(list, notification) : list,
    );
    if (truncated || loading) reload();

    if (!watchedOutcome && isArrival(event.type, notification, previous)) {
      toast.show({
        tone: notificationUiType(notification.status),
        title: notification.title,
        message: notification.message,
        action: notification.link ? { label: 'View', to: notification.link } : undefined,
      });
    }
  });

  useRealtimeReady(({ resumed }) => {
    if (resumed) reload();
  });
}
