/**
 * What the consignment use cases need: the consignment record, derived from its entity
 * (shared with commerce, which sells and pays consignments in its own transactions), the
 * store's profile for the emails, and the provider the consignment belongs to.
 */
import type { Clock } from '@sneakers/shared/clock';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import type { EntityItem, RecordOf } from '@sneakers/shared/table/entity';
import type { ImportMarkKey } from '@sneakers/shared/table/import-marks';
import type { profileView } from '@sneakers/shared/views/profile-view';
import type { ProviderEvent, ProvidersRepository } from '../providers/ports';

export type Language = (typeof LANGUAGES)[number];

/** The import markers are the portability area's (src/portability). */
export type ConsignmentRecord = Omit<RecordOf<EntityItem<typeof consignmentEntity>>, ImportMarkKey>;

/** What the consignment emails and the default currency need from the profiles service's row. */
export const STORE_PROFILE_FIELDS = ['businessName', 'language', 'currency'] as const;
export type StoreProfile = Pick<EntityItem<typeof profileView>, (typeof STORE_PROFILE_FIELDS)[number]>;

export interface ConsignmentsRepository extends Pick<ProvidersRepository, 'getProvider'> {
  /** One Query of the (store, provider) partition, newest first (ULIDs). */
  listConsignments(storeUserId: string, providerId: string): Promise<ConsignmentRecord[]>;
  /** Consistent GetItem by (store, provider, id). */
  getConsignment(storeUserId: string, providerId: string, id: string): Promise<ConsignmentRecord | null>;
  /**
   * One transaction: the idempotency claim (only if absent), the provider's consignment
   * count + 1 (conditional on the provider existing and being approved), the consignment
   * and its event.
   */
  createConsignment(
    record: ConsignmentRecord,
    claim: IdempotencyClaim,
    event: ProviderEvent,
  ): Promise<'committed' | 'duplicate' | 'providerNotApproved'>;
  /** Conditional on the stored status still being `in_stock`; the event (if any) in the same transaction. */
  finishConsignment(next: ConsignmentRecord, event: ProviderEvent | null): Promise<'committed' | 'stale'>;
  /** From the profiles service's row; null when the store has no profile. */
  getStoreProfile(storeUserId: string): Promise<StoreProfile | null>;
}

export interface ConsignmentsDeps {
  repo: ConsignmentsRepository;
  /** Read side of consignment-create Idempotency-Keys (the claim is written by the repository). */
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
