import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A user's ratings summed up (`pk = userId`): ADDed in the rating's transaction, so the
 * average (domain/ratings.ts `averageStars`) never needs the ratings themselves.
 */
export const ratingSummaryEntity = new Entity({
  model: { entity: 'messagingRatingSummary', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true },
    sum: { type: 'number', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type RatingSummaryRow = EntityItem<typeof ratingSummaryEntity>;
