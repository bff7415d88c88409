/**
 * Consignments (docs/product/providers-and-consignments.md#consignments,
 * docs/product/providers-and-consignments.md#consignment-emails): goods an approved provider
 * leaves with the store to sell. They live under (store, provider), so another store's
 * provider or consignment is simply not found. Create is idempotent on the Idempotency-Key
 * and, like "sold", writes its event through the outbox in the same transaction.
 */
import * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Consignment, consignmentCreateSchema } from '@sneakers/shared/contracts/providers';
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import type { Currency } from '@sneakers/shared/money';
import { buildEvent, consignmentCreated, consignmentSold, type EventDefinition } from '@sneakers/events';
import { providerNotFound } from '../providers/errors';
import type { ProviderEvent, ProviderRecord } from '../providers/ports';
import { textOrNull } from '../providers/text';
import type { ConsignmentRecord, ConsignmentsDeps, StoreProfile } from './ports';

const consignmentNotFound = () => new NotFoundError('Consignment not found.', 'CONSIGNMENT_NOT_FOUND');
const providerNotApproved = () =>
  new ConflictError('Consignments can only be recorded for an approved provider.', 'PROVIDER_NOT_APPROVED');
const notInStock = () =>
  new ConflictError('Only a consignment that is in stock can change.', 'CONSIGNMENT_NOT_IN_STOCK');

export type ConsignmentInput = z.output<typeof consignmentCreateSchema>;

/** What an Idempotency-Key's record keeps: the full key of the consignment it created. */
const createdConsignment = z.object({ providerId: z.string(), consignmentId: z.string() });
type CreatedConsignment = z.infer<typeof createdConsignment>;

// ---------------------------------------------------------------- rules

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
    productCatalogId: textOrNull(input.productCatalogId),
    productVariantId: textOrNull(input.productVariantId),
    itemBrand: textOrNull(input.itemBrand),
    itemColorway: textOrNull(input.itemColorway),
    itemImageUrl: textOrNull(input.itemImageUrl),
    price: input.price,
    salePrice: null,
    currency: input.currency ?? meta.defaultCurrency ?? 'EUR',
    status: 'in_stock',
    notes: textOrNull(input.notes),
    soldAt: null,
    saleId: null,
    paymentId: null,
    paidAt: null,
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
    productCatalogId: record.productCatalogId,
    productVariantId: record.productVariantId,
    itemBrand: record.itemBrand ?? '',
    itemColorway: record.itemColorway ?? '',
    itemImageUrl: record.itemImageUrl,
    price: record.price,
    salePrice: record.salePrice,
    currency: record.currency,
    status: record.status,
    notes: record.notes,
    soldAt: record.soldAt,
    saleId: record.saleId,
    paymentId: record.paymentId,
    paidAt: record.paidAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Everything the consignment email needs, so the consumer reads nothing else; never the sale price. */
export function consignmentEvent(
  deps: ConsignmentsDeps,
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
      currency: record.currency,
    },
    { eventId: deps.ids.next(), occurredAt: record.updatedAt },
  );
}

// ---------------------------------------------------------------- use cases

async function loadProvider(deps: ConsignmentsDeps, storeUserId: string, providerId: string) {
  const provider = await deps.repo.getProvider(storeUserId, providerId);
  if (!provider) throw providerNotFound();
  return provider;
}

async function loadConsignment(deps: ConsignmentsDeps, storeUserId: string, providerId: string, id: string) {
  const record = await deps.repo.getConsignment(storeUserId, providerId, id);
  if (!record) throw consignmentNotFound();
  return record;
}

/** The provider's consignments, newest first; another store's provider is a 404. */
export async function listConsignments(
  deps: ConsignmentsDeps,
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

async function replay(deps: ConsignmentsDeps, storeUserId: string, created: CreatedConsignment) {
  // Consistent read: the winner of a parallel submit has just committed.
  return toConsignment(await loadConsignment(deps, storeUserId, created.providerId, created.consignmentId));
}

/** Goods received from an approved provider: 201, or the same consignment (200) for a retry with the same key. */
export async function createConsignment(
  deps: ConsignmentsDeps,
  actor: Actor,
  providerId: string,
  headers: Record<string, string>,
  input: ConsignmentInput,
): Promise<{ consignment: Consignment; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `providers.consignment#${user.userId}`,
    headers,
    // The provider is part of the request: the same key for another provider is a reuse.
    request: { providerId, input },
    now,
    result: createdConsignment,
  });
  if (request.replay) return { consignment: await replay(deps, user.userId, request.replay), created: false };

  const [provider, store] = await Promise.all([
    loadProvider(deps, user.userId, providerId),
    deps.repo.getStoreProfile(user.userId),
  ]);
  if (provider.status !== 'approved') throw providerNotApproved();
  const record = newConsignment(provider, input, {
    id: deps.ids.next(),
    now,
    defaultCurrency: store?.currency ?? null,
  });
  const event = consignmentEvent(deps, consignmentCreated, record, provider, store);
  const outcome = await deps.repo.createConsignment(
    record,
    request.claim({ providerId: provider.id, consignmentId: record.id }),
    event,
  );
  if (outcome === 'duplicate')
    return { consignment: await replay(deps, user.userId, await request.winner()), created: false };
  if (outcome === 'providerNotApproved') {
    // Decided (or deleted) between the read and the write.
    await loadProvider(deps, user.userId, providerId);
    throw providerNotApproved();
  }
  return { consignment: toConsignment(record), created: true };
}

async function finishConsignment(
  deps: ConsignmentsDeps,
  actor: Actor,
  params: { providerId: string; consignmentId: string },
  outcome: { status: 'sold'; salePrice: number } | { status: 'returned' },
): Promise<Consignment> {
  const user = requireWriter(actor);
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
  deps: ConsignmentsDeps,
  actor: Actor,
  params: { providerId: string; consignmentId: string },
  salePrice: number,
): Promise<Consignment> {
  return finishConsignment(deps, actor, params, { status: 'sold', salePrice });
}

/** In stock → returned to the provider; no event, no email. */
export async function markConsignmentReturned(
  deps: ConsignmentsDeps,
  actor: Actor,
  params: { providerId: string; consignmentId: string },
): Promise<Consignment> {
  return finishConsignment(deps, actor, params, { status: 'returned' });
}
