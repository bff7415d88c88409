import type { Item } from '../contracts/lists';

/**
 * Taking sold pairs out of an item (docs/adr/0013), shared by the sale (commerce) and the
 * order made from an offer, which both write the item row in their own transaction.
 */
export type TakeOutcome =
  { ok: true; next: Item } | { ok: false; reason: 'not_available' | 'size_not_in_stock' };

const sameSize = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Inventory items must be 'available'; list items (wtb/wts/wtc) 'pending' (shown publicly)
 * or 'available'. A sold item is never sellable.
 */
export function isSellable(item: Pick<Item, 'status' | 'listType'>): boolean {
  if (item.status === 'sold') return false;
  return item.listType === 'inventory' ? item.status === 'available' : true;
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
