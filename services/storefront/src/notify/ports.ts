/**
 * What "notify me" needs (docs/product/online-store.md#notify-me): the subscriptions and their
 * email links, the storefront's set-up and products (read only), the store's profile name,
 * the per-visitor and per-address rate limits, and the outbox for the emails it asks for.
 */
import type { Clock } from '@sneakers/shared/clock';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { SubscriptionRow } from './subscription-entity';
import type { NotifyTokenRow } from './token-entity';

export type Subscription = SubscriptionRow;
export type TokenLink = NotifyTokenRow;
export type SubscriptionKey = Pick<Subscription, 'storeUserId' | 'productId' | 'sizeKey' | 'email'>;

/** A size a product lists (its size run and its pair sources), with its chart when known. */
export interface ListedSize {
  label: string;
  chart: { eu: string } | null;
}

export interface NotifyProduct {
  name: string;
  sizes: ListedSize[];
}

export interface NotifyRepository {
  /** The storefront's set-up (null: never saved). */
  /**
   * Null without a set-up row. `closing`: the store's account is closing
   * (docs/product/accounts.md#closing-the-account), so the store is offline.
   */
  getSetup(storeUserId: string): Promise<{ enabled: boolean; name: string; closing: boolean } | null>;
  /** The store's business name from its profile (what an empty storefront name falls back to). */
  getBusinessName(storeUserId: string): Promise<string | null>;
  getProduct(storeUserId: string, productId: string): Promise<NotifyProduct | null>;
  getSubscription(key: SubscriptionKey): Promise<Subscription | null>;
  /**
   * One transaction: the subscription (conditional: absent for a new one, still pending for a
   * renewed confirmation), its new links and the confirmation email's event. 'duplicate' when
   * a concurrent request got there first.
   */
  saveRequest(
    subscription: Subscription,
    mode: 'create' | 'renew',
    links: TokenLink[],
    event: OutboxEvent,
  ): Promise<'committed' | 'duplicate'>;
  getLink(tokenHash: string): Promise<TokenLink | null>;
  /** Pending → confirmed, conditional on the confirm link still being the latest; 'stale' otherwise. */
  confirm(
    key: SubscriptionKey,
    confirmTokenHash: string,
    confirmedAt: string,
    ttl: number,
  ): Promise<'committed' | 'stale'>;
  remove(key: SubscriptionKey): Promise<void>;
  /** Every confirmed subscription of one size (all pages). */
  listConfirmed(storeUserId: string, productId: string, sizeKey: string): Promise<Subscription[]>;
  /**
   * One transaction: removes the confirmed subscription, writes the back-in-stock email's
   * unsubscribe link and its event; 'gone' when it was already removed (a redelivery, or an
   * unsubscribe in between), so each subscriber is emailed once.
   */
  notify(key: SubscriptionKey, link: TokenLink, event: OutboxEvent): Promise<'committed' | 'gone'>;
}

export interface NotifyTokens {
  /** A new link token: at least 128 random bits, URL-safe. */
  next(): string;
  /** What the table keeps of a token (SHA-256, hex). */
  hash(token: string): string;
}

export interface NotifyDeps {
  repo: NotifyRepository;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  tokens: NotifyTokens;
}
