/**
 * Items of the inventory and the WTB, WTS and WTC lists
 * (docs/product/lists-and-public-lists.md#item-fields). The owner is always the verified
 * caller: no route takes a user id for a write or for reading an item, so another user's
 * item id is simply not found.
 */
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Item, ItemCreate, ItemUpdate, ListType } from '@sneakers/shared/contracts/lists';
import { AppError, NotFoundError } from '@sneakers/shared/errors';
import { mapPage, type Page } from '@sneakers/shared/paging/page';
import { V1_PAGE_SIZE_DEFAULT, type V1Item } from '@sneakers/shared/contracts/store-api-v1';
import { BULK_SIZE, MAX_SIZES, normalizeSize, normalizeSizes } from '@sneakers/shared/sizes';
import { newItemDefaults, statusesFor } from '@sneakers/shared/rules/stock';
import { DEFAULT_PAGE_SIZE, type ItemDeps } from './ports';

/** A BULK size makes the item a bulk item. */
export function bulkFlag(sizes: readonly string[], requested: boolean): boolean {
  return requested || sizes.includes(BULK_SIZE);
}

/**
 * Target price is a WTB field, desired price a WTS/WTC one; the asking price is the
 * inventory's, what the store asks for an item it holds (docs/product/lists-and-public-lists.md#lists).
 */
export function checkListRules(
  item: Pick<Item, 'listType' | 'targetPrice' | 'desiredPrice' | 'askingPrice' | 'sizes'>,
): void {
  const fields: Record<string, string[]> = {};
  if (item.targetPrice !== null && item.listType !== 'wtb')
    fields.targetPrice = ['A target price is only for WTB items.'];
  if (item.desiredPrice !== null && item.listType !== 'wts' && item.listType !== 'wtc')
    fields.desiredPrice = ['A desired price is only for WTS and WTC items.'];
  if (item.askingPrice !== null && item.listType !== 'inventory')
    fields.askingPrice = ['An asking price is only for inventory items.'];
  if (Object.keys(fields).length)
    throw new AppError(400, 'PRICE_NOT_FOR_LIST', 'This price does not apply to this list.', fields);
  if (item.sizes.length === 0 || item.sizes.length > MAX_SIZES)
    throw new AppError(400, 'VALIDATION_FAILED', 'The request is not valid.', {
      sizes: [`Pick between 1 and ${MAX_SIZES} sizes`],
    });
}

const itemNotFound = () => new NotFoundError('Item not found.', 'ITEM_NOT_FOUND');
/** Same answer for another store's booking and an unknown id, so neither leaks which exists. */
const bookingNotFound = () => new NotFoundError('Booking not found.', 'BOOKING_NOT_FOUND');

/**
 * 400 STATUS_NOT_FOR_LIST for a status the list does not take
 * (docs/product/lists-and-public-lists.md#item-status): `pending` on the inventory.
 */
export function checkStatus(listType: ListType, status: Item['status'] | undefined): void {
  if (status !== undefined && !statusesFor(listType).includes(status))
    throw new AppError(400, 'STATUS_NOT_FOR_LIST', 'This status does not apply to this list.', {
      status: ['An inventory pair is available or sold.'],
    });
}

/** Builds a new item from validated input (pure; used by the route and the seed). */
export function newItem(userId: string, input: ItemCreate, id: string, now: Date): Item {
  checkStatus(input.listType, input.status);
  const sizes = normalizeSizes(input.sizes);
  const defaults = newItemDefaults(input.listType);
  const at = now.toISOString();
  const item: Item = {
    id,
    userId,
    listType: input.listType,
    status: input.status ?? defaults.status,
    visibility: input.visibility ?? defaults.visibility,
    urgent: input.urgent ?? false,
    isBulk: bulkFlag(sizes, input.isBulk ?? false),
    productCatalogId: input.productCatalogId ?? null,
    productVariantId: input.productVariantId ?? null,
    bookingId: input.bookingId ?? null,
    sku: input.sku.trim(),
    name: input.name.trim(),
    brand: (input.brand ?? '').trim(),
    colorway: (input.colorway ?? '').trim(),
    imageUrl: input.imageUrl ?? null,
    sizes,
    targetPrice: input.targetPrice ?? null,
    desiredPrice: input.desiredPrice ?? null,
    askingPrice: input.askingPrice ?? null,
    currency: input.currency ?? 'EUR',
    source: input.source ?? null,
    purchasePrice: input.purchasePrice ?? null,
    purchaseDate: input.purchaseDate ?? null,
    notes: input.notes ?? null,
    createdAt: at,
    updatedAt: at,
  };
  checkListRules(item);
  return item;
}

/** Applies a validated partial update (pure). */
export function applyUpdate(current: Item, changes: ItemUpdate, now: Date): Item {
  // Only a status sent is checked: a row saved before the status model still takes other edits.
  checkStatus(current.listType, changes.status);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const next: Item = { ...current, ...defined, updatedAt: now.toISOString() };
  next.sizes = normalizeSizes(next.sizes);
  next.isBulk = bulkFlag(next.sizes, changes.isBulk ?? current.isBulk);
  checkListRules(next);
  return next;
}

