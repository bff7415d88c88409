import { Entity } from 'electrodb';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** An Idempotency-Key of a consignment create and what it created; written in the create's transaction, TTL 24 h. */
export const consignmentIdempotencyEntity = new Entity({
  model: { entity: 'providerConsignmentIdempotencyKey', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    fingerprint: { type: 'string', required: true },
    providerId: { type: 'string', required: true },
    consignmentId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['storeUserId', 'key'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
});
