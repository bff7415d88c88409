import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { BookingItem } from '../bookings/booking-entity';
import type { ClientItem } from '../clients/client-entity';

/** A client or booking row with its import markers (the other areas' records leave them out). */
export type ClientRow = RecordOf<ClientItem>;
export type BookingRow = RecordOf<BookingItem>;

/** What the portability use cases need from storage; `repository.ts` implements it. No Scan. */
export interface CrmPortabilityRepository {
  /** The store's clients / bookings, oldest first (gsi1). */
  pageClients(storeUserId: string, cursor: string | null, limit: number): Promise<Page<ClientRow>>;
  pageBookings(storeUserId: string, cursor: string | null, limit: number): Promise<Page<BookingRow>>;
  /** BatchGetItem. */
  getClients(storeUserId: string, clientIds: string[]): Promise<ClientRow[]>;
  /** By id, through gsi1 (a booking's key holds its client). */
  getBookings(storeUserId: string, bookingIds: string[]): Promise<BookingRow[]>;
  /** Via the email marker rows (BatchGetItem): lower-cased email → client id. */
  findClientIds(storeUserId: string, emails: string[]): Promise<Map<string, string>>;
  /** The client and its email marker. */
  createClient(row: ClientRow): Promise<'created' | 'email_taken'>;
  /** Conditional on `previous.updatedAt`; the email (the import key) never changes here. */
  updateClient(previous: ClientRow, next: ClientRow): Promise<'updated' | 'stale'>;
  /** Client and marker, conditional on `row.updatedAt` and on it having no bookings. */
  deleteClient(row: ClientRow): Promise<boolean>;
  /** The booking and its client's bookingCount + 1 ('client_not_found' unless the client exists). */
  createBooking(row: BookingRow): Promise<'created' | 'client_not_found'>;
  /** Conditional on `previous.version` and `previous.updatedAt`. */
  updateBooking(previous: BookingRow, next: BookingRow): Promise<'updated' | 'stale'>;
  /** The booking and its client's bookingCount - 1, conditional on `row.updatedAt`. */
  deleteBooking(row: BookingRow): Promise<boolean>;
  /** The store's currency (its profile), the default of a booking without one. */
  storeCurrency(storeUserId: string): Promise<Currency | null>;
  /**
   * Deletes a page of the store's clients with their email markers and bookings; the cursor
   * of the next page (null when none is left) and how many rows went.
   */
  eraseClients(storeUserId: string, limit: number): Promise<{ deleted: number; more: boolean }>;
}

export interface CrmPortabilityDeps {
  repo: CrmPortabilityRepository;
  clock: Clock;
  ids: IdGenerator;
  shareIds: IdGenerator;
}
