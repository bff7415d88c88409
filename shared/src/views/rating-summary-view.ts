import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of the messaging service's `messagingRatingSummary` row
 * (services/messaging/src/ratings/rating-summary-entity.ts): a user's ratings summed up, which
 * the deals board reads fresh for each partner it shows. Never written through;
 * `messaging/test/unit/rating-summary-view.test.ts` fails when it drifts from the owner.
 */
export const ratingSummaryView = new Entity({
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
