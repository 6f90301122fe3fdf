import type { FastifyInstance } from 'fastify';
import {
  createNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotification,
  updateNotificationsBySession,
} from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { NotificationsService } from './notifications.service';

/**
 * The notification calls of spec 000 section 7. The router prefers static segments, so
 * `/notifications/read-all` and `/notifications/by-session/...` never reach the `:id` routes.
 */
export async function notificationsRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, notifications }: RouteContext & { notifications: NotificationsService },
): Promise<void> {
  registerCall(app, createNotification, async ({ body, request }) => {
    const userId = requireUser(request).id;
    await userLimits.take('notifications', userId);
    return notifications.create(userId, body);
  });
  registerCall(app, listNotifications, ({ query, request }) =>
    notifications.list(requireUser(request).id, { limit: query.limit }),
  );
  registerCall(app, markAllNotificationsRead, ({ request }) =>
    notifications.markAllRead(requireUser(request).id),
  );
  registerCall(app, updateNotificationsBySession, ({ params, body, request }) =>
    notifications.updateBySession(requireUser(request).id, params.sessionId, body),
  );
  registerCall(app, updateNotification, ({ params, body, request }) =>
    notifications.update(requireUser(request).id, params.id, body),
  );
  registerCall(app, markNotificationRead, ({ params, request }) =>
    notifications.markRead(requireUser(request).id, params.id),
  );
}
