import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  saleSchema,
  type Sale,
  type saleCreateSchema,
  type saleUpdateSchema,
} from '@sneakers/shared/contracts/sales';
import {
  V1_DEFAULT_BUYER_NAME,
  type V1Sale,
  type V1SaleCreate,
} from '@sneakers/shared/contracts/store-api-v1';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from '@sneakers/shared/errors';
import {
  beginIdempotent,
  type IdempotencyStore,
  type IdempotentRequest,
} from '@sneakers/shared/idempotency/idempotency';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { takeSize } from '@sneakers/shared/rules/stock';
import { courierOf, trackingNumberProblem } from '@sneakers/shared/rules/tracking-formats';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import { buildEvent } from '@sneakers/events/define-event';
import { consignmentSold } from '@sneakers/events/providers';
import type { SaleRecord } from './sale-entity';
import { buildSale, queuesConfirmation, saleRecordedEvent, toSale, type SaleBuyer } from './sale-record';
import type {
  ClientContact,
  SalePeriod,
  SaleReads,
  SalesDeps,
  SaleStockRef,
  StockChange,
  StoreProfile,
} from './ports';

/**
 * Sales (issue 14): recording one takes its stock in the same transaction as the sale row,
 * its idempotency claim and its events (docs/adr/0013), so a pair is never sold twice, even
 * by two tabs at once. Everything is keyed by the verified caller's store.
 */
export type SaleInput = z.output<typeof saleCreateSchema>;
export type SaleUpdateInput = z.output<typeof saleUpdateSchema>;

const itemNotFound = () => new NotFoundError('Item not found.', 'ITEM_NOT_FOUND');
const itemNotAvailable = () =>
  new ConflictError('This item or size is no longer available.', 'ITEM_NOT_AVAILABLE');
const consignmentNotFound = () => new NotFoundError('Consignment not found.', 'CONSIGNMENT_NOT_FOUND');
const consignmentNotInStock = () =>
  new ConflictError('This consignment is no longer in stock.', 'CONSIGNMENT_NOT_IN_STOCK');
const virtualProductNotFound = () =>
  new NotFoundError('Virtual product not found.', 'VIRTUAL_PRODUCT_NOT_FOUND');
const clientNotFound = () => new NotFoundError('Client not found.', 'CLIENT_NOT_FOUND');
const saleNotFound = () => new NotFoundError('Sale not found.', 'SALE_NOT_FOUND');

/** A sale attempt is re-planned once after its stock changed underneath it (another sale took another size). */
const SALE_ATTEMPTS = 2;

const sameSize = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** What each source needs besides the common fields; the contract keeps them optional. */
export function checkSaleInput(input: SaleInput): void {
  const fields: Record<string, string[]> = {};
  if (input.source === 'consignment') {
    if (!input.providerId) fields.providerId = ['Provider is required'];
    if (!input.consignmentId) fields.consignmentId = ['Consignment is required'];
  } else {
    if (!input.itemId) fields.itemId = ['Item is required'];
    if (!input.size) fields.size = ['Size is required'];
  }
  if (Object.keys(fields).length) throw new ValidationError('The sale is not complete.', fields);
  if (!input.clientId && !input.buyerName?.trim())
    throw new BadRequestError('BUYER_REQUIRED', 'Choose a client or enter the buyer’s name.');
  checkShipping(input.shippingCarrier, input.trackingNumber);
}

/**
 * A carrier with a tracking number meets the same courier rule as Add shipment
 * (shared/src/rules/tracking-formats.ts): 400 INVALID_TRACKING_NUMBER on the field, in the
 * same words. A number without a carrier names no courier, so it is kept as typed.
 */
export function checkShipping(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  const courier = courierOf(carrier);
  const number = trackingNumber?.trim();
  if (!courier || !number) return;
  const problem = trackingNumberProblem(courier, number);
  if (problem)
    throw new AppError(400, 'INVALID_TRACKING_NUMBER', `${problem}.`, { trackingNumber: [problem] });
}

interface SalePlan {
  sale: SaleRecord;
  stock: StockChange;
  events: OutboxEvent[];
}

interface PlanContext {
  storeUserId: string;
  input: SaleInput;
  now: Date;
  buyer: SaleBuyer;
  client: ClientContact | null;
  store: StoreProfile | null;
}

