import { LIST_MAX_LIMIT, NOTIFICATION_BADGE_CAP, type Notification } from '@reelcraft/contract';

// Pure updates of the cached notification list (newest first), shared by the calls' optimistic
// updates and the socket events, so both change the list the same way.

export const notificationsQueryKey = ['notifications', 'list'] as const;

function newestFirst(a: Notification, b: Notification): number {
  return Date.parse(b.timestamp) - Date.parse(a.timestamp);
}

/** The list with `notification` replacing its old version, or added in timestamp order. */
export function upsertNotification(
  list: readonly Notification[],
  notification: Notification,
): Notification[] {
  const index = list.findIndex((item) => item.id === notification.id);
  if (index >= 0) return list.map((item, at) => (at === index ? notification : item));
  return [notification, ...list].sort(newestFirst).slice(0, LIST_MAX_LIMIT);
}

export function markNotificationReadIn(list: readonly Notification[], id: string): Notification[] {
  return list.map((item) => (item.id === id && !item.read ? { ...item, read: true } : item));
}

export function markAllNotificationsReadIn(list: readonly Notification[]): Notification[] {
  return list.map((item) => (item.read ? item : { ...item, read: true }));
}

export function countUnread(list: readonly Notification[]): number {
  return list.reduce((count, item) => (item.read ? count : count + 1), 0);
}

/** The badge's text: the count, capped at NOTIFICATION_BADGE_CAP (99) as "99+"; empty for none. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}
