import type { Orm } from '../../platform/db/database';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService, type NotificationEventPublisher } from './notifications.service';

/** The service wired to the database and event bus; built once, in services.ts. */
export function createNotificationsService(deps: {
  orm: Orm;
  bus: NotificationEventPublisher;
  logger: ConstructorParameters<typeof NotificationsService>[2];
}): NotificationsService {
  return new NotificationsService(new NotificationsRepository(deps.orm), deps.bus, deps.logger);
}
