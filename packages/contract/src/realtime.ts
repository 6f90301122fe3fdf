import { z } from 'zod';
import { generationStateSchema } from './calls/generations';
import { notificationSchema } from './calls/notifications';

/**
 * Messages of the `/ws` socket (spec 000 section 4 leaves their shapes to us; docs/decisions/004).
 * A client authenticates with `?token=` or a first `auth` message; the server then sends `ready`
 * and every event of that user as `{type, data}`.
 */
export const socketClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  z.object({ type: z.literal('ping') }),
]);
export type SocketClientMessage = z.infer<typeof socketClientMessageSchema>;

export const socketServerMessageSchema = z.object({
  type: z.string().min(1),
  data: z.unknown(),
});
export type SocketServerMessage = z.infer<typeof socketServerMessageSchema>;

export const socketReadyDataSchema = z.object({ user_id: z.string() });

export const SOCKET_PATH = '/ws';
/** Close codes the server uses: the token was refused; no token arrived in time. */
export const SOCKET_CLOSE_UNAUTHORIZED = 4401;
/**
 * Ours (issue 19): a user's sessions ended (password reset, account deleted). Sent between server
 * instances on the event bus; each closes that user's sockets whose token no longer holds. Not sent
 * to browsers: their socket is closed with SOCKET_CLOSE_UNAUTHORIZED instead.
 */
export const SESSION_REVOKED_EVENT = 'session.revoked';
export const SOCKET_CLOSE_AUTH_TIMEOUT = 4408;

// --- Notification events (docs/decisions/004): every change of a user's notifications is pushed. ---

export const NOTIFICATION_EVENT_TYPES = {
  created: 'notification.created',
  updated: 'notification.updated',
  readAll: 'notifications.read_all',
} as const;

/**
 * A notification as pushed. The socket carries at most ~7.9 kB (PostgreSQL NOTIFY), so an oversized
 * one arrives with its texts clipped and `truncated: true`: the client then reloads it from the API.
 */
export const notificationEventDataSchema = notificationSchema.extend({
  truncated: z.literal(true).optional(),
});
export type NotificationEventData = z.infer<typeof notificationEventDataSchema>;

export const notificationsReadAllEventDataSchema = z.object({
  updated_count: z.number().int().nonnegative(),
});

/** The notification messages of the socket, parsed by `type`. */
export const notificationSocketEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(NOTIFICATION_EVENT_TYPES.created), data: notificationEventDataSchema }),
  z.object({ type: z.literal(NOTIFICATION_EVENT_TYPES.updated), data: notificationEventDataSchema }),
  z.object({ type: z.literal(NOTIFICATION_EVENT_TYPES.readAll), data: notificationsReadAllEventDataSchema }),
]);
export type NotificationSocketEvent = z.infer<typeof notificationSocketEventSchema>;

// --- Video job events: progress of text and image jobs between two polls (spec 001 section 4). ---

export const VIDEO_EVENT_TYPES = {
  progress: 'video.progress',
} as const;

/**
 * One step of a generation, pushed as it is written: the same shape `GET /generations/active`
 * answers, so a client may show either; a completed one carries the video's signed URL.
 */
export const videoProgressEventDataSchema = generationStateSchema;
export type VideoProgressEventData = z.infer<typeof videoProgressEventDataSchema>;

export const videoSocketEventSchema = z.object({
  type: z.literal(VIDEO_EVENT_TYPES.progress),
  data: videoProgressEventDataSchema,
});
export type VideoSocketEvent = z.infer<typeof videoSocketEventSchema>;
