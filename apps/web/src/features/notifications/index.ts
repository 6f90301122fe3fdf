export { NotificationsPage } from './notifications-page';
export { useNotifications, useUnreadNotificationsCount } from './api/list-notifications';
export { useLiveNotifications } from './use-live-notifications';
export { badgeText } from './notifications-cache';
