import * as z from 'zod/mini';
import { pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { LANGUAGES } from './profiles';

/**
 * The notifications service: in-app notifications with an unread count. Each notification
 * is stored in every supported language; the list answers in the `language` asked for (the
 * SPA's), else in the recipient's profile language, so switching the UI language re-renders
 * notifications received before the switch.
 */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum([
    'offer_received',
    'offer_updated',
    'provider_registered',
    'billing',
    'webhook',
    'order',
    'deal',
  ]),
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotifications = defineContract({
  id: 'notifications.list',
  method: 'GET',
  path: '/api/notifications',
  auth: 'user',
  query: z.object({ ...pageQuery(100), language: z.optional(z.enum(LANGUAGES)) }),
  response: z.object({
    notifications: z.array(notificationSchema),
    unread: z.int(),
    cursor: z.nullable(z.string()),
  }),
});

export const markNotificationRead = defineContract({
  id: 'notifications.markRead',
  method: 'POST',
  path: '/api/notifications/{notificationId}/read',
  auth: 'user',
  params: z.object({ notificationId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: z.object({ language: z.optional(z.enum(LANGUAGES)) }),
  response: z.object({ notification: notificationSchema }),
  // Reading state: a read-only account reads everything, including its billing notices (docs/adr/0021).
  subscriptionExempt: true,
});

export const notificationsContracts = [listNotifications, markNotificationRead] as const;
