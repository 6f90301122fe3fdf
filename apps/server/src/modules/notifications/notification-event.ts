import type { Notification, NotificationEventData } from '@reelcraft/contract';

/**
 * Room for a notification in one event: the bus refuses NOTIFY payloads over 7900 bytes, and the
 * envelope (user id, type) takes the rest.
 */
export const NOTIFICATION_EVENT_MAX_BYTES = 7_000;

const ELLIPSIS = '…';

function byteSize(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** The longest prefix of `text` (whole code points, plus an ellipsis) that keeps `fits` true. */
function clipToFit(text: string, fits: (clipped: string) => boolean): string | undefined {
  const codePoints = Array.from(text);
  const clip = (length: number) => codePoints.slice(0, length).join('') + ELLIPSIS;
  if (!fits(clip(0))) return undefined;
  let low = 0;
  let high = codePoints.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(clip(middle))) low = middle;
    else high = middle - 1;
  }
  return clip(low);
}

/**
 * The notification as a socket event: whole when it fits; otherwise the message, then the title are
 * clipped and, as a last resort, the link dropped, and `truncated` tells the client to reload it.
 */
export function notificationEventData(
  notification: Notification,
  maxBytes = NOTIFICATION_EVENT_MAX_BYTES,
): NotificationEventData {
  if (byteSize(notification) <= maxBytes) return notification;
  const data: NotificationEventData = { ...notification, truncated: true };
  for (const field of ['message', 'title'] as const) {
    if (byteSize(data) <= maxBytes) return data;
    data[field] =
      clipToFit(data[field], (clipped) => byteSize({ ...data, [field]: clipped }) <= maxBytes) ?? '';
  }
  if (byteSize(data) > maxBytes) data.link = null;
  return data;
}
