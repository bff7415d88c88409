import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A rating in the rated user's partition (`pk = rateeUserId`, `sk = raterUserId`): one per
 * pair, enforced by the create's attribute_not_exists. gsi1 lists the received ones and
 * gsi2 the given ones, newest first.
 */
export const ratingEntity = new Entity({
  model: { entity: 'messagingRating', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    rateeUserId: { type: 'string', required: true, readOnly: true },
    raterUserId: { type: 'string', required: true, readOnly: true },
    raterName: { type: 'string', required: true },
    rateeName: { type: 'string', required: true },
    stars: { type: 'number', required: true, readOnly: true },
    comment: { type: 'string' },
    offerId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byRatee: {
      pk: { field: 'pk', composite: ['rateeUserId'] },
      sk: { field: 'sk', composite: ['raterUserId'] },
    },
    received: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['rateeUserId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'raterUserId'] },
    },
    given: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['raterUserId'] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'rateeUserId'] },
    },
  },
});

export type RatingItem = EntityItem<typeof ratingEntity>;
