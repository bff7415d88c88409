import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * The store's provider-registration token, one row per store (`pk = storeUserId`). Kept in
 * its own row, not in the profiles service's profile row, so each service owns what it writes.
 */
export const registrationLinkEntity = new Entity({
  model: { entity: 'providerRegistrationLink', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    token: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: ownedIndex('storeUserId', []),
  },
});
