import { z } from 'zod';
import { defineCall } from '../define-call';
import {
  appPathSchema,
  idParamsSchema,
  idSchema,
  isoDateTimeSchema,
  limitQuerySchema,
} from '../shared-schemas';

const TAG = 'notifications';

export const notificationStatusSchema = z.enum(['pending', 'completed', 'failed']);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  status: notificationStatusSchema,
  read: z.boolean(),
  timestamp: isoDateTimeSchema,
  link: z.string().nullable(),
  video_id: z.string().nullable(),
  /** Ours: the job session the notification follows, so PATCH /notifications/by-session/:sessionId finds it. */
  session_id: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The UI's kind of a notification, derived from its status. */
export const notificationUiTypeSchema = z.enum(['error', 'success', 'info']);
export type NotificationUiType = z.infer<typeof notificationUiTypeSchema>;

export function notificationUiType(status: NotificationStatus): NotificationUiType {
  if (status === 'failed') return 'error';
  if (status === 'completed') return 'success';
  return 'info';
}

/**
 * A notification the web app made itself (when the server was unreachable) carries these extra fields
 * (spec 000 section 3), in the spec's camelCase.
 */
export const localNotificationSchema = notificationSchema.extend({
  type: notificationUiTypeSchema,
  sessionId: z.string().optional(),
  success: z.boolean().optional(),
});
export type LocalNotification = z.infer<typeof localNotificationSchema>;

const notificationTextFields = {
  title: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(2000),
};

export const createNotificationBodySchema = z.object({
  ...notificationTextFields,
  status: notificationStatusSchema.default('pending'),
  link: appPathSchema.nullable().optional(),
  video_id: idSchema.nullable().optional(),
  session_id: idSchema.nullable().optional(),
});
export type CreateNotificationBody = z.infer<typeof createNotificationBodySchema>;

export const createNotification = defineCall({
  name: 'createNotification',
  method: 'POST',
  path: '/notifications',
  auth: 'bearer',
  tag: TAG,
  summary: 'Create a notification for the signed-in user',
  body: createNotificationBodySchema,
  successStatus: 201,
  response: notificationSchema,
});

/** Newest first; without a limit the server answers its whole list (bounded by LIST_MAX_LIMIT). */
export const listNotifications = defineCall({
  name: 'listNotifications',
  method: 'GET',
  path: '/notifications',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's notifications, newest first",
  query: z.object({ limit: limitQuerySchema.optional() }),
  response: z.array(notificationSchema),
});

/** Body not shown in the spec: ours changes any of these fields, at least one. */
export const updateNotificationBodySchema = z
  .object({
    ...notificationTextFields,
    status: notificationStatusSchema,
    read: z.boolean(),
    link: appPathSchema.nullable(),
    video_id: idSchema.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateNotificationBody = z.infer<typeof updateNotificationBodySchema>;

export const updateNotification = defineCall({
  name: 'updateNotification',
  method: 'PATCH',
  path: '/notifications/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Change a notification',
  params: idParamsSchema,
  body: updateNotificationBodySchema,
  response: notificationSchema,
});

export const markNotificationRead = defineCall({
  name: 'markNotificationRead',
  method: 'PATCH',
  path: '/notifications/:id/read',
  auth: 'bearer',
  tag: TAG,
  summary: 'Mark a notification read',
  params: idParamsSchema,
  response: notificationSchema,
});

/**
 * Turns the "processing" notification of a background job into its outcome. The body is the same as
 * PATCH /notifications/:id; the answer lists what changed (empty when the session has none).
 */
export const updateNotificationsBySession = defineCall({
  name: 'updateNotificationsBySession',
  method: 'PATCH',
  path: '/notifications/by-session/:sessionId',
  auth: 'bearer',
  tag: TAG,
  summary: 'Change the notifications of a job session',
  params: z.object({ sessionId: idSchema }),
  body: updateNotificationBodySchema,
  response: z.array(notificationSchema),
});

export const markAllNotificationsRead = defineCall({
  name: 'markAllNotificationsRead',
  method: 'PATCH',
  path: '/notifications/read-all',
  auth: 'bearer',
  tag: TAG,
  summary: 'Mark every notification of the signed-in user read',
  response: z.object({ updated_count: z.number().int().nonnegative() }),
});
