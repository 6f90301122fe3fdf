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
import type { ModuleContext } from '../../platform/module-context';
import { createNotificationsService } from './create-notifications-service';

/**
 * The notification calls of spec 000 section 7. The router prefers static segments, so
 * `/notifications/read-all` and `/notifications/by-session/...` never reach the `:id` routes.
 */
export async function notificationsRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = createNotificationsService(platform);

  registerCall(app, createNotification, ({ body, request }) => service.create(requireUser(request).id, body));
  registerCall(app, listNotifications, ({ query, request }) =>
    service.list(requireUser(request).id, { limit: query.limit }),
  );
  registerCall(app, markAllNotificationsRead, ({ request }) => service.markAllRead(requireUser(request).id));
  registerCall(app, updateNotificationsBySession, ({ params, body, request }) =>
    service.updateBySession(requireUser(request).id, params.sessionId, body),
  );
  registerCall(app, updateNotification, ({ params, body, request }) =>
    service.update(requireUser(request).id, params.id, body),
  );
  registerCall(app, markNotificationRead, ({ params, request }) =>
    service.markRead(requireUser(request).id, params.id),
  );
}
