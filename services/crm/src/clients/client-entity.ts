import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { idAttribute, ownerAttribute, timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { importMarkAttributes } from '@sneakers/shared/table/import-marks';

/**
 * A store's client. Its partition (`pk = storeUserId + clientId`) is shared with the
 * client's bookings (collection `clientDetail`), so the detail page is one Query; the
 * store's clients newest first are one Query on gsi1 (`storeUserId` / ULID id).
 * Absent instagramHandle stands for null.
 */
export const clientEntity = new Entity({
  model: { entity: 'crmClient', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    clientId: idAttribute,
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    instagramHandle: { type: 'string' },
    bookingCount: { type: 'number', required: true },
    ...importMarkAttributes,
    ...timestampAttributes,
  },
  indexes: {
    byClient: {
      collection: 'clientDetail',
      pk: { field: 'pk', composite: ['storeUserId', 'clientId'] },
      sk: { field: 'sk', composite: [] },
    },
    byStore: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId'] },
      sk: { field: 'gsi1sk', composite: ['clientId'] },
    },
  },
});

export type ClientItem = EntityItem<typeof clientEntity>;

/** A client's primary key, from its record or any row carrying it. */
export const clientKey = ({ storeUserId, clientId }: Pick<ClientItem, 'storeUserId' | 'clientId'>) => ({
  storeUserId,
  clientId,
});
