import type { Platform } from '../../platform/platform';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** The service wired to a process's database and event bus: what routes and job handlers use. */
export function createNotificationsService(
  platform: Pick<Platform, 'database' | 'bus' | 'logger'>,
): NotificationsService {
  return new NotificationsService(
    new NotificationsRepository(platform.database.orm),
    platform.bus,
    platform.logger.child({ component: 'notifications' }),
  );
}
