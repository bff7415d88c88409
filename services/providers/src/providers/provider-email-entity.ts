import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * One row per (store, email): created only if absent in the provider's own transaction, so
 * two providers of a store can never share an email, even under concurrent submissions.
 */
export const providerEmailEntity = new Entity({
  model: { entity: 'providerEmail', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    email: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['storeUserId', 'email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