/** Reads the stock (consistently) and builds the sale, its stock change and its events. */
async function planSale(deps: SalesDeps, ctx: PlanContext): Promise<SalePlan> {
  const { storeUserId, input, now } = ctx;
  const id = deps.ids.next();
  const clientEmail = ctx.client?.email ?? '';
  const confirmationQueued = queuesConfirmation(clientEmail, input.notifyClient);
  const common = {
    storeUserId,
    id,
    now,
    salePrice: input.salePrice,
    fees: input.fees ?? 0,
    saleDate: input.saleDate,
    buyer: ctx.buyer,
    shippingCarrier: input.shippingCarrier,
    trackingNumber: input.trackingNumber,
    notes: input.notes,
    paymentMethod: input.paymentMethod,
    confirmationQueued,
  };
  const saleEvent = (sale: SaleRecord) =>
    saleRecordedEvent(sale, {
      eventId: deps.ids.next(),
      clientEmail,
      notifyClient: input.notifyClient ?? true,
      store: ctx.store,
    });

  if (input.source === 'inventory') {
    const item = await deps.repo.getInventoryItem(storeUserId, input.itemId ?? '');
    if (!item) throw itemNotFound();
    const size = item.sizes.find((s) => sameSize(s, input.size ?? '')) ?? input.size ?? '';
    const taken = takeSize(item, size, now);
    if (!taken.ok) throw itemNotAvailable();
    const sale = buildSale({
      ...common,
      source: 'inventory',
      itemId: item.id,
      product: item,
      size,
      purchasePrice: item.purchasePrice ?? 0,
      currency: input.currency ?? item.currency,
    });
    return {
      sale,
      stock: { kind: 'item', next: taken.next, expectedUpdatedAt: item.updatedAt },
      events: [saleEvent(sale)],
    };
  }

  if (input.source === 'consignment') {
    const providerId = input.providerId ?? '';
    const [consignment, provider] = await Promise.all([
      deps.repo.getConsignment(storeUserId, providerId, input.consignmentId ?? ''),
      deps.repo.getProvider(storeUserId, providerId),
    ]);
    if (!consignment || !provider) throw consignmentNotFound();
    if (consignment.status !== 'in_stock') throw consignmentNotInStock();
    const sale = buildSale({
      ...common,
      source: 'consignment',
      providerId,
      consignmentId: consignment.id,
      // The consignment's catalogue pick: its brand reaches the overview's sales by brand.
      product: {
        productCatalogId: consignment.productCatalogId ?? null,
        sku: consignment.itemSku,
        name: consignment.itemName,
        brand: consignment.itemBrand ?? '',
        colorway: consignment.itemColorway ?? '',
        imageUrl: consignment.itemImageUrl ?? null,
      },
      size: consignment.size,
      purchasePrice: consignment.price,
      currency: input.currency ?? consignment.currency,
    });
    // The provider's consignment_sold email, as the providers service writes it; never the sale price.
    const sold = buildEvent(
      consignmentSold,
      {
        consignmentId: consignment.id,
        storeUserId,
        storeBusinessName: ctx.store?.businessName ?? '',
        language: ctx.store?.language ?? 'en',
        providerName: provider.name,
        providerEmail: provider.email,
        itemName: consignment.itemName,
        itemSku: consignment.itemSku,
        size: consignment.size,
        price: consignment.price,
        currency: consignment.currency,
      },
      { eventId: deps.ids.next(), occurredAt: sale.createdAt },
    );
    return {
      sale,
      stock: {
        kind: 'consignment',
        storeUserId,
        providerId,
        consignmentId: consignment.id,
        salePrice: sale.salePrice,
        saleId: sale.id,
        at: sale.createdAt,
      },
      events: [saleEvent(sale), sold],
    };
  }

  const product = await deps.repo.getVirtualProduct(storeUserId, input.itemId ?? '');
  if (!product) throw virtualProductNotFound();
  if (!product.active) throw itemNotAvailable();
  const size = product.sizes.find((s) => sameSize(s, input.size ?? ''));
  if (!size) throw new BadRequestError('SIZE_NOT_OFFERED', 'This product is not offered in that size.');
  const sale = buildSale({
    ...common,
    source: 'virtual',
    itemId: product.id,
    product,
    size,
    purchasePrice: product.costPrice ?? 0,
    currency: input.currency ?? product.currency,
  });
  return {
    sale,
    stock: { kind: 'virtual', storeUserId, id: product.id, quantity: sale.quantity },
    events: [saleEvent(sale)],
  };
}

