import { Entity } from 'electrodb';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * Read-only view of the profiles service's `userProfile` row
 * (services/profiles/src/store/profile-entity.ts): same entity name, version, service and
 * keys (`pk = userId`, empty sort key), only the business name. Never written from here;
 * if the profiles entity changes its name, version or keys, this file must follow.
 */
export const storeProfileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
