import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** The one value of `emailQueue`: every due counter shares the sweep's gsi3 partition. */
export const EMAIL_QUEUE = 'due';

/**
 * A user's unread messages over all their conversations (`pk = userId`): the sidebar's
 * badge is one GetItem. While some are unread and not yet emailed, `emailQueue` and
 * `emailDueAt` put the row in gsi3 (sparse: both are removed when it is emailed or read),
 * so the email sweep Queries the due ones (`emailDueAt <= now`) and never scans.
 */
export const unreadCounterEntity = new Entity({
  model: { entity: 'messagingUnreadCounter', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    total: { type: 'number', required: true },
    emailQueue: { type: [EMAIL_QUEUE] as const },
    emailDueAt: { type: 'string' },
    lastConversationId: { type: 'string' },
    lastSenderName: { type: 'string' },
    lastPreview: { type: 'string' },
  },
  indexes: {
    byUser: ownedIndex('userId', []),
    emailDue: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['emailQueue'] },
      sk: { field: 'gsi3sk', composite: ['emailDueAt', 'userId'] },
    },
  },
});

export type UnreadCounterItem = EntityItem<typeof unreadCounterEntity>;
