/**
 * What buying on a storefront needs (docs/product/online-store.md#buying): the store's set-up
 * and product rows, the item a pair comes from, the checkout and its hold, the payment
 * provider's Checkout Session, idempotency and the per-visitor rate limit.
 */
import type { buildEvent } from '@sneakers/events/define-event';
import type { Clock } from '@sneakers/shared/clock';
import type { CheckoutStatus } from '@sneakers/shared/contracts/storefront';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { ProductOffer } from '../catalog/product-entity';

/** Storefront.CheckoutPaid, built for the outbox. */
export type CheckoutPaidEvent = ReturnType<typeof buildEvent>;

export interface CheckoutBuyer {
  name: string;
  email: string;
  phone: string;
  locale: 'en' | 'es';
  shipping: { line1: string; line2: string | null; city: string; postalCode: string; country: string };
}

/** A checkout as stored; nulls are absent attributes. */
export interface CheckoutRecord {
  storeUserId: string;
  checkoutId: string;
  status: CheckoutStatus;
  productId: string;
  productName: string;
  imageUrl: string | null;
  size: string;
  amount: number;
  currency: Currency;
  itemId: string | null;
  listType: 'inventory' | 'wts' | null;
  virtualProductId: string | null;
  productCatalogId: string | null;
  productVariantId: string | null;
  sku: string;
  brand: string;
  colorway: string;
  buyer: CheckoutBuyer;
  holdExpiresAt: string;
  sessionId: string | null;
  sessionUrl: string | null;
  paymentIntentId: string | null;
  paidAt: string | null;
  orderShareId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The storefront product as checkout reads it: its public name and image, and its pair sources. */
export interface ProductForSale {
  productId: string;
  productCatalogId: string | null;
  name: string;
  brand: string;
  sku: string;
  colorway: string;
  imageUrl: string | null;
  currency: Currency;
  offers: ProductOffer[];
}

/** A list item as checkout reads it, to know the pair is still there. */
export interface StockItem {
  status: 'available' | 'pending' | 'sold';
  sizes: string[];
  updatedAt: string;
}

/** The hold the checkout's transaction takes, on the item as it was read. */
export interface HoldRequest {
  itemId: string;
  listType: 'inventory' | 'wts';
  size: string;
  /** The item's `updatedAt` as read: the transaction fails if anything changed it since. */
  itemUpdatedAt: string;
  now: string;
}

/**
 * - held: another buyer's hold on that pair is live;
 * - changed: the item changed since it was read (read it again);
 * - duplicate: a parallel request with the same Idempotency-Key won.
 */
export type CreateOutcome = 'committed' | 'held' | 'changed' | 'duplicate';

export interface CheckoutRepository {
  /**
   * Null without a set-up row. `closing`: the store's account is closing
   * (docs/product/accounts.md#closing-the-account), so the store is offline.
   */
  getSetup(storeUserId: string): Promise<{ enabled: boolean; name: string; closing: boolean } | null>;
  getProduct(storeUserId: string, productId: string): Promise<ProductForSale | null>;
  getItem(storeUserId: string, listType: 'inventory' | 'wts', itemId: string): Promise<StockItem | null>;
  /** One transaction: the idempotency claim, the hold (absent or expired), the item check, the checkout. */
  createCheckout(
    record: CheckoutRecord,
    claim: IdempotencyClaim,
    hold: HoldRequest | null,
  ): Promise<CreateOutcome>;
  attachSession(record: CheckoutRecord, sessionId: string, url: string, now: string): Promise<void>;
  getCheckout(storeUserId: string, checkoutId: string): Promise<CheckoutRecord | null>;
  /** `open` → `status`; 'stale' when it was no longer open. */
  close(record: CheckoutRecord, status: 'cancelled' | 'expired', now: string): Promise<'committed' | 'stale'>;
  /** Deletes the checkout's hold, only while it is still this checkout's. */
  releaseHold(record: CheckoutRecord): Promise<void>;
  /** One transaction: `paid` (unless already paid) and the Storefront.CheckoutPaid outbox event. */
  markPaid(
    record: CheckoutRecord,
    paid: { paymentIntentId: string | null; paidAt: string },
    event: CheckoutPaidEvent,
  ): Promise<'committed' | 'stale'>;
  recordOrder(storeUserId: string, checkoutId: string, shareId: string, now: string): Promise<void>;
}

export interface SessionRequest {
  checkoutId: string;
  storeUserId: string;
  amount: number;
  currency: Currency;
  productName: string;
  /** Shown on the provider's page: the product and the size. */
  description: string;
  imageUrl: string | null;
  email: string;
  locale: 'en' | 'es';
  expiresAt: string;
  successUrl: string;
  cancelUrl: string;
}

/** The payment provider's Checkout Session in payment mode (./stripe-checkout-gateway.ts). */
export interface CheckoutGateway {
  /** Idempotent per checkout: a retry answers the first session. */
  createSession(input: SessionRequest): Promise<{ sessionId: string; url: string }>;
  /** Expires an open session; says how it ended when it was no longer open. */
  expireSession(sessionId: string): Promise<'expired' | 'complete'>;
}

export interface CheckoutDeps {
  repo: CheckoutRepository;
  gateway: CheckoutGateway;
  idempotency: IdempotencyStore;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  /** The web app's origin, for the provider's return URLs. */
  appUrl: () => string;
}
