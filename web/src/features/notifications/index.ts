export {
  NOTIFICATIONS_QUERY_KEY,
  NOTIFICATIONS_REALTIME_KEYS,
  notificationKeys,
  useUnreadNotifications,
} from './api/queries';
