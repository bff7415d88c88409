import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A user's Deals badge (`pk = userId`): `ADD newDeals` in the transaction that creates their
 * new deals; opening the board sets it to 0 and `lastSeenAt` (a deal matched after it is new).
 */
export const badgeEntity = new Entity({
  model: { entity: 'dealsBadge', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    newDeals: { type: 'number', required: true },
    lastSeenAt: { type: 'string' },
  },
  indexes: { byUser: ownedIndex('userId', []) },
});

export type BadgeItem = EntityItem<typeof badgeEntity>;
