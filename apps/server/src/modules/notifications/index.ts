export { notificationsRoutes } from './notifications.routes';
export { createNotificationsService } from './create-notifications-service';
export {
  NotificationsService,
  type NewNotificationInput,
  type NotificationEventPublisher,
  type NotificationUpdateInput,
} from './notifications.service';
