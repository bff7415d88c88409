import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { BOOKING_STATUSES } from '@sneakers/shared/contracts/crm';
import {
  currencyAttribute,
  idAttribute,
  ownedByStatusIndex,
  ownerAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { importMarkAttributes } from '@sneakers/shared/table/import-marks';

/**
 * A booking, in its client's partition (collection `clientDetail`, `sk = bookingId`).
 * gsi1 (`storeUserId` / id): the store's bookings newest first, and lookup by id;
 * gsi2 (`storeUserId + status` / id): the same for one status; gsi3 (`shareId`, case
 * kept): the public page. Absent optional attributes stand for null.
 */
export const bookingEntity = new Entity({
  model: { entity: 'crmBooking', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    clientId: { type: 'string', required: true, readOnly: true },
    bookingId: idAttribute,
    itemSku: { type: 'string', required: true },
    itemName: { type: 'string', required: true },
    itemBrand: { type: 'string', required: true },
    itemColorway: { type: 'string', required: true },
    itemImageUrl: { type: 'string' },
    size: { type: 'string', required: true },
    productVariantId: { type: 'string' },
    salePrice: { type: 'number', required: true },
    prepaidAmount: { type: 'number', required: true },
    currency: currencyAttribute,
    status: { type: BOOKING_STATUSES, required: true },
    notes: { type: 'string' },
    shareId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
    ...importMarkAttributes,
    ...timestampAttributes,
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
    byStatus: ownedByStatusIndex('gsi2', 'storeUserId', 'status', ['bookingId']),
    byShare: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['shareId'], casing: 'none' },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
});

export type BookingItem = EntityItem<typeof bookingEntity>;

/** A booking's primary key (in its client's partition), from its record. */
export const bookingKey = ({
  storeUserId,
  clientId,
  bookingId,
}: Pick<BookingItem, 'storeUserId' | 'clientId' | 'bookingId'>) => ({ storeUserId, clientId, bookingId });
