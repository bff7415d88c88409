import { Entity } from '@sneakers/shared/table/entity';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** The unread counter, moved in the same transaction as each notification write. */
export const unreadCounterEntity = new Entity({
  model: { entity: 'unreadNotifications', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    recipientUserId: ownerAttribute,
    unread: { type: 'number', required: true },
  },
  indexes: {
    byRecipient: ownedIndex('recipientUserId', []),
  },
});
