import { createHash } from 'node:crypto';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  OFFER_EXPIRY_MS,
  type AnonymousOffer,
  type Offer,
} from '@sneakers/shared/contracts/offers';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '@sneakers/shared/errors';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import { buildEvent, offerReceived, offerUpdated } from '@sneakers/events';
import { deriveStatus, nextStatus, type OfferAction, type StoredStatus } from './transitions';

/**
 * Offers on public lists (spec sections 3, 4, 5, 9). Signed-in offers: one row per
 * item-and-size pair. Anonymous offers: one row with its lines. Both creates are
 * idempotent on the client's Idempotency-Key, and each write carries its event.
 */
export type OfferListType = 'wtb' | 'wtc';
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
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

export interface IdempotencyRecord {
  scope: string;
  key: string;
  kind: 'offers' | 'anonymous';
  /** SHA-256 of the request: the same key with another request is refused. */
  fingerprint: string;
  storeUserId: string;
  ids: string[];
  createdAt: string;
}

export type OfferEvent = ReturnType<typeof buildEvent>;

export interface Page<T> {
  records: T[];
  cursor: string | null;
}

export interface PageRequest {
  cursor?: string;
  limit?: number;
}

export interface OffersRepository {
  getItem(ownerId: string, listType: OfferListType, itemId: string): Promise<OfferableItem | null>;
  getProfile(userId: string): Promise<ProfileSummary | null>;
  getIdempotency(scope: string, key: string): Promise<IdempotencyRecord | null>;
  /** One transaction: conditional put of the key, the offers, the event. 'duplicate' when the key exists. */
  createOffers(
    offers: OfferRecord[],
    key: IdempotencyRecord,
    event: OfferEvent,
  ): Promise<'created' | 'duplicate'>;
  createAnonymousOffer(
    offer: AnonymousOfferRecord,
    key: IdempotencyRecord,
    event: OfferEvent,
  ): Promise<'created' | 'duplicate'>;
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
  /** Takes one of `limit` rolling-window slots of the bucket; null when all are taken. */
  takeRateSlot(bucket: string, now: Date, limit: number, windowMs: number): Promise<RateSlot | null>;
  /** Gives a slot back (a request that turned out to be a replay), if still held by that take. */
  releaseRateSlot(slot: RateSlot): Promise<void>;
}

export interface RateSlot {
  bucket: string;
  slot: number;
  takenAt: number;
}

export interface OffersDeps {
  repo: OffersRepository;
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

// ---------------------------------------------------------------- idempotency

const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The Idempotency-Key header: 8 to 100 visible ASCII characters, else 400. */
export function idempotencyKeyFrom(headers: Record<string, string>): string {
  const key = headers['idempotency-key']?.trim();
  if (!key || key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(key))
    throw new BadRequestError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `An Idempotency-Key header of ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters is required.`,
    );
  return key;
}

export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function checkReplay(record: IdempotencyRecord, kind: IdempotencyRecord['kind'], print: string) {
  if (record.kind !== kind || record.fingerprint !== print)
    throw new ConflictError(
      'This Idempotency-Key was already used for a different request.',
      'IDEMPOTENCY_KEY_REUSED',
    );
}

// ---------------------------------------------------------------- validation

const notOfferable = () =>
  new BadRequestError('ITEM_NOT_OFFERABLE', 'One or more items can no longer receive offers.');

function listFlag(owner: ProfileSummary, listType: OfferListType): boolean {
  return listType === 'wtb' ? owner.publicWtbList : owner.publicWtcList;
}

/** Spec section 4: shown when the list flag is on, the item public and pending. */
export function isOfferable(item: OfferableItem | null, listType: OfferListType, size: string): boolean {
  if (!item || item.listType !== listType) return false;
  if (item.visibility !== 'public' || item.status !== 'pending') return false;
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
  const items = new Map<string, OfferableItem | null>();
  await Promise.all(
    itemIds.map(async (id) =>
      items.set(id, await deps.repo.getItem(target.listOwnerId, target.listType, id)),
    ),
  );
  for (const line of target.lines) {
    if (!isOfferable(items.get(line.itemId) ?? null, target.listType, line.size)) throw notOfferable();
  }
  return { owner, items: items as Map<string, OfferableItem> };
}

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

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