export async function listMyItems(
  deps: Pick<ItemDeps, 'items'>,
  actor: Actor,
  query: { listType: ListType; cursor?: string | undefined; limit?: number | undefined },
): Promise<Page<Item>> {
  const user = requireUser(actor);
  return deps.items.listByOwner(user.userId, query.listType, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
  });
}

export async function getMyItem(deps: Pick<ItemDeps, 'items'>, actor: Actor, itemId: string): Promise<Item> {
  const user = requireUser(actor);
  const item = await deps.items.get(user.userId, itemId);
  if (!item) throw itemNotFound();
  return item;
}

/**
 * A new item, or, for a booking the caller already made an item from, that item (one
 * booking makes at most one item: a second click, a retry or a concurrent request gets
 * the first item back and writes nothing).
 */
export async function createItem(
  deps: ItemDeps,
  actor: Actor,
  input: ItemCreate,
): Promise<{ item: Item; created: boolean }> {
  const user = requireWriter(actor);
  const item = newItem(user.userId, input, deps.ids.next(), deps.clock.now());
  if (item.bookingId !== null) {
    const existing = await deps.items.getByBooking(user.userId, item.bookingId);
    if (existing) return { item: existing, created: false };
    // A reference is checked against the caller's own records like any id the caller sends.
    if (!(await deps.bookings.isOwnBooking(user.userId, item.bookingId))) throw bookingNotFound();
  }
  if ((await deps.items.create(item)) === 'created') return { item, created: true };
  // A concurrent request for the same booking won: answer with its item.
  const winner = item.bookingId === null ? null : await deps.items.getByBooking(user.userId, item.bookingId);
  if (!winner) throw new AppError(409, 'ITEM_CHANGED', 'The item changed meanwhile. Reload and try again.');
  return { item: winner, created: false };
}

export async function updateItem(
  deps: ItemDeps,
  actor: Actor,
  itemId: string,
  changes: ItemUpdate,
): Promise<Item> {
  const user = requireWriter(actor);
  const current = await deps.items.get(user.userId, itemId);
  if (!current) throw itemNotFound();
  const next = applyUpdate(current, changes, deps.clock.now());
  if (!(await deps.items.replace(next, current.updatedAt))) {
    // Deleted meanwhile, or changed by a concurrent update: the caller retries on fresh data.
    const still = await deps.items.get(user.userId, itemId);
    if (!still) throw itemNotFound();
    throw new AppError(409, 'ITEM_CHANGED', 'The item changed meanwhile. Reload and try again.');
  }
  return next;
}

export async function deleteItem(deps: ItemDeps, actor: Actor, itemId: string): Promise<void> {
  const user = requireWriter(actor);
  const current = await deps.items.get(user.userId, itemId);
  if (!current || !(await deps.items.delete(current))) throw itemNotFound();
}

/** The list's own price, as the store API answers it (docs/product/store-api.md#v1-routes). */
export function listPrice(item: Pick<Item, 'listType' | 'askingPrice' | 'desiredPrice' | 'targetPrice'>) {
  if (item.listType === 'inventory') return item.askingPrice;
  return item.listType === 'wtb' ? item.targetPrice : item.desiredPrice;
}

/** An item as `GET /v1/inventory` answers it: snake_case, nothing about its purchase. */
export function toV1Item(item: Item): V1Item {
  return {
    id: item.id,
    list: item.listType,
    status: item.status,
    sku: item.sku,
    name: item.name,
    brand: item.brand,
    colorway: item.colorway,
    image_url: item.imageUrl,
    sizes: item.sizes,
    price: listPrice(item),
    currency: item.currency,
    product_id: item.productCatalogId,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

/**
 * The store API's inventory filters (docs/product/store-api.md#v1-routes): the SKU and the
 * size each compared as the product compares them, ignoring case and extra spaces.
 */
export function matchesV1Filter(item: Pick<Item, 'sku' | 'sizes'>, filter: { sku?: string; size?: string }) {
  const key = (text: string) => normalizeSize(text).toUpperCase();
  if (filter.sku !== undefined && key(item.sku) !== key(filter.sku)) return false;
  if (filter.size === undefined) return true;
  const size = key(filter.size);
  return item.sizes.some((s) => key(s) === size);
}

/**
 * The key's store's items of one list (default the inventory) for `GET /v1/inventory`: one
 * Query per page, the filters applied to that page, so a filtered page may hold fewer than
 * `limit` items while its cursor goes on (as a DynamoDB filter expression would, at the same cost).
 */
export async function listV1Inventory(
  deps: Pick<ItemDeps, 'items'>,
  actor: Actor,
  query: {
    list?: ListType | undefined;
    sku?: string | undefined;
    size?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<Page<V1Item>> {
  const user = requireUser(actor);
  const page = await deps.items.listByOwner(user.userId, query.list ?? 'inventory', {
    cursor: query.cursor,
    limit: query.limit ?? V1_PAGE_SIZE_DEFAULT,
  });
  const filter = {
    ...(query.sku === undefined ? {} : { sku: query.sku }),
    ...(query.size === undefined ? {} : { size: query.size }),
  };
  return mapPage({ ...page, items: page.items.filter((item) => matchesV1Filter(item, filter)) }, toV1Item);
}
