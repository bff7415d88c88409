import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only view of the deals service's match index row (services/deals/src/matching/index-entity.ts,
 * layout in shared/src/rules/deals.ts `dealIndexRows`): `pk = DEALIDX#{live|demo}#{want|have}#{productKey}`,
 * `sk = {encoded sizeKey}#{itemId}`, `source` the item as JSON (owner, sizes, price in cents, currency).
 * Pricing reads the network's best bid and ask from it, a Query per product key and side. Never
 * written through; `deals/test/unit/deal-index-view.test.ts` fails when it drifts from the owner.
 */
export const dealIndexView = new Entity({
  model: { entity: 'dealsIndex', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    partition: { type: 'string', required: true, readOnly: true },
    slot: { type: 'string', required: true, readOnly: true },
    source: { type: 'string', required: true },
  },
  indexes: {
    byPartition: {
      pk: { field: 'pk', composite: ['partition'], casing: 'none' },
      sk: { field: 'sk', composite: ['slot'], casing: 'none' },
    },
  },
});