function buyerOf(
  input: SaleInput,
  client: ClientContact | null,
): { buyer: SaleBuyer; client: ClientContact | null } {
  if (!input.clientId) return { buyer: { clientId: null, buyerName: input.buyerName ?? '' }, client: null };
  if (!client) throw clientNotFound();
  return { buyer: { clientId: client.clientId, buyerName: client.name }, client };
}

function stockRef(input: SaleInput): SaleStockRef {
  if (input.source === 'inventory') return { kind: 'inventory', itemId: input.itemId ?? '' };
  if (input.source === 'virtual') return { kind: 'virtual', id: input.itemId ?? '' };
  return {
    kind: 'consignment',
    providerId: input.providerId ?? '',
    consignmentId: input.consignmentId ?? '',
  };
}

/** The repository answering the first plan's stock reads from the batch already read. */
function withReads(repo: SalesDeps['repo'], storeUserId: string, reads: SaleReads, ref: SaleStockRef) {
  const own = (owner: string) => owner === storeUserId;
  return {
    ...repo,
    getInventoryItem: async (owner: string, id: string) =>
      ref.kind === 'inventory' && own(owner) && id === ref.itemId
        ? reads.item
        : repo.getInventoryItem(owner, id),
    getVirtualProduct: async (owner: string, id: string) =>
      ref.kind === 'virtual' && own(owner) && id === ref.id
        ? reads.virtualProduct
        : repo.getVirtualProduct(owner, id),
    getConsignment: async (owner: string, providerId: string, id: string) =>
      ref.kind === 'consignment' && own(owner) && providerId === ref.providerId && id === ref.consignmentId
        ? reads.consignment
        : repo.getConsignment(owner, providerId, id),
    getProvider: async (owner: string, providerId: string) =>
      ref.kind === 'consignment' && own(owner) && providerId === ref.providerId
        ? reads.provider
        : repo.getProvider(owner, providerId),
  };
}

/**
 * The idempotency store for the sale's first look: no previous request. A retry is found
 * afterwards instead: its claim fails the transaction ('duplicate'), or its stock is gone
 * and `recordSale` checks for a first result before answering the error. The common case,
 * a new sale, so skips a read.
 */
function assumingFirstRequest(store: IdempotencyStore): IdempotencyStore {
  let asked = false;
  return {
    get(scope, key) {
      if (asked) return store.get(scope, key);
      asked = true;
      return Promise.resolve(null);
    },
  };
}

/** 201 with the sale, or the first result (200) for a retry with the same Idempotency-Key. */
export async function recordSale(
  deps: SalesDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: SaleInput,
): Promise<{ sale: Sale; created: boolean }> {
  const user = requireWriter(actor);
  checkSaleInput(input);
  const now = deps.clock.now();
  const idempotent = (store: IdempotencyStore) =>
    beginIdempotent({
      store,
      scope: `commerce.sale#${user.userId}`,
      headers,
      request: input,
      now,
      result: saleSchema,
    });
  const request = await idempotent(assumingFirstRequest(deps.idempotency));
  try {
    return await sellOnce(deps, user.userId, input, now, request);
  } catch (error) {
    if (error instanceof TransactionBusyError) throw error;
    // A retry of a sale that went through finds its stock taken: it answers the first result.
    const previous = await idempotent(deps.idempotency);
    if (previous.replay) return { sale: previous.replay, created: false };
    throw error;
  }
}

async function sellOnce(
  deps: SalesDeps,
  storeUserId: string,
  input: SaleInput,
  now: Date,
  request: IdempotentRequest<Sale>,
): Promise<{ sale: Sale; created: boolean }> {
  const ref = stockRef(input);
  // Every read the sale needs (the buyer, the store and the stock) is one consistent
  // BatchGetItem, so recording a sale costs one round trip before its transaction.
  const reads = await deps.repo.readSale({ storeUserId, clientId: input.clientId ?? null, stock: ref });
  const { buyer, client } = buyerOf(input, reads.client);
  const store = reads.store;
  for (let attempt = 0; attempt < SALE_ATTEMPTS; attempt++) {
    // A re-plan re-reads the stock: gone now answers its 404/409.
    const repo = attempt === 0 ? withReads(deps.repo, storeUserId, reads, ref) : deps.repo;
    const plan = await planSale({ ...deps, repo }, { storeUserId, input, now, buyer, client, store });
    const sale = toSale(plan.sale);
    const outcome = await deps.repo.recordSale(plan.sale, request.claim(sale), plan.stock, plan.events);
    if (outcome === 'committed') return { sale, created: true };
    if (outcome === 'duplicate') return { sale: await request.winner(), created: false };
  }
  throw new TransactionBusyError();
}

