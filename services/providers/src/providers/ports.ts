/**
 * What the provider use cases need: the provider record, derived from its entity, and the
 * repository that keeps it (src/providers/repository.ts). The other areas read providers
 * through `ProvidersRepository['getProvider']`.
 */
import type { Clock } from '@sneakers/shared/clock';
import type { ProviderStatus } from '@sneakers/shared/contracts/providers';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ImportMarkKey } from '@sneakers/shared/table/import-marks';
import type { buildEvent } from '@sneakers/events';
import type { ProviderRow } from './provider-entity';

export type ProviderSource = 'registration' | 'manual';
export type ProviderEvent = ReturnType<typeof buildEvent>;

/** A provider list page when the request names no limit. */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * The stored provider: the full IBAN stays here and never reaches a response.
 * `consignmentCount` counts the consignments ever recorded for the provider (they are never
 * deleted): > 0 blocks deleting it. A row without it has none.
 */
export type ProviderRecord = Omit<RecordOf<ProviderRow>, 'consignmentCount' | ImportMarkKey> & {
  consignmentCount: number;
};

export interface ProviderInput {
  name: string;
  email: string;
  phone?: string | null | undefined;
  alias?: string | null | undefined;
  dni?: string | null | undefined;
  iban?: string | null | undefined;
}

export type ProviderChanges = Partial<ProviderInput>;

export interface ListQuery extends PageRequest {
  status?: ProviderStatus | undefined;
}

export interface ProvidersRepository {
  /** Newest first (ids are ULIDs); with a status, only that status; DEFAULT_PAGE_SIZE without a limit. */
  listProviders(storeUserId: string, query: ListQuery): Promise<Page<ProviderRecord>>;
  getProvider(storeUserId: string, id: string): Promise<ProviderRecord | null>;
  /** One transaction: the email marker (only if absent), the provider and, if given, its event. */
  createProvider(record: ProviderRecord, event: ProviderEvent | null): Promise<'committed' | 'emailTaken'>;
  /**
   * Conditional on the stored email still being `before.email`; when the email changes the
   * marker moves in the same transaction. 'stale' when the provider changed or vanished meanwhile.
   */
  updateProvider(
    before: ProviderRecord,
    after: ProviderRecord,
  ): Promise<'committed' | 'emailTaken' | 'stale'>;
  /**
   * Deletes the provider and its marker together, conditional on it having no consignments;
   * 'stale' as above (also when a consignment was recorded meanwhile).
   */
  deleteProvider(record: ProviderRecord): Promise<'committed' | 'stale'>;
}

export interface ProvidersDeps {
  repo: ProvidersRepository;
  clock: Clock;
  ids: IdGenerator;
}
