import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A user's ratings summed up (`pk = userId`): ADDed in the rating's transaction, so the
 * average (`averageStars` in rules.ts) never needs the ratings themselves.
 */
export const ratingSummaryEntity = new Entity({
  model: { entity: 'messagingRatingSummary', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    count: { type: 'number', required: true },
    sum: { type: 'number', required: true },
  },
  indexes: {
    byUser: ownedIndex('userId', []),
  },
});

export type RatingSummaryItem = EntityItem<typeof ratingSummaryEntity>;