function checkPeriod(period: SalePeriod): void {
  if (period.from && period.to && period.from > period.to)
    throw new ValidationError('The period is not valid.', { to: ['The end is before the start'] });
}

/** The store's sales, newest sale date first, optionally within a period. */
export async function listSales(
  deps: Pick<SalesDeps, 'repo'>,
  actor: Actor,
  query: SalePeriod & PageRequest,
): Promise<Page<Sale>> {
  const user = requireUser(actor);
  checkPeriod(query);
  const page = await deps.repo.listSales(
    user.userId,
    { from: query.from, to: query.to },
    { cursor: query.cursor, limit: query.limit },
  );
  return mapPage(page, toSale);
}

export async function getSale(deps: Pick<SalesDeps, 'repo'>, actor: Actor, saleId: string): Promise<Sale> {
  const user = requireUser(actor);
  const record = await deps.repo.getSale(user.userId, saleId);
  if (!record) throw saleNotFound();
  return toSale(record);
}

/** Shipping details and notes only: price, date and buyer already feed the aggregates and the tax export. */
export async function updateSale(
  deps: Pick<SalesDeps, 'repo' | 'clock'>,
  actor: Actor,
  saleId: string,
  input: SaleUpdateInput,
): Promise<Sale> {
  const user = requireWriter(actor);
  const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  if (input.shippingCarrier !== undefined || input.trackingNumber !== undefined) {
    // The pair is checked as it will be: a patch of one half meets the stored other half.
    const before = await deps.repo.getSale(user.userId, saleId);
    if (!before) throw saleNotFound();
    checkShipping(
      input.shippingCarrier === undefined ? before.shippingCarrier : input.shippingCarrier,
      input.trackingNumber === undefined ? before.trackingNumber : input.trackingNumber,
    );
  }
  const record = await deps.repo.updateSale(user.userId, saleId, {
    shippingCarrier: blankToNull(input.shippingCarrier),
    trackingNumber: blankToNull(input.trackingNumber),
    notes: blankToNull(input.notes),
    updatedAt: deps.clock.now().toISOString(),
  });
  if (!record) throw saleNotFound();
  return toSale(record);
}

/**
 * The store API's sale as the dashboard's own sale input (docs/product/store-api.md#v1-routes):
 * an inventory item, or a virtual product with `is_virtual`; a call without a buyer records
 * the default buyer label.
 */
export function saleInputOfV1(body: V1SaleCreate): SaleInput {
  return {
    source: body.is_virtual === true ? 'virtual' : 'inventory',
    itemId: body.item_id,
    size: body.size,
    salePrice: body.price,
    buyerName: body.buyer_name?.trim() || V1_DEFAULT_BUYER_NAME,
  };
}

/** A sale as the store API answers it: snake_case, the money and the buyer, nothing internal. */
export function toV1Sale(sale: Sale): V1Sale {
  return {
    id: sale.id,
    item_id: sale.itemId,
    is_virtual: sale.source === 'virtual',
    sku: sale.sku,
    name: sale.name,
    size: sale.size,
    price: sale.salePrice,
    purchase_price: sale.purchasePrice,
    fees: sale.fees,
    profit: sale.profit,
    currency: sale.currency,
    buyer_name: sale.buyerName,
    sale_date: sale.saleDate,
    created_at: sale.createdAt,
  };
}

/**
 * `POST /v1/sales`: the very use case the dashboard's sale runs (stock, profit, the overview,
 * the emails and the events follow), under the same Idempotency-Key rules.
 */
export async function recordV1Sale(
  deps: SalesDeps,
  actor: Actor,
  headers: Record<string, string>,
  body: V1SaleCreate,
): Promise<{ sale: V1Sale; created: boolean }> {
  const { sale, created } = await recordSale(deps, actor, headers, saleInputOfV1(body));
  return { sale: toV1Sale(sale), created };
}
