import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ImportMarkKey } from '@sneakers/shared/table/import-marks';
import type { BookingRecord } from '../bookings/ports';
import type { ClientItem } from './client-entity';

/**
 * A store's client as the use cases see it: the row, with an absent instagramHandle as null.
 * `email` is lower-cased, and '' for imported or legacy rows without one. The import
 * markers are the portability area's (src/portability).
 */
export type ClientRecord = Omit<RecordOf<ClientItem>, ImportMarkKey>;

/** What the client use cases need from storage; `repository.ts` implements it. */
export interface ClientsRepository {
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
}

export interface ClientsDeps {
  repo: ClientsRepository;
  clock: Clock;
  ids: IdGenerator;
}
