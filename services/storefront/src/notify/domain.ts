/**
 * "Notify me" (docs/product/online-store.md#notify-me): a visitor leaves an address for a size
 * that is out of stock; it is confirmed by a link (double opt-in), and the first time that
 * size comes back in stock at that store one email goes out and the subscription ends. Every
 * email carries a one-click unsubscribe link. The emails themselves are sent by the
 * notifications service from `Storefront.EmailRequested`, written in the same transaction
 * as the change that asks for them.
 */
import { DEMO_MODE_CODE, DEMO_MODE_MESSAGE } from '@sneakers/shared/actor';
import { DEMO } from '@sneakers/shared/demo';
import { BadRequestError, ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { storefrontProductPath } from '@sneakers/shared/rules/storefront';
import { epochSeconds } from '@sneakers/shared/table/store-helpers';
import type { STOREFRONT_LOCALES } from '@sneakers/shared/contracts/storefront';
import { buildEvent, storefrontEmailRequested, type EventDetail } from '@sneakers/events';
import type { ListedSize, NotifyDeps, Subscription, SubscriptionKey, TokenLink } from './ports';

const HOUR_MS = 3_600_000;
const DAY_S = 86_400;
/** Requests one visitor (client address) may make an hour, whatever the store or address. */
export const NOTIFY_REQUESTS_PER_VISITOR_HOUR = 30;
/** Requests for one address an hour: each sends it a confirmation, so nobody can flood a mailbox. */
export const NOTIFY_REQUESTS_PER_EMAIL_HOUR = 10;
/** A pending subscription nobody confirmed is dropped after this. */
export const NOTIFY_PENDING_DAYS = 7;
/** A confirmed subscription whose size never came back ends after this. */
export const NOTIFY_CONFIRMED_DAYS = 365;
/** Links outlive their subscription, so a late click still answers (confirm: 404, unsubscribe: done). */
const LINK_DAYS = 400;

export const NOTIFY_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again in an hour.';

type Locale = (typeof STOREFRONT_LOCALES)[number];

export interface NotifyRequest {
  productId: string;
  size: string;
  email: string;
  locale: Locale;
}

export interface NotifyOutcome {
  storeId: string;
  storeName: string;
  productId: string;
  productName: string;
  size: string;
}

const PENDING = { status: 'pending' } as const;

const storefrontNotFound = () =>
  new NotFoundError('This online store does not exist.', 'STOREFRONT_NOT_FOUND');
const productNotAvailable = () =>
  new NotFoundError('This product is no longer available.', 'PRODUCT_NOT_AVAILABLE');
const tokenInvalid = () =>
  new NotFoundError('This link is not valid or has already been used.', 'NOTIFY_TOKEN_INVALID');

const normalise = (label: string) => label.trim().toLowerCase();

/** The size of `sizes` a visitor or the projection names by its label. */
export function findSize(sizes: readonly ListedSize[], label: string): ListedSize | null {
  const wanted = normalise(label);
  return sizes.find((s) => normalise(s.label) === wanted) ?? null;
}

/**
 * What subscriptions are keyed by: the EU size when the size chart knows it, so a visitor who
 * asked for the catalogue's `42` hears of a pair stored as `US 8.5`; else the label itself.
 */
export function sizeKeyOf(size: ListedSize): string {
  return size.chart ? `eu:${size.chart.eu}` : `label:${normalise(size.label)}`;
}

const confirmPath = (token: string) => `/store/notify/confirm?token=${encodeURIComponent(token)}`;
const unsubscribePath = (token: string) => `/store/notify/unsubscribe?token=${encodeURIComponent(token)}`;

function linkOf(deps: NotifyDeps, key: SubscriptionKey, purpose: TokenLink['purpose'], now: Date) {
  const token = deps.tokens.next();
  const link: TokenLink = {
    tokenHash: deps.tokens.hash(token),
    purpose,
    storeUserId: key.storeUserId,
    productId: key.productId,
    sizeKey: key.sizeKey,
    email: key.email,
    ttl: epochSeconds(now.getTime()) + LINK_DAYS * DAY_S,
  };
  return { token, link };
}

/**
 * Always answers `pending`, whether the address was new, pending (its confirmation is sent
 * again, with new links) or already confirmed (nothing is sent): the answer never tells a
 * visitor whether someone else's address is subscribed. Try Demo's store takes none.
 */
export async function requestNotify(
  deps: NotifyDeps,
  storeId: string,
  sourceIp: string,
  input: NotifyRequest,
): Promise<typeof PENDING> {
  if (storeId === DEMO.userId) throw new ForbiddenError(DEMO_MODE_MESSAGE, DEMO_MODE_CODE);
  const now = deps.clock.now();
  const hourly = (limit: number) => ({ limit, windowMs: HOUR_MS });
  await takeOrRefuse(
    deps.limiter,
    `storefront.notify#visitor#${sourceIp}`,
    hourly(NOTIFY_REQUESTS_PER_VISITOR_HOUR),
    now,
    NOTIFY_RATE_LIMIT_MESSAGE,
  );
  const setup = await deps.repo.getSetup(storeId);
  if (!setup?.enabled || setup.closing) throw storefrontNotFound();
  const product = await deps.repo.getProduct(storeId, input.productId);
  if (!product) throw productNotAvailable();
  const size = findSize(product.sizes, input.size);
  if (!size) throw new BadRequestError('SIZE_NOT_LISTED', 'This product is not made in that size.');

  const email = input.email.trim().toLowerCase();
  await takeOrRefuse(
    deps.limiter,
    `storefront.notify#email#${email}`,
    hourly(NOTIFY_REQUESTS_PER_EMAIL_HOUR),
    now,
    NOTIFY_RATE_LIMIT_MESSAGE,
  );
  const key: SubscriptionKey = {
    storeUserId: storeId,
    productId: input.productId,
    sizeKey: sizeKeyOf(size),
    email,
  };
  const existing = await deps.repo.getSubscription(key);
  if (existing?.status === 'confirmed') return PENDING;

  const storeName = setup.name.trim() || (await deps.repo.getBusinessName(storeId))?.trim() || '';
  const confirm = linkOf(deps, key, 'confirm', now);
  const unsubscribe = linkOf(deps, key, 'unsubscribe', now);
  const at = now.toISOString();
  const subscription: Subscription = {
    ...key,
    size: size.label,
    locale: input.locale,
    status: 'pending',
    storeName,
    productName: product.name,
    confirmTokenHash: confirm.link.tokenHash,
    createdAt: existing?.createdAt ?? at,
    ttl: epochSeconds(now.getTime()) + NOTIFY_PENDING_DAYS * DAY_S,
  };
  const eventId = deps.ids.next();
  const event = buildEvent(
    storefrontEmailRequested,
    {
      kind: 'notify_confirm',
      emailId: eventId,
      to: email,
      locale: input.locale,
      storeName,
      productName: product.name,
      size: size.label,
      actionPath: confirmPath(confirm.token),
      unsubscribePath: unsubscribePath(unsubscribe.token),
    },
    { eventId, occurredAt: at },
  );
  // A concurrent twin won: its confirmation is on its way, which is all this one would send.
  await deps.repo.saveRequest(
    subscription,
    existing ? 'renew' : 'create',
    [confirm.link, unsubscribe.link],
    event,
  );
  return PENDING;
}

function outcomeOf(s: Subscription): NotifyOutcome {
  return {
    storeId: s.storeUserId,
    storeName: s.storeName,
    productId: s.productId,
    productName: s.productName,
    size: s.size,
  };
}

/**
 * The confirm link: pending → confirmed. A second click answers `confirmed` again; a link of
 * an earlier confirmation email, or of a subscription that ended (emailed or unsubscribed),
 * is NOTIFY_TOKEN_INVALID.
 */
export async function confirmNotify(
  deps: NotifyDeps,
  token: string,
): Promise<NotifyOutcome & { status: 'confirmed' }> {
  const tokenHash = deps.tokens.hash(token);
  const link = await deps.repo.getLink(tokenHash);
  if (!link || link.purpose !== 'confirm') throw tokenInvalid();
  let subscription = await deps.repo.getSubscription(link);
  if (!subscription || subscription.confirmTokenHash !== tokenHash) throw tokenInvalid();
  if (subscription.status === 'pending') {
    const now = deps.clock.now();
    const ttl = epochSeconds(now.getTime()) + NOTIFY_CONFIRMED_DAYS * DAY_S;
    if ((await deps.repo.confirm(link, tokenHash, now.toISOString(), ttl)) === 'stale') {
      // Confirmed by a twin click, renewed or ended in between: only the first still counts.
      subscription = await deps.repo.getSubscription(link);
      if (subscription?.status !== 'confirmed' || subscription.confirmTokenHash !== tokenHash)
        throw tokenInvalid();
    }
  }
  return { status: 'confirmed', ...outcomeOf(subscription) };
}

/** One click from any notify-me email: the subscription ends; clicking again answers the same. */
export async function unsubscribeNotify(
  deps: NotifyDeps,
  token: string,
): Promise<{ status: 'unsubscribed' }> {
  const link = await deps.repo.getLink(deps.tokens.hash(token));
  if (!link || link.purpose !== 'unsubscribe') throw tokenInvalid();
  await deps.repo.remove(link);
  return { status: 'unsubscribed' };
}

export interface BackInStock {
  storeUserId: string;
  productId: string;
  size: string;
}

/**
 * A size came back in stock: each confirmed subscriber of it gets one email, in its own
 * transaction with the subscription's removal (a redelivered event finds none left). The
 * email's unsubscribe link is a fresh one: clicking it confirms nothing remains.
 */
export async function onBackInStock(deps: NotifyDeps, event: EventDetail<BackInStock>): Promise<number> {
  const { storeUserId, productId, size } = event.data;
  const product = await deps.repo.getProduct(storeUserId, productId);
  const listed = (product && findSize(product.sizes, size)) ?? { label: size, chart: null };
  const subscribers = await deps.repo.listConfirmed(storeUserId, productId, sizeKeyOf(listed));
  let sent = 0;
  for (const subscription of subscribers) {
    const now = deps.clock.now();
    const unsubscribe = linkOf(deps, subscription, 'unsubscribe', now);
    const eventId = deps.ids.next();
    const email = buildEvent(
      storefrontEmailRequested,
      {
        kind: 'back_in_stock',
        emailId: eventId,
        to: subscription.email,
        locale: subscription.locale,
        storeName: subscription.storeName,
        productName: product?.name ?? subscription.productName,
        size: subscription.size,
        actionPath: storefrontProductPath(storeUserId, productId),
        unsubscribePath: unsubscribePath(unsubscribe.token),
      },
      { eventId, occurredAt: now.toISOString() },
    );
    if ((await deps.repo.notify(subscription, unsubscribe.link, email)) === 'committed') sent++;
  }
  return sent;
}
