import { Entity } from 'electrodb';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * Registration rate limit, as the offers service limits anonymous offers: N rolling slots
 * per (client address, store), each taken by a conditional put and freed an hour later.
 */
export const registrationSlotEntity = new Entity({
  model: { entity: 'providerRegistrationSlot', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    bucket: { type: 'string', required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    takenAt: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byBucket: { pk: { field: 'pk', composite: ['bucket'] }, sk: { field: 'sk', composite: ['slot'] } },
  },
});
