import type { Item, ListType } from '../contracts/lists';
import { ITEM_STATUSES } from '../contracts/list-values';

/**
 * Taking sold pairs out of an item (docs/adr/0013), shared by the sale (commerce) and the
 * order made from an offer, which both write the item row in their own transaction.
 */
export type TakeOutcome =
  { ok: true; next: Item } | { ok: false; reason: 'not_available' | 'size_not_in_stock' };

const sameSize = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The one status model of every list (docs/product/lists-and-public-lists.md#item-status):
 * `available` and `pending` are both unsold pairs, and every unsold pair can be sold or taken
 * by an order; `pending` additionally puts a public item on its shareable list's public page
 * (shared/src/rules/public-visibility.ts). A sold item is never sellable.
 */
export function isSellable(item: Pick<Item, 'status'>): boolean {
  return item.status !== 'sold';
}

/**
 * The statuses each list takes: the inventory has no public page, so an inventory pair is
 * `available` or `sold`; the shareable lists also take `pending` (open, shown publicly).
 */
export function statusesFor(listType: ListType): readonly Item['status'][] {
  return listType === 'inventory' ? ['available', 'sold'] : ITEM_STATUSES;
}

/**
 * What a new item starts as when the form or the API leaves it out: a pair in the inventory is
 * in stock (`available`, and private: the inventory has no public page); a WTB/WTS/WTC item is
 * open for offers on its public page (`pending`, `public`).
 */
export function newItemDefaults(listType: ListType): Pick<Item, 'status' | 'visibility'> {
  return listType === 'inventory'
    ? { status: 'available', visibility: 'private' }
    : { status: 'pending', visibility: 'public' };
}

/**
 * Takes `quantity` pairs (default 1) of `size` from an item: removes the size from `sizes`
 * (a BULK item holds several pairs per size, so it keeps its sizes); the last size stays and
 * the status becomes 'sold'. A non-bulk size is one pair, so more than one is not in stock.
 * Sizes compare case-insensitively, trimmed.
 */
export function takeSize(item: Item, size: string, now: Date, quantity = 1): TakeOutcome {
  if (!isSellable(item)) return { ok: false, reason: 'not_available' };
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, reason: 'size_not_in_stock' };
  if (!item.sizes.some((s) => sameSize(s, size))) return { ok: false, reason: 'size_not_in_stock' };
  if (item.isBulk) return { ok: true, next: { ...item, updatedAt: now.toISOString() } };
  if (quantity > 1) return { ok: false, reason: 'size_not_in_stock' };
  const sizes = item.sizes.filter((s) => !sameSize(s, size));
  const at = now.toISOString();
  // The last pair keeps its size on the item, which says what was sold; the status takes it out of stock.
  if (sizes.length === 0) return { ok: true, next: { ...item, status: 'sold', updatedAt: at } };
  return { ok: true, next: { ...item, sizes, updatedAt: at } };
}
