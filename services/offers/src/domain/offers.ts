import * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  offerLifetimeMs,
  type AnonymousOffer,
  type Offer,
  type OfferStatusView,
} from '@sneakers/shared/contracts/offers';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '@sneakers/shared/errors';
import {
  beginIdempotent,
  type IdempotencyClaim,
  type IdempotencyStore,
} from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import { DEFAULT_CURRENCY, type Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { takeOrRefuse, type RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import { agreedPrice, offerTotal } from '@sneakers/shared/rules/offer-price';
import {
  deriveStatus,
  nextStatus,
  type OfferAction,
  type StoredStatus,
} from '@sneakers/shared/rules/offer-transitions';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import { anonymousOfferAnswered, buildEvent, offerReceived, offerUpdated } from '@sneakers/events';

/**
 * Offers on public lists (spec sections 3, 4, 5, 9). Signed-in offers: one row per
 * item-and-size pair. Anonymous offers: one row with its lines. Both creates are
 * idempotent on the client's Idempotency-Key, and each write carries its event.
 */
export type OfferListType = 'wtb' | 'wtc';
export const RATE_WINDOW_MS = 3_600_000;

export interface OfferableItem {
  id: string;
  userId: string;
  listType: string;
  status: string;
  visibility: string;
  isBulk: boolean;
  sizes: string[];
  sku: string;
  name: string;
  imageUrl: string | null;
  currency: Currency;
}

export interface ProfileSummary {
  userId: string;
  businessName: string;
  publicWtbList: boolean;
  publicWtcList: boolean;
  currency: Currency;
}

export interface OfferRecord {
  id: string;
  /** The first line's id, shared by the lines created in one call, and their ids (oldest first). */
  groupId: string;
  groupOfferIds: string[];
  storeUserId: string;
  resellerUserId: string;
  listType: OfferListType;
  itemId: string;
  itemName: string;
  itemSku: string;
  itemImageUrl: string | null;
  size: string;
  quantity: number;
  offeredPrice: number;
  counterPrice: number | null;
  counterMessage: string | null;
  currency: Currency;
  message: string | null;
  notes: string | null;
  status: StoredStatus;
  senderBusinessName: string;
  receiverBusinessName: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface AnonymousOfferRecord extends Omit<AnonymousOffer, 'status' | 'currency'> {
  status: StoredStatus;
  /** Null on offers made before it was recorded: the owner's currency then. */
  currency: Currency | null;
  /**
   * The secret of the sender's status page (also its lookup row's key); never shown to the
   * store. Null on offers made before status pages: made at their first answer.
   */
  statusToken: string | null;
}

/** Where a status token leads. */
export interface StatusLink {
  token: string;
  storeUserId: string;
  offerId: string;
}

export type OfferEvent = ReturnType<typeof buildEvent>;

/** What an Idempotency-Key remembers of each create: enough to read the result back. */
const createdOffers = z.object({ ids: z.array(z.string()) });
const createdAnonymousOffer = z.object({ storeUserId: z.string(), id: z.string() });
type CreatedOffers = z.infer<typeof createdOffers>;
type CreatedAnonymousOffer = z.infer<typeof createdAnonymousOffer>;

export interface OffersRepository {
  getItem(ownerId: string, listType: OfferListType, itemId: string): Promise<OfferableItem | null>;
  getProfile(userId: string): Promise<ProfileSummary | null>;
  /** One transaction: the key's claim (conditional), the offers, the event. 'duplicate' when the key exists. */
  createOffers(
    offers: OfferRecord[],
    claim: IdempotencyClaim,
    event: OfferEvent,
  ): Promise<'committed' | 'duplicate'>;
  /** One transaction: the claim, the offer, its status link and the event. */
  createAnonymousOffer(
    offer: AnonymousOfferRecord,
    link: StatusLink,
    claim: IdempotencyClaim,
    event: OfferEvent,
  ): Promise<'committed' | 'duplicate'>;
  getStatusLink(token: string): Promise<StatusLink | null>;
  getOffer(id: string): Promise<OfferRecord | null>;
  getOffers(ids: string[]): Promise<OfferRecord[]>;
  getAnonymousOffer(storeUserId: string, id: string): Promise<AnonymousOfferRecord | null>;
  listOffers(box: 'received' | 'sent', userId: string, page: PageRequest): Promise<Page<OfferRecord>>;
  listAnonymousOffers(storeUserId: string, page: PageRequest): Promise<Page<AnonymousOfferRecord>>;
  /**
   * Conditional on the stored status still being `from` and the offer unexpired at `now`,
   * with its event in the same transaction. Null when the condition failed.
   */
  transition(
    offer: OfferRecord,
    from: StoredStatus,
    changes: OfferChanges,
    now: string,
    event: OfferEvent,
  ): Promise<OfferRecord | null>;
  /** As transition, for an anonymous offer; `newLink` is written with it when the offer had no token yet. */
  transitionAnonymous(
    offer: AnonymousOfferRecord,
    from: StoredStatus,
    changes: OfferChanges & { statusToken: string },
    now: string,
    event: OfferEvent,
    newLink: StatusLink | null,
  ): Promise<AnonymousOfferRecord | null>;
}

export interface OfferChanges {
  status: StoredStatus;
  counterPrice: number | null;
  counterMessage: string | null;
  updatedAt: string;
}

export interface OffersDeps {
  repo: OffersRepository;
  idempotency: IdempotencyStore;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  /** Status-page secrets: at least 128 random bits, URL-safe. */
  tokens: IdGenerator;
}

interface OfferLineInput {
  itemId: string;
  size: string;
  offeredPrice: number;
  quantity: number;
  notes?: string | null;
}

export interface OfferTarget {
  listOwnerId: string;
  listType: OfferListType;
  lines: OfferLineInput[];
  message?: string | null;
}

export interface AnonymousOfferInput extends OfferTarget {
  language?: (typeof LANGUAGES)[number];
  contact: {
    name: string;
    email: string;
    phone: string;
    instagram?: string | null;
    discord?: string | null;
  };
}

// ---------------------------------------------------------------- validation

const notOfferable = () =>
  new BadRequestError('ITEM_NOT_OFFERABLE', 'One or more items can no longer receive offers.');

function listFlag(owner: ProfileSummary, listType: OfferListType): boolean {
  return listType === 'wtb' ? owner.publicWtbList : owner.publicWtcList;
}

/** Spec section 4: an item takes offers while it is shown publicly (the list flag is checked apart). */
export function isOfferable(item: OfferableItem | null, listType: OfferListType, size: string): boolean {
  if (!item || item.listType !== listType || !isShownPublicly(item)) return false;
  return item.isBulk || item.sizes.includes(size);
}

async function loadTarget(deps: OffersDeps, target: OfferTarget) {
  const seen = new Set<string>();
  for (const line of target.lines) {
    const pair = `${line.itemId}\u0000${line.size}`;
    if (seen.has(pair))
      throw new ValidationError('Each item and size can be offered once.', {
        lines: ['Each item and size can be offered once.'],
      });
    seen.add(pair);
  }
  const owner = await deps.repo.getProfile(target.listOwnerId);
  if (!owner || !listFlag(owner, target.listType)) throw notOfferable();
  const itemIds = [...new Set(target.lines.map((l) => l.itemId))];
  const items = new Map<string, OfferableItem>();
  await Promise.all(
    itemIds.map(async (id) => {
      const item = await deps.repo.getItem(target.listOwnerId, target.listType, id);
      if (item) items.set(id, item);
    }),
  );
  for (const line of target.lines) {
    if (!isOfferable(items.get(line.itemId) ?? null, target.listType, line.size)) throw notOfferable();
  }
  return { owner, items };
}

const trimmedOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

// ---------------------------------------------------------------- mapping

export function toOffer(record: OfferRecord, now: Date): Offer {
  return {
    id: record.id,
    groupId: record.groupId,
    storeUserId: record.storeUserId,
    resellerUserId: record.resellerUserId,
    listType: record.listType,
    itemId: record.itemId,
    itemName: record.itemName,
    itemSku: record.itemSku,
    itemImageUrl: record.itemImageUrl,
    size: record.size,
    quantity: record.quantity,
    offeredPrice: record.offeredPrice,
    counterPrice: record.counterPrice,
    counterMessage: record.counterMessage,
    currency: record.currency,
    message: record.message,
    notes: record.notes,
    status: deriveStatus(record.status, record.expiresAt, now),
    senderBusinessName: record.senderBusinessName,
    receiverBusinessName: record.receiverBusinessName,
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

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

async function ownerCurrency(deps: OffersDeps, records: readonly AnonymousOfferRecord[]) {
  const first = records[0];
  if (!first || records.every((r) => r.currency !== null)) return DEFAULT_CURRENCY;
  return (await deps.repo.getProfile(first.storeUserId))?.currency ?? DEFAULT_CURRENCY;
}

const eventLines = (lines: AnonymousOfferRecord['lines']) =>
  lines.map(({ itemName, itemSku, size, quantity, offeredPrice }) => ({
    itemName,
    itemSku,
    size,
    quantity,
    offeredPrice,
  }));

// ---------------------------------------------------------------- use cases

async function replayOffers(deps: OffersDeps, created: CreatedOffers) {
  const now = deps.clock.now();
  const records = await deps.repo.getOffers(created.ids);
  const byId = new Map(records.map((r) => [r.id, r]));
  return created.ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toOffer(r, now)] : [];
  });
}

/** Signed-in offer: one pending offer per item-and-size pair, expiring in 7 days. */
export async function createOffers(
  deps: OffersDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: OfferTarget,
): Promise<{ offers: Offer[]; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `offers.create#user#${user.userId}`,
    headers,
    request: input,
    now,
    result: createdOffers,
  });
  if (input.listOwnerId === user.userId)
    throw new BadRequestError('CANNOT_OFFER_OWN_LIST', 'You cannot make an offer on your own list.');
  if (request.replay) return { offers: await replayOffers(deps, request.replay), created: false };

  const sender = await deps.repo.getProfile(user.userId);
  if (!sender) throw new BadRequestError('PROFILE_REQUIRED', 'Complete your profile before making an offer.');
  const { owner, items } = await loadTarget(deps, input);

  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + offerLifetimeMs(input.listOwnerId)).toISOString();
  const message = trimmedOrNull(input.message);
  const groupOfferIds = input.lines.map(() => deps.ids.next());
  const groupId = groupOfferIds[0]!;
  const records: OfferRecord[] = input.lines.map((line, i) => {
    const item = items.get(line.itemId)!;
    return {
      id: groupOfferIds[i]!,
      groupId,
      groupOfferIds,
      storeUserId: owner.userId,
      resellerUserId: user.userId,
      listType: input.listType,
      itemId: item.id,
      itemName: item.name,
      itemSku: item.sku,
      itemImageUrl: item.imageUrl,
      size: line.size,
      quantity: line.quantity,
      offeredPrice: line.offeredPrice,
      counterPrice: null,
      counterMessage: null,
      currency: item.currency,
      message,
      notes: trimmedOrNull(line.notes),
      status: 'pending',
      senderBusinessName: sender.businessName,
      receiverBusinessName: owner.businessName,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const ids = records.map((r) => r.id);
  const event = buildEvent(
    offerReceived,
    {
      offerIds: ids,
      receiverUserId: owner.userId,
      senderName: sender.businessName,
      itemsCount: records.length,
      listType: input.listType,
      anonymous: false,
      lines: records.map(({ itemName, itemSku, size, quantity, offeredPrice }) => ({
        itemName,
        itemSku,
        size,
        quantity,
        offeredPrice,
      })),
      currency: records[0]!.currency,
      message,
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const outcome = await deps.repo.createOffers(records, request.claim({ ids }), event);
  if (outcome === 'duplicate')
    return { offers: await replayOffers(deps, await request.winner()), created: false };
  return { offers: records.map((r) => toOffer(r, now)), created: true };
}

interface CreatedAnonymous {
  offer: AnonymousOffer;
  statusToken: string;
}

async function replayAnonymous(deps: OffersDeps, created: CreatedAnonymousOffer): Promise<CreatedAnonymous> {
  const offer = await deps.repo.getAnonymousOffer(created.storeUserId, created.id);
  if (!offer?.statusToken) throw new Error('Anonymous offer missing for its idempotency record');
  return { offer: toAnonymousOffer(offer, deps.clock.now()), statusToken: offer.statusToken };
}

export const RATE_LIMIT_MESSAGE = `Too many offers on this list from your network: at most ${ANONYMOUS_OFFERS_PER_HOUR} an hour. Please try again later.`;

/** Anonymous offer: one row with its lines; rate-limited per client address and list. */
export async function createAnonymousOffer(
  deps: OffersDeps,
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

export async function listOffers(
  deps: OffersDeps,
  actor: Actor,
  query: { box: 'received' | 'sent' } & PageRequest,
): Promise<{ offers: Offer[]; cursor: string | null }> {
  const user = requireUser(actor);
  const page = await deps.repo.listOffers(query.box, user.userId, query);
  const now = deps.clock.now();
  return { offers: page.items.map((r) => toOffer(r, now)), cursor: page.cursor };
}

export async function listAnonymousOffers(
  deps: OffersDeps,
  actor: Actor,
  query: PageRequest,
): Promise<{ offers: AnonymousOffer[]; cursor: string | null }> {
  const user = requireUser(actor);
  const page = await deps.repo.listAnonymousOffers(user.userId, query);
  const now = deps.clock.now();
  const currency = await ownerCurrency(deps, page.items);
  return { offers: page.items.map((r) => toAnonymousOffer(r, now, currency)), cursor: page.cursor };
}

const offerNotFound = () => new NotFoundError('Offer not found.', 'OFFER_NOT_FOUND');
const offerExpired = () =>
  new ConflictError('This offer has expired and can no longer change.', 'OFFER_EXPIRED');
const invalidTransition = (status: string, action: string) =>
  new ConflictError(`A ${status} offer cannot be ${action}ed by you.`, 'INVALID_TRANSITION');

export type OfferResponse =
  { action: Exclude<OfferAction, 'counter'> } | { action: 'counter'; price: number; message?: string | null };

/** What a response changes: a counter sets its price and note; every other answer keeps them. */
function changesOf(
  offer: { counterPrice: number | null; counterMessage: string | null },
  response: OfferResponse,
  status: StoredStatus,
  updatedAt: string,
): OfferChanges {
  return response.action === 'counter'
    ? { status, counterPrice: response.price, counterMessage: trimmedOrNull(response.message), updatedAt }
    : { status, counterPrice: offer.counterPrice, counterMessage: offer.counterMessage, updatedAt };
}

export async function respondToOffer(
  deps: OffersDeps,
  actor: Actor,
  offerId: string,
  response: OfferResponse,
): Promise<Offer> {
  const user = requireWriter(actor);
  const offer = await deps.repo.getOffer(offerId);
  if (!offer) throw offerNotFound();
  const role =
    offer.storeUserId === user.userId ? 'receiver' : offer.resellerUserId === user.userId ? 'sender' : null;
  if (!role) throw offerNotFound();

  const now = deps.clock.now();
  if (deriveStatus(offer.status, offer.expiresAt, now) === 'expired') throw offerExpired();
  const next = nextStatus(role, offer.status, response.action);
  if (!next) throw invalidTransition(offer.status, response.action);

  const updatedAt = now.toISOString();
  const changes = changesOf(offer, response, next, updatedAt);
  const event = buildEvent(
    offerUpdated,
    {
      offerId: offer.id,
      status: next,
      counterPrice: changes.counterPrice,
      currency: offer.currency,
      itemName: offer.itemName,
      actorName: role === 'receiver' ? offer.receiverBusinessName : offer.senderBusinessName,
      notifyUserId: role === 'receiver' ? offer.resellerUserId : offer.storeUserId,
      lines: [
        {
          itemName: offer.itemName,
          itemSku: offer.itemSku,
          size: offer.size,
          quantity: offer.quantity,
          offeredPrice: offer.offeredPrice,
        },
      ],
      counterMessage: changes.counterMessage,
      agreedPrice: agreedPrice({
        status: next,
        offered: offer.offeredPrice,
        counterPrice: changes.counterPrice,
      }),
    },
    { eventId: deps.ids.next(), occurredAt: updatedAt },
  );
  const updated = await deps.repo.transition(offer, offer.status, changes, updatedAt, event);
  if (!updated) {
    // Someone else moved it first, or it expired meanwhile.
    const current = await deps.repo.getOffer(offerId);
    if (current && deriveStatus(current.status, current.expiresAt, deps.clock.now()) === 'expired')
      throw offerExpired();
    throw invalidTransition(current?.status ?? offer.status, response.action);
  }
  return toOffer(updated, now);
}

/** One offer for either party, with the lines created in the same call (oldest first). */
export async function getOffer(
  deps: OffersDeps,
  actor: Actor,
  offerId: string,
): Promise<{ offer: Offer; group: Offer[] }> {
  const user = requireUser(actor);
  const offer = await deps.repo.getOffer(offerId);
  if (!offer || (offer.storeUserId !== user.userId && offer.resellerUserId !== user.userId))
    throw offerNotFound();
  const now = deps.clock.now();
  const others = offer.groupOfferIds.filter((id) => id !== offer.id);
  const rows = [offer, ...(await deps.repo.getOffers(others))];
  const order = new Map(offer.groupOfferIds.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { offer: toOffer(offer, now), group: rows.map((r) => toOffer(r, now)) };
}

/** One anonymous offer the caller received (404 for every other store: they are keyed under their owner). */
export async function getAnonymousOffer(
  deps: OffersDeps,
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
  deps: OffersDeps,
  actor: Actor,
  offerId: string,
  response: AnonymousOfferResponse,
): Promise<AnonymousOffer> {
  const user = requireWriter(actor);
  const offer = await deps.repo.getAnonymousOffer(user.userId, offerId);
  if (!offer) throw offerNotFound();
  const now = deps.clock.now();
  if (deriveStatus(offer.status, offer.expiresAt, now) === 'expired') throw offerExpired();
  const next = nextStatus('anonymousReceiver', offer.status, response.action);
  if (!next) throw invalidTransition(offer.status, response.action);

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
  if (!updated) {
    const current = await deps.repo.getAnonymousOffer(user.userId, offerId);
    if (current && deriveStatus(current.status, current.expiresAt, deps.clock.now()) === 'expired')
      throw offerExpired();
    throw invalidTransition(current?.status ?? offer.status, response.action);
  }
  return toAnonymousOffer(updated, now, currency);
}

const statusNotFound = () => new NotFoundError('This offer link is not valid.', 'OFFER_NOT_FOUND');

/** The anonymous sender's status page: the offer and the store's business name, nothing private. */
export async function getOfferStatus(deps: OffersDeps, token: string): Promise<OfferStatusView> {
  const link = await deps.repo.getStatusLink(token);
  if (!link) throw statusNotFound();
  const offer = await deps.repo.getAnonymousOffer(link.storeUserId, link.offerId);
  if (!offer) throw statusNotFound();
  const owner = await deps.repo.getProfile(offer.storeUserId);
  const status = deriveStatus(offer.status, offer.expiresAt, deps.clock.now());
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
