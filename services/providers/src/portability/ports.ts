import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page } from '@sneakers/shared/paging/page';
import type { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import type { EntityItem, RecordOf } from '@sneakers/shared/table/entity';
import type { ProviderRow as ProviderItem } from '../providers/provider-entity';

/** Provider and consignment rows with their import markers (the other areas' records leave them out). */
export type ProviderRow = Omit<RecordOf<ProviderItem>, 'consignmentCount'> & { consignmentCount: number };
export type ConsignmentRow = RecordOf<EntityItem<typeof consignmentEntity>>;

/** A consignment with its provider's email (its portable reference). */
export interface ConsignmentWithProvider {
  row: ConsignmentRow;
  providerEmail: string;
}

/** What the portability use cases need from storage; `repository.ts` implements it. No Scan. */
export interface ProvidersPortabilityRepository {
  /** The store's providers, oldest first (its partition). */
  pageProviders(storeUserId: string, cursor: string | null, limit: number): Promise<Page<ProviderRow>>;
  /** The store's consignments, provider after provider (each provider's partition, oldest first). */
  pageConsignments(
    storeUserId: string,
    cursor: string | null,
    limit: number,
  ): Promise<Page<ConsignmentWithProvider>>;
  /** BatchGetItem. */
  getProviders(storeUserId: string, ids: string[]): Promise<ProviderRow[]>;
  /** Consignment ids are `providerId/consignmentId` here: BatchGetItem by their full keys. */
  getConsignments(storeUserId: string, keys: { providerId: string; id: string }[]): Promise<ConsignmentRow[]>;
  /** Via the email markers (BatchGetItem), then the providers (BatchGetItem): by lower-cased email. */
  findProvidersByEmail(storeUserId: string, emails: string[]): Promise<Map<string, ProviderRow>>;
  /** The provider and its email marker. */
  createProvider(row: ProviderRow): Promise<'created' | 'email_taken'>;
  /** Conditional on `previous.updatedAt`; the email (the import key) never changes here. */
  updateProvider(previous: ProviderRow, next: ProviderRow): Promise<'updated' | 'stale'>;
  /** Provider and marker, conditional on `row.updatedAt` and on it having no consignments. */
  deleteProvider(row: ProviderRow): Promise<boolean>;
  /** The consignment and its provider's consignmentCount + 1, if the provider is approved. */
  createConsignment(row: ConsignmentRow): Promise<'created' | 'provider_not_approved'>;
  /** Conditional on `previous.updatedAt` and on it being in stock. */
  updateConsignment(previous: ConsignmentRow, next: ConsignmentRow): Promise<'updated' | 'stale'>;
  /** The consignment and its provider's consignmentCount - 1, conditional on `row.updatedAt`. */
  deleteConsignment(row: ConsignmentRow): Promise<boolean>;
  storeCurrency(storeUserId: string): Promise<Currency | null>;
  /**
   * Deletes a few of the store's providers with everything under them (consignments, IBAN
   * reveals, email markers); `more` while some are left. The registration link goes last.
   */
  eraseSome(storeUserId: string, providers: number): Promise<{ deleted: number; more: boolean }>;
}

export interface ProvidersPortabilityDeps {
  repo: ProvidersPortabilityRepository;
  clock: Clock;
  ids: IdGenerator;
}
