import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { Consignment, ConsignmentStatus, consignmentCreateSchema } from '@sneakers/shared/contracts/crm';
import type { LANGUAGES } from '@sneakers/shared/contracts/profile';
import { BadRequestError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import type { Currency } from '@sneakers/shared/money';
import { buildEvent, consignmentCreated, consignmentSold, type EventDefinition } from '@sneakers/events';
import {
  providerNotFound,
  writer,
  type ProviderEvent,
  type ProviderRecord,
  type ProvidersDeps,
} from './providers';

/**
 * Consignments (spec: Consignment, send-consignment-email): goods an approved provider
 * leaves with the store to sell. They live under (store, provider), so another store's
 * provider or consignment is simply not found. Create is idempotent on the Idempotency-Key
 * and, like "sold", writes its event through the outbox in the same transaction.
 */
export type Language = (typeof LANGUAGES)[number];
export type ConsignmentInput = z.output<typeof consignmentCreateSchema>;

export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_PATTERN = /^[\x21-\x7e]+$/;

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
  createdAt: string;
  updatedAt: string;
}

export interface ConsignmentIdempotency {
  storeUserId: string;
  key: string;
  /** SHA-256 of (provider, request): the same key with another request is refused. */
  fingerprint: string;
  providerId: string;
  consignmentId: string;
  createdAt: string;
}

/** What the consignment emails and the default currency need from the profiles service's row. */
export interface StoreProfile {
  businessName: string;
  language: Language | null;
  currency: Currency | null;
}

export interface ConsignmentsRepository {
  /** One Query of the (store, provider) partition, newest first (ULIDs). */
  listConsignments(storeUserId: string, providerId: string): Promise<ConsignmentRecord[]>;
  /** Consistent GetItem by (store, provider, id). */
  getConsignment(storeUserId: string, providerId: string, id: string): Promise<ConsignmentRecord | null>;
  getConsignmentIdempotency(storeUserId: string, key: string): Promise<ConsignmentIdempotency | null>;
  /**
   * One transaction: the key (only if absent), the provider's consignment count + 1
   * (conditional on the provider existing and being approved), the consignment and its event.
   */
  createConsignment(
    record: ConsignmentRecord,
    key: ConsignmentIdempotency,
    event: ProviderEvent,
  ): Promise<'created' | 'duplicate' | 'providerNotApproved'>;
  /** Conditional on the stored status still being `in_stock`; the event (if any) in the same transaction. */
  finishConsignment(next: ConsignmentRecord, event: ProviderEvent | null): Promise<'updated' | 'stale'>;
  getStoreProfile(storeUserId: string): Promise<StoreProfile | null>;
}

// ---------------------------------------------------------------- rules

export const consignmentNotFound = () => new NotFoundError('Consignment not found.', 'CONSIGNMENT_NOT_FOUND');
export const providerNotApproved = () =>
  new ConflictError('Consignments can only be recorded for an approved provider.', 'PROVIDER_NOT_APPROVED');
export const notInStock = () =>
  new ConflictError('Only a consignment that is in stock can change.', 'CONSIGNMENT_NOT_IN_STOCK');

/** The Idempotency-Key header: 8 to 100 visible ASCII characters, else 400 (as bookings). */
export function idempotencyKeyFrom(headers: Record<string, string>): string {
  const key = headers['idempotency-key']?.trim();
  if (!key || key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(key))
    throw new BadRequestError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `An Idempotency-Key header of ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters is required.`,
    );
  return key;
}

export const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

