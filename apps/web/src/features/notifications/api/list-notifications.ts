import { queryOptions, useQuery } from '@tanstack/react-query';
import { listNotifications, type Notification } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';
import { countUnread, notificationsQueryKey } from '../notifications-cache';
import { isSwallowedNotificationError } from './notification-errors';

/**
 * GET /notifications/: the user's notifications, newest first (the server's whole list, bounded by
 * LIST_MAX_LIMIT, so the badge can count past the cap of 99). A 401 or no answer reads as an empty
 * list (spec 000 section 8); the socket's next `ready` reloads it.
 */
export async function fetchNotifications(signal?: AbortSignal): Promise<Notification[]> {
  try {
    return await callApi(listNotifications, { signal });
  } catch (error) {
    if (isSwallowedNotificationError(error)) return [];
    throw error;
  }
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => fetchNotifications(signal),
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** How many notifications are unread, from the same cached list the page shows; 0 until it loads. */
export function useUnreadNotificationsCount(): number {
  const { data } = useQuery({ ...notificationsQueryOptions(), select: countUnread });
  return data ?? 0;
}
