import type { Booking, Client } from '@sneakers/shared/contracts/crm';
import { NotFoundError } from '@sneakers/shared/errors';
import type { BookingRecord, ClientRecord } from './ports';

export const clientNotFound = () => new NotFoundError('Client not found.', 'CLIENT_NOT_FOUND');
export const bookingNotFound = () => new NotFoundError('Booking not found.', 'BOOKING_NOT_FOUND');

/** Trimmed text or null when blank. */
export const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function toClient(record: ClientRecord): Client {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    phone: record.phone,
    instagramHandle: record.instagramHandle,
    bookingCount: record.bookingCount,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** A booking with its client as it is now. */
export function toBooking(record: BookingRecord, client: ClientRecord): Booking {
  return {
    id: record.id,
    clientId: record.clientId,
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      instagramHandle: client.instagramHandle,
    },
    itemSku: record.itemSku,
    itemName: record.itemName,
    itemBrand: record.itemBrand,
    itemColorway: record.itemColorway,
    itemImageUrl: record.itemImageUrl,
    size: record.size,
    productVariantId: record.productVariantId,
    salePrice: record.salePrice,
    prepaidAmount: record.prepaidAmount,
    currency: record.currency,
    status: record.status,
    notes: record.notes,
    shareId: record.shareId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** ULIDs sort by creation time, so descending id is newest first. */
export const newestFirst = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
