/**
 * Anonymous offers (docs/product/offers.md#anonymous-offers): one row with its lines, made
 * by a visitor without an account, rate-limited per client address and list, idempotent on
 * the client's Idempotency-Key; the list owner alone answers them, and the sender follows
 * them on a status page reached by the secret token of their emails
 * (docs/product/offers.md#offer-status-page).
 */
import * as z from 'zod/mini';
import {
  DEMO_MODE_CODE,
  DEMO_MODE_MESSAGE,
  requireUser,
  requireWriter,
  type Actor,
} from '@sneakers/shared/actor';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  offerLifetimeMs,
  type AnonymousOffer,
  type OfferStatusView,
} from '@sneakers/shared/contracts/offers';
import { DEMO } from '@sneakers/shared/demo';
import { ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { DEFAULT_CURRENCY, type Currency } from '@sneakers/shared/money';
import type { PageRequest } from '@sneakers/shared/paging/page';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { agreedPrice, offerTotal } from '@sneakers/shared/rules/offer-price';
import { deriveStatus } from '@sneakers/shared/rules/offer-transitions';
import { anonymousOfferAnswered, buildEvent, offerReceived } from '@sneakers/events';
import { answerStatus, changesOf, eventLines, lostAnswer, offerNotFound } from '../offers/answers';
import { loadTarget, trimmedOrNull, type OfferTarget } from '../offers/offer-target';
import type { ProfileSummary } from '../offers/ports';
import type { AnonymousOfferRecord, AnonymousOffersDeps, Language } from './ports';
import { resolveStorefrontTarget } from './storefront-target';

export const RATE_WINDOW_MS = 3_600_000;

export interface AnonymousOfferInput extends OfferTarget {
  language?: Language;
  contact: {
    name: string;
    email: string;
    phone: string;
    instagram?: string | null;
    discord?: string | null;
  };
}

/** What an Idempotency-Key remembers of a create: enough to read the result back. */
const createdAnonymousOffer = z.object({ storeUserId: z.string(), id: z.string() });
type CreatedAnonymousOffer = z.infer<typeof createdAnonymousOffer>;

/** `ownerCurrency` stands in for offers made before their currency was recorded. */
export function toAnonymousOffer(
  record: AnonymousOfferRecord,
  now: Date,
  ownerCurrency: Currency = DEFAULT_CURRENCY,
): AnonymousOffer {
  const { statusToken: _secret, status, currency, ...rest } = record;
  return {
    ...rest,
    currency: currency ?? ownerCurrency,
    status: deriveStatus(status, record.expiresAt, now),
  };
}

async function ownerCurrency(deps: AnonymousOffersDeps, records: readonly AnonymousOfferRecord[]) {
  const first = records[0];
  if (!first || records.every((r) => r.currency !== null)) return DEFAULT_CURRENCY;
  return (await deps.repo.getProfile(first.storeUserId))?.currency ?? DEFAULT_CURRENCY;
}

interface CreatedAnonymous {
  offer: AnonymousOffer;
  statusToken: string;
}

async function replayAnonymous(
  deps: AnonymousOffersDeps,
  created: CreatedAnonymousOffer,
): Promise<CreatedAnonymous> {
  const offer = await deps.repo.getAnonymousOffer(created.storeUserId, created.id);
  if (!offer?.statusToken) throw new Error('Anonymous offer missing for its idempotency record');
  return { offer: toAnonymousOffer(offer, deps.clock.now()), statusToken: offer.statusToken };
}

export const RATE_LIMIT_MESSAGE = `Too many offers on this list from your network: at most ${ANONYMOUS_OFFERS_PER_HOUR} an hour. Please try again later.`;

/** Anonymous offer: one row with its lines; rate-limited per client address and list. */
export async function createAnonymousOffer(
  deps: AnonymousOffersDeps,
  headers: Record<string, string>,
  sourceIp: string,
  input: AnonymousOfferInput,
): Promise<CreatedAnonymous & { created: boolean }> {
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: 'offers.anonymous',
    headers,
    request: input,
    now,
    result: createdAnonymousOffer,
  });
  if (request.replay) return { ...(await replayAnonymous(deps, request.replay)), created: false };

  const { owner, items } = await loadTarget(deps, input);
  const slot = await takeOrRefuse(
    deps.limiter,
    `offers.anonymous#${sourceIp}#${input.listOwnerId}#${input.listType}`,
    { limit: ANONYMOUS_OFFERS_PER_HOUR, windowMs: RATE_WINDOW_MS },
    now,
    RATE_LIMIT_MESSAGE,
  );

  const createdAt = now.toISOString();
  const { contact } = input;
  const lineItems = input.lines.map((line) => items.get(line.itemId)!);
  const record: AnonymousOfferRecord = {
    id: deps.ids.next(),
    storeUserId: owner.userId,
    listType: input.listType,
    language: input.language ?? 'en',
    currency: lineItems[0]?.currency ?? owner.currency,
    statusToken: deps.tokens.next(),
    contactName: contact.name.trim(),
    contactEmail: contact.email.trim(),
    contactPhone: contact.phone.trim(),
    instagram: trimmedOrNull(contact.instagram),
    discord: trimmedOrNull(contact.discord),
    message: trimmedOrNull(input.message),
    totalItems: input.lines.length,
    status: 'pending',
    lines: input.lines.map((line, i) => {
      const item = lineItems[i]!;
      return {
        targetItemId: item.id,
        itemName: item.name,
        itemSku: item.sku,
        size: line.size,
        offeredPrice: line.offeredPrice,
        quantity: line.quantity,
        notes: trimmedOrNull(line.notes),
      };
    }),
    counterPrice: null,
    counterMessage: null,
    expiresAt: new Date(now.getTime() + offerLifetimeMs(input.listOwnerId)).toISOString(),
    createdAt,
    updatedAt: createdAt,
  };
  const statusToken = record.statusToken!;
  const event = buildEvent(
    offerReceived,
    {
      offerIds: [record.id],
      receiverUserId: owner.userId,
      senderName: record.contactName,
      itemsCount: record.lines.length,
      listType: input.listType,
      anonymous: true,
      lines: eventLines(record.lines),
      currency: record.currency ?? owner.currency,
      message: record.message,
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const claim = request.claim({ storeUserId: owner.userId, id: record.id });
  const link = { token: statusToken, storeUserId: owner.userId, offerId: record.id };
  if ((await deps.repo.createAnonymousOffer(record, link, claim, event)) === 'duplicate') {
    // A concurrent double submit: the winner counts against the limit, this replay does not.
    await deps.limiter.release(slot);
    return { ...(await replayAnonymous(deps, await request.winner())), created: false };
  }
  return { offer: toAnonymousOffer(record, now), statusToken, created: true };
}

export async function listAnonymousOffers(
  deps: AnonymousOffersDeps,
  actor: Actor,
  query: PageRequest,
): Promise<{ offers: AnonymousOffer[]; cursor: string | null }> {
  const user = requireUser(actor);
  const page = await deps.repo.listAnonymousOffers(user.userId, query);
  const now = deps.clock.now();
  const currency = await ownerCurrency(deps, page.items);
  return { offers: page.items.map((r) => toAnonymousOffer(r, now, currency)), cursor: page.cursor };
}

/** One anonymous offer the caller received (404 for every other store: they are keyed under their owner). */
export async function getAnonymousOffer(
  deps: AnonymousOffersDeps,
  actor: Actor,
  offerId: string,
): Promise<AnonymousOffer> {
  const user = requireUser(actor);
  const offer = await deps.repo.getAnonymousOffer(user.userId, offerId);
  if (!offer) throw offerNotFound();
  return toAnonymousOffer(offer, deps.clock.now(), await ownerCurrency(deps, [offer]));
}

export type AnonymousOfferResponse =
  { action: 'accept' | 'decline' } | { action: 'counter'; price: number; message?: string | null };

/**
 * The list owner answers an anonymous offer (a counter is one price for all its lines); the
 * sender is emailed, in their language, a link to the offer's status page.
 */
export async function respondToAnonymousOffer(
  deps: AnonymousOffersDeps,
  actor: Actor,
  offerId: string,
  response: AnonymousOfferResponse,
): Promise<AnonymousOffer> {
  const user = requireWriter(actor);
  const offer = await deps.repo.getAnonymousOffer(user.userId, offerId);
  if (!offer) throw offerNotFound();
  const now = deps.clock.now();
  const next = answerStatus('anonymousReceiver', offer, response.action, now);

  const owner = await deps.repo.getProfile(user.userId);
  const currency = offer.currency ?? owner?.currency ?? DEFAULT_CURRENCY;
  const updatedAt = now.toISOString();
  const newLink = offer.statusToken
    ? null
    : { token: deps.tokens.next(), storeUserId: offer.storeUserId, offerId: offer.id };
  const statusToken = offer.statusToken ?? newLink!.token;
  const changes = { ...changesOf(offer, response, next, updatedAt), statusToken };
  const offeredTotal = offerTotal(offer.lines);
  const event = buildEvent(
    anonymousOfferAnswered,
    {
      offerId: offer.id,
      storeUserId: offer.storeUserId,
      status: next,
      storeBusinessName: owner?.businessName ?? '',
      senderName: offer.contactName,
      senderEmail: offer.contactEmail,
      language: offer.language,
      statusToken,
      currency,
      lines: eventLines(offer.lines),
      offeredTotal,
      counterPrice: changes.counterPrice,
      counterMessage: changes.counterMessage,
      agreedPrice: agreedPrice({ status: next, offered: offeredTotal, counterPrice: changes.counterPrice }),
    },
    { eventId: deps.ids.next(), occurredAt: updatedAt },
  );
  const updated = await deps.repo.transitionAnonymous(
    offer,
    offer.status,
    changes,
    updatedAt,
    event,
    newLink,
  );
  if (!updated)
    throw lostAnswer(
      await deps.repo.getAnonymousOffer(user.userId, offerId),
      offer,
      response.action,
      deps.clock.now(),
    );
  return toAnonymousOffer(updated, now, currency);
}

export interface StorefrontOfferInput {
  storeId: string;
  productId: string;
  size: string;
  offeredPrice: number;
  message?: string | null;
  language?: Language;
  contact: AnonymousOfferInput['contact'];
}

interface CreatedStorefrontOffer {
  offer: OfferStatusView;
  statusToken: string;
  created: boolean;
}

async function replayStorefront(
  deps: AnonymousOffersDeps,
  created: CreatedAnonymousOffer,
): Promise<CreatedStorefrontOffer> {
  const offer = await deps.repo.getAnonymousOffer(created.storeUserId, created.id);
  if (!offer?.statusToken) throw new Error('Storefront offer missing for its idempotency record');
  const owner = await deps.repo.getProfile(offer.storeUserId);
  return {
    offer: statusViewOf(offer, owner, deps.clock.now()),
    statusToken: offer.statusToken,
    created: false,
  };
}

export const STOREFRONT_RATE_LIMIT_MESSAGE = `Too many offers to this store from your network: at most ${ANONYMOUS_OFFERS_PER_HOUR} an hour. Please try again later.`;

/**
 * An anonymous offer made on a storefront product page (docs/product/offers.md#storefront-offers):
 * the same anonymous offer as on a public list, one line for one pair of the size, recorded
 * against the item the server finds behind that size. The sender is answered what their status
 * page shows, so the storefront's item ids never reach them.
 */
export async function createStorefrontOffer(
  deps: AnonymousOffersDeps,
  headers: Record<string, string>,
  sourceIp: string,
  input: StorefrontOfferInput,
): Promise<CreatedStorefrontOffer> {
  // Try Demo's storefront takes no writes, like its Buy (docs/product/online-store.md#make-an-offer).
  if (input.storeId === DEMO.userId) throw new ForbiddenError(DEMO_MODE_MESSAGE, DEMO_MODE_CODE);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: 'offers.storefront',
    headers,
    request: input,
    now,
    result: createdAnonymousOffer,
  });
  if (request.replay) return replayStorefront(deps, request.replay);

  const [enabled, found, owner] = await Promise.all([
    deps.repo.getStorefrontEnabled(input.storeId),
    deps.repo.getStorefrontProduct(input.storeId, input.productId),
    deps.repo.getProfile(input.storeId),
  ]);
  const { product, pair } = resolveStorefrontTarget(enabled, found, input.size);
  const slot = await takeOrRefuse(
    deps.limiter,
    `offers.anonymous#${sourceIp}#${input.storeId}#storefront`,
    { limit: ANONYMOUS_OFFERS_PER_HOUR, windowMs: RATE_WINDOW_MS },
    now,
    STOREFRONT_RATE_LIMIT_MESSAGE,
  );

  const createdAt = now.toISOString();
  const { contact } = input;
  const record: AnonymousOfferRecord = {
    id: deps.ids.next(),
    storeUserId: input.storeId,
    listType: pair.listType,
    language: input.language ?? 'en',
    currency: product.currency,
    statusToken: deps.tokens.next(),
    contactName: contact.name.trim(),
    contactEmail: contact.email.trim(),
    contactPhone: contact.phone.trim(),
    instagram: trimmedOrNull(contact.instagram),
    discord: trimmedOrNull(contact.discord),
    message: trimmedOrNull(input.message),
    totalItems: 1,
    status: 'pending',
    lines: [
      {
        targetItemId: pair.itemId,
        itemName: product.name,
        itemSku: product.sku,
        size: pair.label,
        offeredPrice: input.offeredPrice,
        quantity: 1,
        notes: null,
      },
    ],
    counterPrice: null,
    counterMessage: null,
    expiresAt: new Date(now.getTime() + offerLifetimeMs(input.storeId)).toISOString(),
    createdAt,
    updatedAt: createdAt,
  };
  const statusToken = record.statusToken!;
  const event = buildEvent(
    offerReceived,
    {
      offerIds: [record.id],
      receiverUserId: record.storeUserId,
      senderName: record.contactName,
      itemsCount: 1,
      listType: pair.listType,
      anonymous: true,
      lines: eventLines(record.lines),
      currency: product.currency,
      message: record.message,
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const claim = request.claim({ storeUserId: record.storeUserId, id: record.id });
  const link = { token: statusToken, storeUserId: record.storeUserId, offerId: record.id };
  if ((await deps.repo.createAnonymousOffer(record, link, claim, event)) === 'duplicate') {
    await deps.limiter.release(slot);
    return replayStorefront(deps, await request.winner());
  }
  return { offer: statusViewOf(record, owner, now), statusToken, created: true };
}

const statusNotFound = () => new NotFoundError('This offer link is not valid.', 'OFFER_NOT_FOUND');

/** The anonymous sender's status page: the offer and the store's business name, nothing private. */
export async function getOfferStatus(deps: AnonymousOffersDeps, token: string): Promise<OfferStatusView> {
  const link = await deps.repo.getStatusLink(token);
  if (!link) throw statusNotFound();
  const offer = await deps.repo.getAnonymousOffer(link.storeUserId, link.offerId);
  if (!offer) throw statusNotFound();
  const owner = await deps.repo.getProfile(offer.storeUserId);
  return statusViewOf(offer, owner, deps.clock.now());
}

/** What the sender may see of their offer: no contact details of either side, no item ids. */
function statusViewOf(offer: AnonymousOfferRecord, owner: ProfileSummary | null, now: Date): OfferStatusView {
  const status = deriveStatus(offer.status, offer.expiresAt, now);
  const offeredTotal = offerTotal(offer.lines);
  return {
    status,
    listType: offer.listType,
    storeBusinessName: owner?.businessName ?? '',
    currency: offer.currency ?? owner?.currency ?? DEFAULT_CURRENCY,
    lines: offer.lines.map(({ itemName, itemSku, size, offeredPrice, quantity }) => ({
      itemName,
      itemSku,
      size,
      offeredPrice,
      quantity,
    })),
    offeredTotal,
    counterPrice: offer.counterPrice,
    counterMessage: offer.counterMessage,
    agreedPrice: agreedPrice({ status, offered: offeredTotal, counterPrice: offer.counterPrice }),
    expiresAt: offer.expiresAt,
    createdAt: offer.createdAt,
    updatedAt: offer.updatedAt,
  };
}
