import type { PublicItem } from '@sneakers/shared/contracts/lists';
import { sizeFilterOptions } from '@sneakers/shared/sizes';
import { matchesSearch } from '../../../lib/item-search';

/** Case-insensitive order for brand names (no Intl.Collator: its set-up is slow on a phone). */
function compareBrands(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface PublicFilters {
  search: string;
  size: string;
  brand: string;
}
export const NO_FILTERS: PublicFilters = { search: '', size: '', brand: '' };

export function hasActiveFilters(f: PublicFilters): boolean {
  return Boolean(f.search.trim() || f.size || f.brand);
}

/** Client-side filtering over the loaded items (server order kept: urgent first). */
export function filterPublicItems(items: readonly PublicItem[], f: PublicFilters): PublicItem[] {
  return items.filter(
    (item) =>
      matchesSearch(item, f.search) &&
      (!f.size || item.sizes.some((s) => s.trim().toUpperCase() === f.size.toUpperCase())) &&
      (!f.brand || item.brand.trim().toLowerCase() === f.brand.toLowerCase()),
  );
}

/** Size options: the facets when known, else from loaded items; BULK first, then the sorting rule. */
export function sizeOptions(
  facetSizes: readonly string[] | undefined,
  items: readonly PublicItem[],
): string[] {
  return sizeFilterOptions(facetSizes ?? items.flatMap((i) => i.sizes));
}

export function brandOptions(
  facetBrands: readonly string[] | undefined,
  items: readonly PublicItem[],
): string[] {
  const all = facetBrands ?? items.map((i) => i.brand);
  return [...new Set(all.map((b) => b.trim()).filter(Boolean))].sort(compareBrands);
}

export type CardSize = 'normal' | 'small';
/** Normal 2/3/4/6 and small 3/4/6/8 columns by breakpoint (docs/product/lists-and-public-lists.md#item-cards). */
export const GRID_COLUMNS: Record<CardSize, readonly [number, number, number, number]> = {
  normal: [2, 3, 4, 6],
  small: [3, 4, 6, 8],
};
export function columnsFor(cardSize: CardSize, width: number): number {
  const cols = GRID_COLUMNS[cardSize];
  const index = width >= 1280 ? 3 : width >= 1024 ? 2 : width >= 640 ? 1 : 0;
  return cols[index];
}

/** Mobile cards show at most 3 size badges plus '+N'. */
export function visibleSizes(sizes: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: sizes.slice(0, max), more: Math.max(0, sizes.length - max) };
}
