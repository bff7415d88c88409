import type { Booking } from '@sneakers/shared/contracts/crm';
import { NotFoundError } from '@sneakers/shared/errors';
import type { ClientRecord } from '../clients/ports';
import type { BookingRecord } from './ports';

export const bookingNotFound = () => new NotFoundError('Booking not found.', 'BOOKING_NOT_FOUND');

/** What a booking shows of its item, money and status: on the store's pages and the shared one alike. */
export function bookingItem(record: BookingRecord) {
  return {
    itemSku: record.itemSku,
    itemName: record.itemName,
    itemBrand: record.itemBrand,
    itemColorway: record.itemColorway,
    itemImageUrl: record.itemImageUrl,
    size: record.size,
    salePrice: record.salePrice,
    prepaidAmount: record.prepaidAmount,
    currency: record.currency,
    status: record.status,
  };
}

/** A booking with its client as it is now. */
export function toBooking(record: BookingRecord, client: ClientRecord): Booking {
  return {
    id: record.bookingId,
    clientId: record.clientId,
    client: {
      id: client.clientId,
      name: client.name,
      email: client.email,
      phone: client.phone,
      instagramHandle: client.instagramHandle,
    },
    ...bookingItem(record),
    productVariantId: record.productVariantId,
    notes: record.notes,
    shareId: record.shareId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** ULIDs sort by creation time, so descending id is newest first. */
export const newestFirst = (a: BookingRecord, b: BookingRecord) =>
  a.bookingId < b.bookingId ? 1 : a.bookingId > b.bookingId ? -1 : 0;
