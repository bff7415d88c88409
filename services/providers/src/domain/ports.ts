import type { Clock } from '@sneakers/shared/clock';
import type {
  ConsignmentStatus,
  IbanRevealPurpose,
  ProviderStatus,
} from '@sneakers/shared/contracts/providers';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { buildEvent } from '@sneakers/events';
import type { TokenGenerator } from './registration-token';

/**
 * What the providers and consignments use cases need: their records, storage and other
 * ports. `src/store/providers-repository.ts` implements the repository.
 */
export type Language = (typeof LANGUAGES)[number];
export type ProviderSource = 'registration' | 'manual';
export type ProviderEvent = ReturnType<typeof buildEvent>;

/** A provider list page when the request names no limit. */
export const DEFAULT_PAGE_SIZE = 50;

/** The stored provider: the full IBAN stays here and never reaches a response. */
export interface ProviderRecord {
  storeUserId: string;
  id: string;
  name: string;
  email: string;
  phone: string | null;
  alias: string | null;
  dni: string | null;
  iban: string | null;
  status: ProviderStatus;
  source: ProviderSource;
  /** Consignments ever recorded for the provider (they are never deleted): > 0 blocks deleting it. */
  consignmentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderInput {
  name: string;
  email: string;
  phone?: string | null | undefined;
  alias?: string | null | undefined;
  dni?: string | null | undefined;
  iban?: string | null | undefined;
}

export type ProviderChanges = Partial<ProviderInput>;

export interface RegistrationLink {
  storeUserId: string;
  token: string;
  createdAt: string;
}

export interface ListQuery extends PageRequest {
  status?: ProviderStatus | undefined;
}

export interface ConsignmentRecord {
  storeUserId: string;
  providerId: string;
  id: string;
  itemSku: string;
  itemName: string;
  size: string;
  productVariantId: string | null;
  price: number;
  salePrice: number | null;
  currency: Currency;
  status: ConsignmentStatus;
  notes: string | null;
  soldAt: string | null;
  saleId: string | null;
  paymentId: string | null;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the consignment emails and the default currency need from the profiles service's row. */
export interface StoreProfile {
  businessName: string;
  language: Language;
  currency: Currency;
}

export interface ConsignmentsRepository {
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

/** One deliberate reveal of a provider's full IBAN by its store: the audit trail of who saw it. */
export interface IbanRevealRecord {
  storeUserId: string;
  providerId: string;
  /** ULID: the reveals of a provider sort by time. */
  id: string;
  purpose: IbanRevealPurpose;
  /** The verified token's user and, when the token carries it, its email. */
  revealedByUserId: string;
  revealedByEmail: string | null;
  revealedAt: string;
}

export interface IbanRevealsRepository {
  /** Written before the IBAN is answered, so no reveal goes unrecorded. */
  recordIbanReveal(record: IbanRevealRecord): Promise<void>;
  /** One Query of the (store, provider) reveals, newest first, at most `limit`. */
  listIbanReveals(storeUserId: string, providerId: string, limit: number): Promise<IbanRevealRecord[]>;
}

export interface ProvidersRepository extends ConsignmentsRepository, IbanRevealsRepository {
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
  getLink(storeUserId: string): Promise<RegistrationLink | null>;
  /** Only if the store has none yet ('exists' when a concurrent first read won). */
  createLink(link: RegistrationLink): Promise<'committed' | 'exists'>;
  /** Replaces the token: the old one stops matching at once. */
  replaceLink(link: RegistrationLink): Promise<void>;
  /** From the profiles service's row; null when the store has no profile. */
  getBusinessName(storeUserId: string): Promise<string | null>;
}

export interface ProvidersDeps {
  repo: ProvidersRepository;
  /** Read side of consignment-create Idempotency-Keys (the claim is written by the repository). */
  idempotency: IdempotencyStore;
  /** Public registration rate limit. */
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenGenerator;
}
