import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

const text = {
  title: { type: 'string', required: true },
  body: { type: 'string', required: true },
} as const;

/** A user's in-app notification: their partition, ULID sort key (newest first when descending). */
export const notificationEntity = new Entity({
  model: { entity: 'notification', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    recipientUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
    type: { type: ['offer_received', 'offer_updated', 'provider_registered'] as const, required: true },
    title: { type: 'string', required: true },
    body: { type: 'string', required: true },
    /** The text in every supported language; absent on notifications older than it. */
    texts: {
      type: 'map',
      properties: { en: { type: 'map', properties: text }, es: { type: 'map', properties: text } },
    },
    link: { type: 'string' },
    read: { type: 'boolean', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byRecipient: {
      pk: { field: 'pk', composite: ['recipientUserId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});

/** The unread counter, moved in the same transaction as each notification write. */
export const unreadCounterEntity = new Entity({
  model: { entity: 'unreadNotifications', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    recipientUserId: { type: 'string', required: true, readOnly: true },
    unread: { type: 'number', required: true },
  },
  indexes: {
    byRecipient: { pk: { field: 'pk', composite: ['recipientUserId'] }, sk: { field: 'sk', composite: [] } },
  },
});

/** One email send (eventId#type#recipient): claimed before sending, marked sent after. */
export const emailSendEntity = new Entity({
  model: { entity: 'notificationEmail', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    sendKey: { type: 'string', required: true, readOnly: true },
    status: { type: ['sending', 'sent'] as const, required: true },
    claimedAt: { type: 'number', required: true },
    sentAt: { type: 'number' },
    /** Spec section 9: offer_updated emails are not counted towards usage. */
    trackUsage: { type: 'boolean', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: { pk: { field: 'pk', composite: ['sendKey'] }, sk: { field: 'sk', composite: [] } },
  },
});
