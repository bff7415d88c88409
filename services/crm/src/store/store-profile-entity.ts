import { Entity } from 'electrodb';
import { LANGUAGES } from '@sneakers/shared/contracts/profile';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A read-only view of the profiles service's `userProfile` row (see
 * services/profiles/src/store/profile-entity.ts): same entity name, version, service and
 * keys (`pk = userId`, empty sort key), with only the fields the shared booking page and
 * the booking emails need. Never written from this service; if the profiles entity
 * changes its name, version or keys, this file must follow.
 */
export const storeProfileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    phone: { type: 'string' },
    instagramHandle: { type: 'string' },
    location: { type: 'string', required: true },
    language: { type: LANGUAGES, required: true },
    currency: { type: CURRENCIES, required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
