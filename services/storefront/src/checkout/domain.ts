/**
 * Buying on a storefront (docs/product/online-store.md#buying, docs/adr/0027-storefront-checkout.md):
 * the pair is held for the buyer in the transaction that records the checkout, then the
 * provider's Checkout Session (payment mode) takes the card. Billing's webhook reports the
 * outcome; the consumers here mark the checkout paid (and hand it to commerce through
 * Storefront.CheckoutPaid) or release the hold.
 */
import * as z from 'zod/mini';
import { storefrontCheckoutPaid } from '@sneakers/events/storefront';
import { buildEvent } from '@sneakers/events/define-event';
import { DEMO_MODE_CODE, DEMO_MODE_MESSAGE } from '@sneakers/shared/actor';
import {
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_SESSION_MINUTES,
  type Checkout,
  type checkoutCreateSchema,
} from '@sneakers/shared/contracts/storefront';
import { DEMO } from '@sneakers/shared/demo';
import { ConflictError, ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import type { ProductOffer } from '../catalog/product-entity';
import type { CheckoutBuyer, CheckoutDeps, CheckoutRecord, HoldRequest } from './ports';

export type CheckoutInput = z.output<typeof checkoutCreateSchema>;

/** Checkouts a visitor's address may start in an hour (each holds a pair for 35 minutes). */
export const CHECKOUTS_PER_HOUR = 20;
export const RATE_WINDOW_MS = 3_600_000;
export const RATE_LIMIT_MESSAGE = `Too many checkouts from your network: at most ${CHECKOUTS_PER_HOUR} an hour. Please try again later.`;

const MINUTE_MS = 60_000;

export const storefrontNotFound = () =>
  new NotFoundError('This storefront does not exist or is not open.', 'STOREFRONT_NOT_FOUND');
export const productNotAvailable = () =>
  new NotFoundError('The store no longer sells this product.', 'PRODUCT_NOT_AVAILABLE');
export const sizeNotAvailable = () =>
  new ConflictError(
    'This size is no longer available: someone else is buying this pair right now, or it was sold.',
    'SIZE_NOT_AVAILABLE',
  );
export const checkoutNotFound = () => new NotFoundError('No such checkout.', 'CHECKOUT_NOT_FOUND');

const sameSize = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The public view: an open checkout whose hold has lapsed reads as expired. */
export function toCheckout(record: CheckoutRecord, now: Date): Checkout {
  const lapsed = record.status === 'open' && Date.parse(record.holdExpiresAt) <= now.getTime();
  return {
    checkoutId: record.checkoutId,
    status: lapsed ? 'expired' : record.status,
    productId: record.productId,
    productName: record.productName,
    imageUrl: record.imageUrl,
    size: record.size,
    amount: record.amount,
    currency: record.currency,
    holdExpiresAt: record.holdExpiresAt,
    orderShareId: record.orderShareId,
  };
}

/** Try Demo's storefront shows its sample products but sells nothing (the demo toast). */
function refuseDemo(storeUserId: string) {
  if (storeUserId === DEMO.userId) throw new ForbiddenError(DEMO_MODE_MESSAGE, DEMO_MODE_CODE);
}

/** The cheapest sources of the size first: the buyer pays the price the storefront showed. */
export function offersOfSize(offers: readonly ProductOffer[], size: string): ProductOffer[] {
  return offers.filter((o) => sameSize(o.label, size)).sort((a, b) => a.price - b.price);
}

/** What an Idempotency-Key remembers of a create: the checkout to answer again. */
const createdCheckout = z.object({ storeUserId: z.string(), checkoutId: z.string() });

export interface CreatedCheckout {
  checkout: Checkout;
  url: string;
  created: boolean;
}

const paths = (deps: CheckoutDeps, storeUserId: string, checkoutId: string) => {
  const back = `${deps.appUrl().replace(/\/$/, '')}/store/${encodeURIComponent(storeUserId)}/checkout/${encodeURIComponent(checkoutId)}`;
  return { successUrl: back, cancelUrl: `${back}?cancelled=1` };
};

/**
 * The provider's page closes 31 minutes after the checkout started: the provider counts its
 * 30-minute minimum from its own (later) creation moment, and a retry must send the same
 * parameters. It still closes before the 35-minute hold ends, so the provider never takes a
 * payment for a pair that is no longer held (docs/product/online-store.md#holds).
 */
export function sessionExpiry(record: Pick<CheckoutRecord, 'createdAt'>): string {
  return new Date(Date.parse(record.createdAt) + (CHECKOUT_SESSION_MINUTES + 1) * MINUTE_MS).toISOString();
}

/**
 * Opens (or, on a retry, re-opens) the provider's session of an open checkout. The gateway is
 * idempotent per checkout, so a retry after a lost answer reaches the same session.
 */
async function openSession(deps: CheckoutDeps, record: CheckoutRecord): Promise<string> {
  if (record.sessionUrl) return record.sessionUrl;
  const now = deps.clock.now();
  try {
    const { sessionId, url } = await deps.gateway.createSession({
      checkoutId: record.checkoutId,
      storeUserId: record.storeUserId,
      amount: record.amount,
      currency: record.currency,
      productName: record.productName,
      description: `${record.sku.toUpperCase()} · ${record.size}`,
      imageUrl: record.imageUrl,
      email: record.buyer.email,
      locale: record.buyer.locale,
      expiresAt: sessionExpiry(record),
      ...paths(deps, record.storeUserId, record.checkoutId),
    });
    await deps.repo.attachSession(record, sessionId, url, now.toISOString());
    return url;
  } catch (error) {
    // No page to pay on: the pair goes back on sale at once rather than in 35 minutes.
    if ((await deps.repo.close(record, 'cancelled', now.toISOString())) === 'committed')
      await deps.repo.releaseHold(record);
    throw error;
  }
}

async function replayCreate(
  deps: CheckoutDeps,
  created: z.infer<typeof createdCheckout>,
): Promise<CreatedCheckout> {
  const record = await deps.repo.getCheckout(created.storeUserId, created.checkoutId);
  if (!record) throw new Error('Checkout missing for its idempotency record');
  const now = deps.clock.now();
  const checkout = toCheckout(record, now);
  if (record.sessionUrl !== null) return { checkout, url: record.sessionUrl, created: false };
  // The first request never reached the provider: open its page now, while the pair is held.
  if (checkout.status !== 'open') throw sizeNotAvailable();
  return { checkout, url: await openSession(deps, record), created: false };
}

const ATTEMPTS = 3;

/**
 * POST /api/store/{storeId}/checkout: holds a pair of the size and answers the provider's
 * page. The amount is the storefront's price of that pair, read here, never the request's.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  storeUserId: string,
  headers: Record<string, string>,
  sourceIp: string,
  input: CheckoutInput,
): Promise<CreatedCheckout> {
  refuseDemo(storeUserId);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `storefront.checkout#${storeUserId}`,
    headers,
    request: { storeUserId, input },
    now,
    result: createdCheckout,
  });
  if (request.replay) {
    await refuseClosing(deps, storeUserId);
    return replayCreate(deps, request.replay);
  }

  const setup = await deps.repo.getSetup(storeUserId);
  if (!setup?.enabled || setup.closing) throw storefrontNotFound();
  const product = await deps.repo.getProduct(storeUserId, input.productId);
  if (!product) throw productNotAvailable();
  const offers = offersOfSize(product.offers, input.size);
  if (offers.length === 0) throw sizeNotAvailable();

  const slot = await takeOrRefuse(
    deps.limiter,
    `storefront.checkout#${sourceIp}`,
    { limit: CHECKOUTS_PER_HOUR, windowMs: RATE_WINDOW_MS },
    now,
    RATE_LIMIT_MESSAGE,
  );

  const at = now.toISOString();
  const checkoutId = deps.ids.next();
  const buyer: CheckoutBuyer = {
    name: input.name.trim(),
    email: input.email,
    phone: input.phone.trim(),
    locale: input.locale,
    shipping: {
      line1: input.shipping.line1.trim(),
      line2: input.shipping.line2?.trim() || null,
      city: input.shipping.city.trim(),
      postalCode: input.shipping.postalCode.trim(),
      country: input.shipping.country.toUpperCase(),
    },
  };
  const claim = request.claim({ storeUserId, checkoutId });

  for (const offer of offers) {
    const record: CheckoutRecord = {
      storeUserId,
      checkoutId,
      status: 'open',
      productId: product.productId,
      productName: product.name,
      imageUrl: product.imageUrl,
      size: offer.label,
      amount: offer.price,
      currency: product.currency,
      itemId: offer.itemId,
      listType: offer.listType,
      virtualProductId: offer.virtualProductId,
      productCatalogId: product.productCatalogId,
      productVariantId: offer.productVariantId,
      sku: product.sku,
      brand: product.brand,
      colorway: product.colorway,
      buyer,
      holdExpiresAt: new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * MINUTE_MS).toISOString(),
      sessionId: null,
      sessionUrl: null,
      paymentIntentId: null,
      paidAt: null,
      orderShareId: null,
      createdAt: at,
      updatedAt: at,
    };
    const outcome = await holdAndRecord(deps, record, offer, claim, at);
    if (outcome === 'unavailable') continue;
    if (outcome === 'duplicate') {
      // A concurrent double submit: the winner counts against the limit, this replay does not.
      await deps.limiter.release(slot);
      return replayCreate(deps, await request.winner());
    }
    return { checkout: toCheckout(record, now), url: await openSession(deps, record), created: true };
  }
  await deps.limiter.release(slot);
  throw sizeNotAvailable();
}

/** Availability: the item still has the size and is not sold, and nobody else holds it. */
async function holdAndRecord(
  deps: CheckoutDeps,
  record: CheckoutRecord,
  offer: ProductOffer,
  claim: Parameters<CheckoutDeps['repo']['createCheckout']>[1],
  now: string,
): Promise<'committed' | 'unavailable' | 'duplicate'> {
  // A virtual product is sourced on demand: no stock to read or hold.
  if (!offer.itemId || !offer.listType) {
    const outcome = await deps.repo.createCheckout(record, claim, null);
    return outcome === 'committed' || outcome === 'duplicate' ? outcome : 'unavailable';
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const item = await deps.repo.getItem(record.storeUserId, offer.listType, offer.itemId);
    if (!item || item.status === 'sold' || !item.sizes.some((s) => sameSize(s, offer.label)))
      return 'unavailable';
    const hold: HoldRequest = {
      itemId: offer.itemId,
      listType: offer.listType,
      size: offer.label,
      itemUpdatedAt: item.updatedAt,
      now,
    };
    const outcome = await deps.repo.createCheckout(record, claim, hold);
    if (outcome === 'held') return 'unavailable';
    if (outcome !== 'changed') return outcome;
  }
  throw new TransactionBusyError();
}

/**
 * A closing account's store is offline (docs/product/accounts.md#closing-the-account): its
 * checkouts read as not found, as its pages do. Cancelling still works: it only withdraws the
 * buyer's hold and expires the provider's session, so nothing can be paid to a closing store.
 */
async function refuseClosing(deps: CheckoutDeps, storeUserId: string): Promise<void> {
  if ((await deps.repo.getSetup(storeUserId))?.closing) throw storefrontNotFound();
}

/** GET /api/store/{storeId}/checkout/{checkoutId}: the return page polls it until paid. */
export async function getCheckout(deps: CheckoutDeps, storeUserId: string, checkoutId: string) {
  await refuseClosing(deps, storeUserId);
  const record = await deps.repo.getCheckout(storeUserId, checkoutId);
  if (!record) throw checkoutNotFound();
  return toCheckout(record, deps.clock.now());
}

/**
 * POST …/cancel: the buyer came back without paying. The provider's session is expired first,
 * so it can no longer be paid, and only then is the hold released; a session the buyer did
 * pay meanwhile keeps its hold (the paid event is on its way). Idempotent: a checkout that is
 * no longer open answers as it is.
 */
export async function cancelCheckout(deps: CheckoutDeps, storeUserId: string, checkoutId: string) {
  const record = await deps.repo.getCheckout(storeUserId, checkoutId);
  if (!record) throw checkoutNotFound();
  if (record.status !== 'open') return toCheckout(record, deps.clock.now());
  if (record.sessionId && (await deps.gateway.expireSession(record.sessionId)) === 'complete')
    return toCheckout(record, deps.clock.now());
  const now = deps.clock.now();
  if ((await deps.repo.close(record, 'cancelled', now.toISOString())) === 'committed') {
    await deps.repo.releaseHold(record);
    return toCheckout({ ...record, status: 'cancelled', updatedAt: now.toISOString() }, now);
  }
  return getCheckout(deps, storeUserId, checkoutId);
}

export interface PaidNotice {
  purpose: string;
  reference: string;
  storeUserId: string;
  paymentIntentId: string | null;
  paidAt: string;
}

/**
 * Billing.CheckoutPaid for a storefront session: the checkout becomes paid and commerce gets
 * Storefront.CheckoutPaid in the same transaction, once. The hold stays until it lapses, so
 * the pair cannot be held again before commerce has taken it out of stock.
 */
export async function onCheckoutPaid(deps: CheckoutDeps, notice: PaidNotice): Promise<void> {
  if (notice.purpose !== 'storefront') return;
  const record = await deps.repo.getCheckout(notice.storeUserId, notice.reference);
  if (!record || record.status === 'paid') return;
  const event = buildEvent(
    storefrontCheckoutPaid,
    {
      checkoutId: record.checkoutId,
      storeUserId: record.storeUserId,
      productId: record.productId,
      itemId: record.itemId,
      listType: record.listType,
      virtualProductId: record.virtualProductId,
      size: record.size,
      amount: record.amount,
      currency: record.currency,
      line: {
        productCatalogId: record.productCatalogId,
        productVariantId: record.productVariantId,
        sku: record.sku,
        name: record.productName,
        brand: record.brand,
        colorway: record.colorway,
        imageUrl: record.imageUrl,
      },
      buyer: record.buyer,
      paymentIntentId: notice.paymentIntentId,
      paidAt: notice.paidAt,
    },
    { eventId: deps.ids.next(), occurredAt: notice.paidAt },
  );
  await deps.repo.markPaid(record, { paymentIntentId: notice.paymentIntentId, paidAt: notice.paidAt }, event);
}

/** Billing.CheckoutExpired for a storefront session: the pair is on sale again. */
export async function onCheckoutExpired(
  deps: CheckoutDeps,
  notice: { purpose: string; reference: string; storeUserId: string },
): Promise<void> {
  if (notice.purpose !== 'storefront') return;
  const record = await deps.repo.getCheckout(notice.storeUserId, notice.reference);
  if (!record) return;
  // A cancel already closed it (and released the hold); a paid one keeps its hold.
  if (record.status !== 'open') return;
  if ((await deps.repo.close(record, 'expired', deps.clock.now().toISOString())) === 'committed')
    await deps.repo.releaseHold(record);
}

/** Order.Created from a storefront checkout: the return page links the order's shareable page. */
export async function onOrderCreated(
  deps: CheckoutDeps,
  order: { channel: string; checkoutId: string | null; storeUserId: string; shareId: string },
): Promise<void> {
  if (order.channel !== 'storefront' || !order.checkoutId) return;
  await deps.repo.recordOrder(
    order.storeUserId,
    order.checkoutId,
    order.shareId,
    deps.clock.now().toISOString(),
  );
}
