export { notificationsRoutes } from './notifications.routes';
export { createNotificationsService } from './create-notifications-service';
export {
  NotificationsService,
  type NewNotificationInput,
  type NotificationEventPublisher,
  type NotificationUpdateInput,
} from './notifications.service';
export { NotificationsRepository } from './notifications.repository';
export { notifications, type NotificationRow } from './notifications.schema';
