import { PROVIDER_STATUSES } from '@sneakers/shared/contracts/providers';
import {
  idAttribute,
  ownedByStatusIndex,
  ownedIndex,
  ownerAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { importMarkAttributes } from '@sneakers/shared/table/import-marks';

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
    storeUserId: ownerAttribute,
    id: idAttribute,
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
    ...importMarkAttributes,
    ...timestampAttributes,
  },
  indexes: {
    byStore: ownedIndex('storeUserId', ['id']),
    byStatus: ownedByStatusIndex('gsi1', 'storeUserId', 'status', ['id']),
  },
});

export type ProviderRow = EntityItem<typeof providerEntity>;
