import type { CounterItem } from '@sneakers/shared/contracts/store-mode';
import { gtinKey } from '@sneakers/shared/rules/gtin';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';

/**
 * Finding a scanned box in the counter's stock, on the device (docs/product/store-mode.md#scanning):
 * built once from the cached stock, so a scan is a map lookup with no network.
 */

/** One sellable pair: an item and one of its sizes. */
export interface CounterPair {
  item: CounterItem;
  size: string;
}

export interface CounterIndex {
  byGtin: Map<string, CounterPair[]>;
  bySku: Map<string, CounterPair[]>;
}

export type ScanMatch =
  | { kind: 'pairs'; code: string; pairs: CounterPair[] }
  /** Not in stock: `gtin` when the code is a barcode the catalogue may know. */
  | { kind: 'unknown'; code: string; gtin: string | null };

const pairKey = (itemId: string, size: string) => `${itemId}#${size.trim().toUpperCase()}`;

function push<K>(map: Map<K, CounterPair[]>, key: K, pair: CounterPair) {
  const list = map.get(key);
  if (list) list.push(pair);
  else map.set(key, [pair]);
}

/** `held`: pairs already in the basket or waiting to sync (`itemId#SIZE`); they are not offered again. */
export function buildCounterIndex(
  items: readonly CounterItem[],
  held: ReadonlySet<string> = new Set(),
): CounterIndex {
  const index: CounterIndex = { byGtin: new Map(), bySku: new Map() };
  for (const item of items) {
    const free = (size: string) => item.isBulk || !held.has(pairKey(item.id, size));
    for (const size of item.sizes) if (free(size)) push(index.bySku, styleCodeKey(item.sku), { item, size });
    for (const code of item.codes)
      if (free(code.size)) push(index.byGtin, code.gtin, { item, size: code.size });
  }
  return index;
}

export { pairKey };

/** A barcode (UPC, EAN, GTIN-14) or a typed style code (any spacing or case). */
export function findScanned(index: CounterIndex, code: string): ScanMatch {
  const trimmed = code.trim();
  const gtin = gtinKey(trimmed);
  const pairs = (gtin ? index.byGtin.get(gtin) : undefined) ?? index.bySku.get(styleCodeKey(trimmed));
  return pairs?.length ? { kind: 'pairs', code: trimmed, pairs } : { kind: 'unknown', code: trimmed, gtin };
}
