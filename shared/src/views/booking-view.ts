import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of the crm service's `crmBooking` row
 * (services/crm/src/bookings/booking-entity.ts): same name, version, service and keys, and
 * only the identity of a booking, so another service can check that an id names one of
 * the caller's bookings. Bookings live in their client's partition; `byStore` (gsi1,
 * `storeUserId` / `bookingId`) finds one by store and id without knowing the client.
 * Never written through; `crm/test/unit/booking-view.test.ts` fails when it drifts.
 */
export const bookingView = new Entity({
  model: { entity: 'crmBooking', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    bookingId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byClient: {
      collection: 'clientDetail',
      pk: { field: 'pk', composite: ['storeUserId', 'clientId'] },
      sk: { field: 'sk', composite: ['bookingId'] },
    },
    byStore: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId'] },
      sk: { field: 'gsi1sk', composite: ['bookingId'] },
    },
  },
});
