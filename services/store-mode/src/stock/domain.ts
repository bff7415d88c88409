import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { CounterCode, CounterItem } from '@sneakers/shared/contracts/store-mode';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { variantForSize } from '@sneakers/shared/rules/variant-size';
import type { CatalogSize, StockDeps, StockItem } from './ports';

/**
 * The counter's stock (docs/product/store-mode.md#the-counters-stock): the caller's unsold
 * inventory with the box barcode of each size the catalogue knows, so the device can find a
 * scanned pair by itself, offline too. Pure apart from its ports; no aws or electrodb imports.
 */

/** The barcodes of an item's sizes: each size matched to its catalogue variant (shared/src/rules/variant-size.ts). */
export function codesOf(item: Pick<StockItem, 'sizes'>, sizes: readonly CatalogSize[]): CounterCode[] {
  const codes: CounterCode[] = [];
  for (const size of item.sizes) {
    const gtin = variantForSize(sizes, size)?.gtin;
    if (gtin) codes.push({ gtin, size });
  }
  return codes;
}

export async function listCounterStock(
  deps: StockDeps,
  actor: Actor,
  page: PageRequest,
): Promise<Page<CounterItem>> {
  const { userId } = requireUser(actor);
  const stock = await deps.repo.unsoldItems(userId, page);
  const linked = stock.items.flatMap((item) => (item.productCatalogId ? [item.productCatalogId] : []));
  const sizes =
    linked.length > 0 ? await deps.repo.sizesOf([...new Set(linked)]) : new Map<string, CatalogSize[]>();
  return {
    cursor: stock.cursor,
    items: stock.items.map((item) => ({
      ...item,
      codes: item.productCatalogId ? codesOf(item, sizes.get(item.productCatalogId) ?? []) : [],
    })),
  };
}
