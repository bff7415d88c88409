import type { Clock } from '@sneakers/shared/clock';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ImportMarkKey } from '@sneakers/shared/table/import-marks';
import type { BookingStatus } from '@sneakers/shared/contracts/crm';
import type { buildEvent } from '@sneakers/events';
import type { ClientsRepository } from '../clients/ports';
import type { BookingItem } from './booking-entity';

/**
 * A booking as the use cases see it: the row, absent optional texts as null. `version` is
 * bumped by every update: the optimistic-concurrency guard of read-merge-write updates.
 */
export type BookingRecord = Omit<RecordOf<BookingItem>, ImportMarkKey>;

export type Language = 'en' | 'es';

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

/**
 * What the booking use cases need from storage; `repository.ts` implements it. A booking
 * shows its client as it is now, so the client reads come with it.
 */
export interface BookingsRepository extends Pick<ClientsRepository, 'getClient' | 'getClients'> {
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

export interface BookingsDeps {
  repo: BookingsRepository;
  /** Booking creates' Idempotency-Key records (scope `crm.booking#<storeUserId>`). */
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
  /** Unguessable share ids (≥128 random bits, base64url). */
  shareIds: IdGenerator;
}
