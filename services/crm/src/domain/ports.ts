import type { Clock } from '@sneakers/shared/clock';
import type { BookingStatus } from '@sneakers/shared/contracts/crm';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { buildEvent } from '@sneakers/events';

/** What the CRM use cases need from storage; `src/store/crm-repository.ts` implements it. */
export type Language = 'en' | 'es';

export interface ClientRecord {
  storeUserId: string;
  id: string;
  name: string;
  /** Lower-cased; '' for imported or legacy rows without one. */
  email: string;
  phone: string;
  instagramHandle: string | null;
  bookingCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface BookingRecord {
  storeUserId: string;
  id: string;
  clientId: string;
  itemSku: string;
  itemName: string;
  itemBrand: string;
  itemColorway: string;
  itemImageUrl: string | null;
  size: string;
  productVariantId: string | null;
  salePrice: number;
  prepaidAmount: number;
  currency: Currency;
  status: BookingStatus;
  notes: string | null;
  shareId: string;
  /** Bumped by every update: the optimistic-concurrency guard of read-merge-write updates. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The store's public profile fields, mirrored from the profiles service's row. */
export interface StoreProfile {
  businessName: string;
  contactEmail: string;
  phone: string | null;
  instagramHandle: string | null;
  location: string;
  language: Language;
  currency: Currency;
}

export type CrmEvent = ReturnType<typeof buildEvent>;

export interface CrmRepository {
  listClients(storeUserId: string, page: PageRequest): Promise<Page<ClientRecord>>;
  getClient(storeUserId: string, clientId: string): Promise<ClientRecord | null>;
  getClients(storeUserId: string, clientIds: string[]): Promise<ClientRecord[]>;
  /** The client and all its bookings (any order) from one Query of its partition. */
  getClientDetail(
    storeUserId: string,
    clientId: string,
  ): Promise<{ client: ClientRecord; bookings: BookingRecord[] } | null>;
  /** Via the email marker row. */
  findClientIdByEmail(storeUserId: string, email: string): Promise<string | null>;
  /** Client row plus its email marker in one transaction. */
  createClient(record: ClientRecord): Promise<'created' | 'email_taken'>;
  /**
   * Conditional on the client existing with the stored email still `previous.email`;
   * swaps the marker when it changes. 'stale' when the client changed meanwhile.
   */
  updateClient(previous: ClientRecord, next: ClientRecord): Promise<'updated' | 'email_taken' | 'stale'>;
  /** Deletes the client, its marker and its bookings; null when there is no such client. */
  deleteClient(storeUserId: string, clientId: string): Promise<{ bookingsDeleted: number } | null>;

  listBookings(
    storeUserId: string,
    status: BookingStatus | undefined,
    page: PageRequest,
  ): Promise<Page<BookingRecord>>;
  /** By id within the store (through its index). */
  getBooking(storeUserId: string, bookingId: string): Promise<BookingRecord | null>;
  /** Consistent GetItem by the full primary key. */
  getBookingByKey(storeUserId: string, clientId: string, bookingId: string): Promise<BookingRecord | null>;
  getBookingByShareId(shareId: string): Promise<BookingRecord | null>;
  /**
   * One transaction: the idempotency claim (conditional: 'duplicate' when the key exists),
   * the client's bookingCount + 1 ('client_not_found' unless the client exists), the booking
   * and its event.
   */
  createBooking(
    record: BookingRecord,
    claim: IdempotencyClaim,
    event: CrmEvent,
  ): Promise<'created' | 'duplicate' | 'client_not_found'>;
  /** Conditional on `previous.version` ('stale'); the event (if any) in the same transaction. */
  updateBooking(
    previous: BookingRecord,
    next: BookingRecord,
    event: CrmEvent | null,
  ): Promise<'updated' | 'stale'>;
  /** Booking delete plus the client's bookingCount - 1; false when it was already gone. */
  deleteBooking(record: BookingRecord): Promise<boolean>;
  /** The event, conditional on the booking still existing; false when it is gone. */
  requestInformation(record: BookingRecord, event: CrmEvent): Promise<boolean>;
  getStoreProfile(storeUserId: string): Promise<StoreProfile | null>;
}

export interface CrmDeps {
  repo: CrmRepository;
  /** Booking creates' Idempotency-Key records (scope `crm.booking#<storeUserId>`). */
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
  /** Unguessable share ids (≥128 random bits, base64url). */
  shareIds: IdGenerator;
}