function checkReplay(record: ConsignmentIdempotency, print: string) {
  if (record.fingerprint !== print)
    throw new ConflictError(
      'This Idempotency-Key was already used for a different request.',
      'IDEMPOTENCY_KEY_REUSED',
    );
}

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function newConsignment(
  provider: Pick<ProviderRecord, 'storeUserId' | 'id'>,
  input: ConsignmentInput,
  meta: { id: string; now: Date; defaultCurrency: Currency | null },
): ConsignmentRecord {
  const at = meta.now.toISOString();
  return {
    storeUserId: provider.storeUserId,
    providerId: provider.id,
    id: meta.id,
    itemSku: input.itemSku.trim(),
    itemName: input.itemName.trim(),
    size: input.size.trim(),
    productVariantId: orNull(input.productVariantId),
    price: input.price,
    salePrice: null,
    currency: input.currency ?? meta.defaultCurrency ?? 'EUR',
    status: 'in_stock',
    notes: orNull(input.notes),
    soldAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** In stock → sold (with the sale price) or returned; anything else is a 409. */
export function finish(
  record: ConsignmentRecord,
  outcome: { status: 'sold'; salePrice: number } | { status: 'returned' },
  now: Date,
): ConsignmentRecord {
  if (record.status !== 'in_stock') throw notInStock();
  const at = now.toISOString();
  return outcome.status === 'sold'
    ? { ...record, status: 'sold', salePrice: outcome.salePrice, soldAt: at, updatedAt: at }
    : { ...record, status: 'returned', updatedAt: at };
}

export function toConsignment(record: ConsignmentRecord): Consignment {
  return {
    id: record.id,
    providerId: record.providerId,
    itemSku: record.itemSku,
    itemName: record.itemName,
    size: record.size,
    productVariantId: record.productVariantId,
    price: record.price,
    salePrice: record.salePrice,
    currency: record.currency,
    status: record.status,
    notes: record.notes,
    soldAt: record.soldAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Everything the consignment email needs, so the consumer reads nothing else. */
export function consignmentEvent(
  deps: ProvidersDeps,
  def: EventDefinition,
  record: ConsignmentRecord,
  provider: ProviderRecord,
  store: StoreProfile | null,
): ProviderEvent {
  return buildEvent(
    def,
    {
      consignmentId: record.id,
      storeUserId: record.storeUserId,
      storeBusinessName: store?.businessName ?? '',
      language: store?.language ?? 'en',
      providerName: provider.name,
      providerEmail: provider.email,
      itemName: record.itemName,
      itemSku: record.itemSku,
      size: record.size,
      price: record.price,
      salePrice: record.salePrice,
      currency: record.currency,
    },
    { eventId: deps.ids.next(), occurredAt: record.updatedAt },
  );
}

// ---------------------------------------------------------------- use cases

async function loadProvider(deps: ProvidersDeps, storeUserId: string, providerId: string) {
  const provider = await deps.repo.getProvider(storeUserId, providerId);
  if (!provider) throw providerNotFound();
  return provider;
}

async function loadConsignment(deps: ProvidersDeps, storeUserId: string, providerId: string, id: string) {
  const record = await deps.repo.getConsignment(storeUserId, providerId, id);
  if (!record) throw consignmentNotFound();
  return record;
}

/** The provider's consignments, newest first; another store's provider is a 404. */
export async function listConsignments(
  deps: ProvidersDeps,
  actor: Actor,
  providerId: string,
): Promise<{ consignments: Consignment[] }> {
  const user = requireUser(actor);
  const [provider, records] = await Promise.all([
    deps.repo.getProvider(user.userId, providerId),
    deps.repo.listConsignments(user.userId, providerId),
  ]);
  if (!provider) throw providerNotFound();
  return { consignments: records.map(toConsignment) };
}

async function replay(deps: ProvidersDeps, key: ConsignmentIdempotency, print: string) {
  checkReplay(key, print);
  // Consistent read: the winner of a parallel submit has just committed.
  return toConsignment(await loadConsignment(deps, key.storeUserId, key.providerId, key.consignmentId));
}

/** Goods received from an approved provider: 201, or the same consignment (200) for a retry with the same key. */
export async function createConsignment(
  deps: ProvidersDeps,
  actor: Actor,
  providerId: string,
  headers: Record<string, string>,
  input: ConsignmentInput,
): Promise<{ consignment: Consignment; created: boolean }> {
  const user = writer(actor);
  const key = idempotencyKeyFrom(headers);
  const print = fingerprint({ providerId, input });
  const previous = await deps.repo.getConsignmentIdempotency(user.userId, key);
  if (previous) return { consignment: await replay(deps, previous, print), created: false };

  const [provider, store] = await Promise.all([
    loadProvider(deps, user.userId, providerId),
    deps.repo.getStoreProfile(user.userId),
  ]);
  if (provider.status !== 'approved') throw providerNotApproved();
  const record = newConsignment(provider, input, {
    id: deps.ids.next(),
    now: deps.clock.now(),
    defaultCurrency: store?.currency ?? null,
  });
  const idempotency: ConsignmentIdempotency = {
    storeUserId: user.userId,
    key,
    fingerprint: print,
    providerId: provider.id,
    consignmentId: record.id,
    createdAt: record.createdAt,
  };
  const event = consignmentEvent(deps, consignmentCreated, record, provider, store);
  const outcome = await deps.repo.createConsignment(record, idempotency, event);
  if (outcome === 'duplicate') {
    const winner = await deps.repo.getConsignmentIdempotency(user.userId, key);
    if (!winner) throw new Error('Idempotency record vanished after a duplicate');
    return { consignment: await replay(deps, winner, print), created: false };
  }
  if (outcome === 'providerNotApproved') {
    // Decided (or deleted) between the read and the write.
    await loadProvider(deps, user.userId, providerId);
    throw providerNotApproved();
  }
  return { consignment: toConsignment(record), created: true };
}

async function finishConsignment(
  deps: ProvidersDeps,
  actor: Actor,
  params: { providerId: string; consignmentId: string },
  outcome: { status: 'sold'; salePrice: number } | { status: 'returned' },
): Promise<Consignment> {
  const user = writer(actor);
  const [provider, record, store] = await Promise.all([
    loadProvider(deps, user.userId, params.providerId),
    loadConsignment(deps, user.userId, params.providerId, params.consignmentId),
    outcome.status === 'sold' ? deps.repo.getStoreProfile(user.userId) : null,
  ]);
  const next = finish(record, outcome, deps.clock.now());
  const event =
    outcome.status === 'sold' ? consignmentEvent(deps, consignmentSold, next, provider, store) : null;
  // A concurrent sale or return won: the status is no longer in_stock.
  if ((await deps.repo.finishConsignment(next, event)) === 'stale') throw notInStock();
  return toConsignment(next);
}

/** In stock → sold: sets the sale price and soldAt; the provider gets consignment_sold. */
export async function markConsignmentSold(
  deps: ProvidersDeps,
  actor: Actor,
  params: { providerId: string; consignmentId: string },
  salePrice: number,
): Promise<Consignment> {
  return finishConsignment(deps, actor, params, { status: 'sold', salePrice });
}

/** In stock → returned to the provider; no event, no email. */
export async function markConsignmentReturned(
  deps: ProvidersDeps,
  actor: Actor,
  params: { providerId: string; consignmentId: string },
): Promise<Consignment> {
  return finishConsignment(deps, actor, params, { status: 'returned' });
}
