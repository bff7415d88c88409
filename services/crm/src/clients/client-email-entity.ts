import { Entity } from '@sneakers/shared/table/entity';
import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * Uniqueness marker: one row per (store, lower-cased email) naming the client that owns
 * it. Created, moved and deleted in the same transaction as the client row, so two
 * clients of a store can never share an email; also the import's lookup by email.
 */
export const clientEmailEntity = new Entity({
  model: { entity: 'crmClientEmail', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    email: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['storeUserId', 'email'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
});
