import { Entity } from '../table/entity';
import { PROVIDER_STATUSES } from '../contracts/provider-values';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of the providers service's `provider` row
 * (services/providers/src/providers/provider-entity.ts): same name, version, service and keys,
 * and the fields another service reads (the consignment_sold and payment emails' name and
 * address). Keyed by the store (`pk = storeUserId`, `sk = id`), so another store's provider
 * simply is not found. Never written through; `providers/test/unit/provider-view.test.ts`
 * fails when it drifts.
 */
export const providerView = new Entity({
  model: { entity: 'provider', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    status: { type: PROVIDER_STATUSES, required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
