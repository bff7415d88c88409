import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

const text = {
  title: { type: 'string', required: true },
  body: { type: 'string', required: true },
} as const;

/** A user's in-app notification: their partition, ULID sort key (newest first when descending). */
export const notificationEntity = new Entity({
  model: { entity: 'notification', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    recipientUserId: ownerAttribute,
    id: idAttribute,
    eventId: { type: 'string', required: true, readOnly: true },
    type: {
      type: [
        'offer_received',
        'offer_updated',
        'provider_registered',
        'billing',
        'webhook',
        'order',
        'deal',
      ] as const,
      required: true,
    },
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
    byRecipient: ownedIndex('recipientUserId', ['id']),
  },
});

export type NotificationRow = EntityItem<typeof notificationEntity>;
