import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A store's client. Its partition (`pk = storeUserId + clientId`) is shared with the
 * client's bookings (collection `clientDetail`), so the detail page is one Query; the
 * store's clients newest first are one Query on gsi1 (`storeUserId` / ULID id).
 * Absent instagramHandle stands for null.
 */
export const clientEntity = new Entity({
  model: { entity: 'crmClient', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    instagramHandle: { type: 'string' },
    bookingCount: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
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