async function replayOffers(deps: OffersDeps, record: IdempotencyRecord) {
  const now = deps.clock.now();
  const records = await deps.repo.getOffers(record.ids);
  const byId = new Map(records.map((r) => [r.id, r]));
  return record.ids.flatMap((id) => {
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
  const user = requireUser(actor);
  const key = idempotencyKeyFrom(headers);
  if (input.listOwnerId === user.userId)
    throw new BadRequestError('CANNOT_OFFER_OWN_LIST', 'You cannot make an offer on your own list.');
  const scope = `user#${user.userId}`;
  const print = fingerprint({ kind: 'offers', input });
  const previous = await deps.repo.getIdempotency(scope, key);
  if (previous) {
    checkReplay(previous, 'offers', print);
    return { offers: await replayOffers(deps, previous), created: false };
  }

  const sender = await deps.repo.getProfile(user.userId);
  if (!sender) throw new BadRequestError('PROFILE_REQUIRED', 'Complete your profile before making an offer.');
  const { owner, items } = await loadTarget(deps, input);

  const now = deps.clock.now();
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + OFFER_EXPIRY_MS).toISOString();
  const message = orNull(input.message);
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
      notes: orNull(line.notes),
      status: 'pending',
      senderBusinessName: sender.businessName,
      receiverBusinessName: owner.businessName,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const idempotency: IdempotencyRecord = {
    scope,
    key,
    kind: 'offers',
    fingerprint: print,
    storeUserId: owner.userId,
    ids: records.map((r) => r.id),
    createdAt,
  };
  const event = buildEvent(
    offerReceived,
    {
      offerIds: idempotency.ids,
      receiverUserId: owner.userId,
      senderName: sender.businessName,
      itemsCount: records.length,
      listType: input.listType,
      anonymous: false,
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const outcome = await deps.repo.createOffers(records, idempotency, event);
  if (outcome === 'duplicate') {
    const winner = await deps.repo.getIdempotency(scope, key);
    if (!winner) throw new Error('Idempotency record vanished after a duplicate');
    checkReplay(winner, 'offers', print);
    return { offers: await replayOffers(deps, winner), created: false };
  }
  return { offers: records.map((r) => toOffer(r, now)), created: true };
}

async function replayAnonymous(deps: OffersDeps, record: IdempotencyRecord): Promise<AnonymousOffer> {
  const offer = await deps.repo.getAnonymousOffer(record.storeUserId, record.ids[0] ?? '');
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
  const key = idempotencyKeyFrom(headers);
  const scope = 'anonymous';
  const print = fingerprint({ kind: 'anonymous', input });
  const previous = await deps.repo.getIdempotency(scope, key);
  if (previous) {
    checkReplay(previous, 'anonymous', print);
    return { offer: await replayAnonymous(deps, previous), created: false };
  }

  const { owner, items } = await loadTarget(deps, input);
  const now = deps.clock.now();
  const bucket = `${sourceIp}#${input.listOwnerId}#${input.listType}`;
  const slot = await deps.repo.takeRateSlot(bucket, now, ANONYMOUS_OFFERS_PER_HOUR, RATE_WINDOW_MS);
  if (!slot) throw new RateLimitedError(RATE_LIMIT_MESSAGE);

  const createdAt = now.toISOString();
  const { contact } = input;
  const record: AnonymousOfferRecord = {
    id: deps.ids.next(),
    storeUserId: owner.userId,
    listType: input.listType,
    contactName: contact.name.trim(),
    contactEmail: contact.email.trim(),
    contactPhone: contact.phone.trim(),
    instagram: orNull(contact.instagram),
    discord: orNull(contact.discord),
    message: orNull(input.message),
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
        notes: orNull(line.notes),
      };
    }),
    expiresAt: new Date(now.getTime() + OFFER_EXPIRY_MS).toISOString(),
    createdAt,
  };
  const idempotency: IdempotencyRecord = {
    scope,
    key,
    kind: 'anonymous',
    fingerprint: print,
    storeUserId: owner.userId,
    ids: [record.id],
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
  if ((await deps.repo.createAnonymousOffer(record, idempotency, event)) === 'duplicate') {
    // A concurrent double submit: the winner counts against the limit, this replay does not.
    await deps.repo.releaseRateSlot(slot);
    const winner = await deps.repo.getIdempotency(scope, key);
    if (!winner) throw new Error('Idempotency record vanished after a duplicate');
    checkReplay(winner, 'anonymous', print);
    return { offer: await replayAnonymous(deps, winner), created: false };
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
  return { offers: page.records.map((r) => toOffer(r, now)), cursor: page.cursor };
}

export async function listAnonymousOffers(
  deps: OffersDeps,
  actor: Actor,
  query: PageRequest,
): Promise<{ offers: AnonymousOffer[]; cursor: string | null }> {
  const user = requireUser(actor);
  const page = await deps.repo.listAnonymousOffers(user.userId, query);
  const now = deps.clock.now();
  return { offers: page.records.map((r) => toAnonymousOffer(r, now)), cursor: page.cursor };
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
  const user = requireUser(actor);
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
