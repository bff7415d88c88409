import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The store's provider-registration token, one row per store (`pk = storeUserId`). Kept in
 * its own row, not in the profiles service's profile row, so each service owns what it writes.
 */
export const registrationLinkEntity = new Entity({
  model: { entity: 'providerRegistrationLink', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
