import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * A user's inbox changed: the realtime service tells that user's open browsers to refetch
 * their notifications (the sidebar's unread badge). Ids only: the browser reads the rest.
 */
const inboxChange = z.object({
  notificationId: z.string(),
  recipientUserId: z.string(),
});

/** A new in-app notification. */
export const notificationAdded = defineEvent({
  detailType: 'Notification.Added',
  version: 1,
  domain: 'notifications',
  data: inboxChange,
});

/** A notification marked read (once: marking it again publishes nothing). */
export const notificationRead = defineEvent({
  detailType: 'Notification.Read',
  version: 1,
  domain: 'notifications',
  data: inboxChange,
});
