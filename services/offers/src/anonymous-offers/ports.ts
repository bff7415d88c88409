/**
 * What the anonymous offer use cases need (docs/product/offers.md#anonymous-offers): their
 * rows, the sender's status links, the shared reads of the offered items and the owner's
 * profile, idempotency and the per-address rate limit.
 */
import type { Clock } from '@sneakers/shared/clock';
import type { AnonymousOffer } from '@sneakers/shared/contracts/offers';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { StoredStatus } from '@sneakers/shared/rules/offer-transitions';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { OfferChanges, OfferEvent, OfferTargets } from '../offers/ports';
import type { AnonymousOfferRow } from './anonymous-offer-entity';
import type { StatusLinkRow } from './offer-status-link-entity';
import type { StorefrontProductSummary } from './storefront-target';

export type Language = (typeof LANGUAGES)[number];

/**
 * An anonymous offer with its lines. `currency` is null on offers made before it was
 * recorded (the owner's currency then); `statusToken`, the secret of the sender's status
 * page (also its lookup row's key), is never shown to the store and is null on offers made
 * before status pages (made at their first answer). Rows made before `language` and
 * `updatedAt` were recorded read as English and as never updated, and the lines, a document
 * attribute, are checked on the way in, so a record always has all three.
 */
export type AnonymousOfferRecord = Omit<RecordOf<AnonymousOfferRow>, 'language' | 'updatedAt' | 'lines'> & {
  language: Language;
  updatedAt: string;
  lines: AnonymousOffer['lines'];
};

/** Where a status token leads. */
export type StatusLink = StatusLinkRow;

/** The storefront service's rows an offer on a product page reads (shared/src/views/storefront-product-view.ts). */
export interface StorefrontTargets {
  /** Whether the store's storefront is on; null when it never set one up. */
  getStorefrontEnabled(storeUserId: string): Promise<boolean | null>;
  getStorefrontProduct(storeUserId: string, productId: string): Promise<StorefrontProductSummary | null>;
}

export interface AnonymousOffersRepository extends OfferTargets, StorefrontTargets {
  /** One transaction: the claim, the offer, its status link and the event. */
  createAnonymousOffer(
    offer: AnonymousOfferRecord,
    link: StatusLink,
    claim: IdempotencyClaim,
    event: OfferEvent,
  ): Promise<'committed' | 'duplicate'>;
  getStatusLink(token: string): Promise<StatusLink | null>;
  getAnonymousOffer(storeUserId: string, id: string): Promise<AnonymousOfferRecord | null>;
  listAnonymousOffers(storeUserId: string, page: PageRequest): Promise<Page<AnonymousOfferRecord>>;
  /**
   * Conditional on the stored status still being `from` and the offer unexpired at `now`,
   * with its event in the same transaction; `newLink` is written with it when the offer had
   * no token yet. Null when the condition failed.
   */
  transitionAnonymous(
    offer: AnonymousOfferRecord,
    from: StoredStatus,
    changes: OfferChanges & { statusToken: string },
    now: string,
    event: OfferEvent,
    newLink: StatusLink | null,
  ): Promise<AnonymousOfferRecord | null>;
}

export interface AnonymousOffersDeps {
  repo: AnonymousOffersRepository;
  idempotency: IdempotencyStore;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  /** Status-page secrets: at least 128 random bits, URL-safe. */
  tokens: IdGenerator;
}
