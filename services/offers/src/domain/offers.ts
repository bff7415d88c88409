import * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  offerLifetimeMs,
  type AnonymousOffer,
  type Offer,
} from '@sneakers/shared/contracts/offers';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '@sneakers/shared/errors';
import {
  beginIdempotent,
  type IdempotencyClaim,
  type IdempotencyStore,
} from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { takeOrRefuse, type RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import {
  deriveStatus,
  nextStatus,
  type OfferAction,
  type StoredStatus,
} from '@sneakers/shared/rules/offer-transitions';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import { buildEvent, offerReceived, offerUpdated } from '@sneakers/events';

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
}

export interface OfferRecord {
  id: string;
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

export interface AnonymousOfferRecord extends Omit<AnonymousOffer, 'status'> {
  status: StoredStatus;
  expiresAt: string;
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
  createAnonymousOffer(
    offer: AnonymousOfferRecord,
    claim: IdempotencyClaim,
    event: OfferEvent,
  ): Promise<'committed' | 'duplicate'>;
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
    changes: { status: StoredStatus; counterPrice: number | null; updatedAt: string },
    now: string,
    event: OfferEvent,
  ): Promise<OfferRecord | null>;
}

export interface OffersDeps {
  repo: OffersRepository;
  idempotency: IdempotencyStore;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
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
    storeUserId: record.storeUserId,
    resellerUserId: record.resellerUserId,
    itemId: record.itemId,
    itemName: record.itemName,
    itemSku: record.itemSku,
    itemImageUrl: record.itemImageUrl,
    size: record.size,
    quantity: record.quantity,
    offeredPrice: record.offeredPrice,
    counterPrice: record.counterPrice,
    currency: record.currency,
    message: record.message,
    status: deriveStatus(record.status, record.expiresAt, now),
    senderBusinessName: record.senderBusinessName,
    receiverBusinessName: record.receiverBusinessName,
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function toAnonymousOffer(record: AnonymousOfferRecord, now: Date): AnonymousOffer {
  const { expiresAt, status, ...rest } = record;
  return { ...rest, status: deriveStatus(status, expiresAt, now) };
}

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
  const records: OfferRecord[] = input.lines.map((line) => {
    const item = items.get(line.itemId)!;
    return {
      id: deps.ids.next(),
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
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const outcome = await deps.repo.createOffers(records, request.claim({ ids }), event);
  if (outcome === 'duplicate')
    return { offers: await replayOffers(deps, await request.winner()), created: false };
  return { offers: records.map((r) => toOffer(r, now)), created: true };
}

async function replayAnonymous(deps: OffersDeps, created: CreatedAnonymousOffer): Promise<AnonymousOffer> {
  const offer = await deps.repo.getAnonymousOffer(created.storeUserId, created.id);
  if (!offer) throw new Error('Anonymous offer missing for its idempotency record');
  return toAnonymousOffer(offer, deps.clock.now());
}

export const RATE_LIMIT_MESSAGE = `Too many offers on this list from your network: at most ${ANONYMOUS_OFFERS_PER_HOUR} an hour. Please try again later.`;

/** Anonymous offer: one row with its lines; rate-limited per client address and list. */
export async function createAnonymousOffer(
  deps: OffersDeps,
  headers: Record<string, string>,
  sourceIp: string,
  input: AnonymousOfferInput,
): Promise<{ offer: AnonymousOffer; created: boolean }> {
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: 'offers.anonymous',
    headers,
    request: input,
    now,
    result: createdAnonymousOffer,
  });
  if (request.replay) return { offer: await replayAnonymous(deps, request.replay), created: false };

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
  const record: AnonymousOfferRecord = {
    id: deps.ids.next(),
    storeUserId: owner.userId,
    listType: input.listType,
    contactName: contact.name.trim(),
    contactEmail: contact.email.trim(),
    contactPhone: contact.phone.trim(),
    instagram: trimmedOrNull(contact.instagram),
    discord: trimmedOrNull(contact.discord),
    message: trimmedOrNull(input.message),
    totalItems: input.lines.length,
    status: 'pending',
    lines: input.lines.map((line) => {
      const item = items.get(line.itemId)!;
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
    expiresAt: new Date(now.getTime() + offerLifetimeMs(input.listOwnerId)).toISOString(),
    createdAt,
  };
  const event = buildEvent(
    offerReceived,
    {
      offerIds: [record.id],
      receiverUserId: owner.userId,
      senderName: record.contactName,
      itemsCount: record.lines.length,
      listType: input.listType,
      anonymous: true,
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const claim = request.claim({ storeUserId: owner.userId, id: record.id });
  if ((await deps.repo.createAnonymousOffer(record, claim, event)) === 'duplicate') {
    // A concurrent double submit: the winner counts against the limit, this replay does not.
    await deps.limiter.release(slot);
    return { offer: await replayAnonymous(deps, await request.winner()), created: false };
  }
  return { offer: toAnonymousOffer(record, now), created: true };
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
  return { offers: page.items.map((r) => toAnonymousOffer(r, now)), cursor: page.cursor };
}

const offerNotFound = () => new NotFoundError('Offer not found.', 'OFFER_NOT_FOUND');
const offerExpired = () =>
  new ConflictError('This offer has expired and can no longer change.', 'OFFER_EXPIRED');
const invalidTransition = (status: string, action: string) =>
  new ConflictError(`A ${status} offer cannot be ${action}ed by you.`, 'INVALID_TRANSITION');

export type OfferResponse =
  { action: Exclude<OfferAction, 'counter'> } | { action: 'counter'; price: number };

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
  const counterPrice = response.action === 'counter' ? response.price : offer.counterPrice;
  const event = buildEvent(
    offerUpdated,
    {
      offerId: offer.id,
      status: next,
      counterPrice,
      currency: offer.currency,
      itemName: offer.itemName,
      actorName: role === 'receiver' ? offer.receiverBusinessName : offer.senderBusinessName,
      notifyUserId: role === 'receiver' ? offer.resellerUserId : offer.storeUserId,
    },
    { eventId: deps.ids.next(), occurredAt: updatedAt },
  );
  const updated = await deps.repo.transition(
    offer,
    offer.status,
    { status: next, counterPrice, updatedAt },
    updatedAt,
    event,
  );
  if (!updated) {
    // Someone else moved it first, or it expired meanwhile.
    const current = await deps.repo.getOffer(offerId);
    if (current && deriveStatus(current.status, current.expiresAt, deps.clock.now()) === 'expired')
      throw offerExpired();
    throw invalidTransition(current?.status ?? offer.status, response.action);
  }
  return toOffer(updated, now);
}
