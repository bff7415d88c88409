import type { StorefrontSize, StorefrontSizeSystem } from '@sneakers/shared/contracts/storefront';
import { SHOP_SIZE_SYSTEMS } from './constants';
import { storage } from '../../../lib/storage';

export const SIZE_SYSTEM_STORAGE_KEY = 'store.sizeSystem';

/** Spec: the default size shown is EU, else US M (a size the chart has no EU value for). */
export const DEFAULT_SIZE_SYSTEM: StorefrontSizeSystem = 'eu';

export function isSizeSystem(value: unknown): value is StorefrontSizeSystem {
  return typeof value === 'string' && (SHOP_SIZE_SYSTEMS as readonly string[]).includes(value);
}

/** The buyer's remembered size system, else EU. */
export function storedSizeSystem(): StorefrontSizeSystem {
  const stored = storage.get(SIZE_SYSTEM_STORAGE_KEY);
  return isSizeSystem(stored) ? stored : DEFAULT_SIZE_SYSTEM;
}

export function rememberSizeSystem(system: StorefrontSizeSystem): void {
  storage.set(SIZE_SYSTEM_STORAGE_KEY, system);
}

const PREFIX: Record<StorefrontSizeSystem, (value: string) => string> = {
  eu: (v) => `EU ${v}`,
  usM: (v) => `US ${v}`,
  usW: (v) => `US W ${v}`,
  uk: (v) => `UK ${v}`,
  jpCm: (v) => `${v} cm`,
};

/**
 * A size as the buyer reads it in `system`. A size the chart does not know (`BULK`, a
 * clothing size) keeps its stored label; a system the chart has no value for falls back to
 * EU, then US M (the spec's default order).
 */
export function sizeLabel(
  size: Pick<StorefrontSize, 'label' | 'chart'>,
  system: StorefrontSizeSystem,
): string {
  const chart = size.chart;
  if (!chart) return size.label;
  for (const candidate of [system, 'eu', 'usM'] as const) {
    const value = chart[candidate].trim();
    if (value) return PREFIX[candidate](value);
  }
  return size.label;
}

/** The in-stock sizes a card shows: at most `max` badges and how many more there are. */
export function cardSizes(
  sizes: readonly StorefrontSize[],
  system: StorefrontSizeSystem,
  max: number,
): { shown: string[]; more: number } {
  const inStock = sizes.filter((size) => size.inStock).map((size) => sizeLabel(size, system));
  return { shown: inStock.slice(0, max), more: Math.max(0, inStock.length - max) };
}

/** The value a size filter sends for `system` (the chart's value, or the label it lacks one). */
export function sizeFilterValue(
  size: Pick<StorefrontSize, 'label' | 'chart'>,
  system: StorefrontSizeSystem,
): string {
  return size.chart?.[system].trim() || size.label;
}
