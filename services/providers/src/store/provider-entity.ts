import { Entity } from '@sneakers/shared/table/entity';
import { PROVIDER_STATUSES } from '@sneakers/shared/contracts/providers';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A provider in its store's partition (`pk = storeUserId`, `sk = id`): every read is keyed
 * by the store of the verified token, so another store's id simply is not found. Ids are
 * ULIDs, so a descending Query is newest first; gsi1 (`storeUserId#status` / id) serves the
 * status filter. Absent optional attributes stand for null; `iban` is the full number.
 * `consignmentCount` guards the delete (a provider with consignments cannot be deleted).
 */
export const providerEntity = new Entity({
  model: { entity: 'provider', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string' },
    alias: { type: 'string' },
    dni: { type: 'string' },
    iban: { type: 'string' },
    status: { type: PROVIDER_STATUSES, required: true },
    source: { type: ['registration', 'manual'] as const, required: true, readOnly: true },
    /** Consignments recorded (ADD 1 in each consignment's transaction); absent means 0. */
    consignmentCount: { type: 'number' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId', 'status'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
  },
});
