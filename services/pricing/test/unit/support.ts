import type { Actor } from '@sneakers/shared/actor';
import type { PricingConfig, PricingStrategyInput } from '@sneakers/shared/contracts/pricing';
import { NEW_STRATEGY_CONFIG, pricingStrategyInputSchema } from '@sneakers/shared/contracts/pricing';
import type { MemoryItem } from './memory';

export const user = (userId: string, isDemo = false): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo,
});
export const A = user('user-a');
export const B = user('user-b');
export const headers = (key: string) => ({ 'idempotency-key': `key-${key}-0000` });

/** "Beat the lowest ask by €5, floor cost + 10%", no rounding: a new strategy's configuration. */
export const beatByFive: PricingConfig = NEW_STRATEGY_CONFIG;

export function strategyInput(overrides: Partial<PricingStrategyInput> = {}) {
  return pricingStrategyInputSchema.parse({
    name: 'Beat by five',
    selection: { listTypes: ['wts'], brands: [], itemIds: [] },
    config: beatByFive,
    target: 'list',
    schedule: 'off',
    ...overrides,
  });
}

export function item(userId: string, id: string, overrides: Partial<MemoryItem> = {}): MemoryItem {
  return {
    userId,
    id,
    listType: 'wts',
    status: 'available',
    name: `Jordan 1 ${id}`,
    sku: 'DZ5485-612',
    brand: 'Jordan',
    sizes: ['42'],
    imageUrl: null,
    currency: 'EUR',
    price: 25_000,
    cost: 15_000,
    productCatalogId: 'prod-1',
    productVariantId: null,
    isBulk: false,
    updatedAt: '2026-11-01T10:00:00.000Z',
    storefrontPrice: null,
    storefrontUpdatedAt: null,
    ...overrides,
  };
}

export const marketAt = (lowestAsk: number | null, refreshedAt = '2026-11-22T09:30:00.000Z') => ({
  market: { lowestAsk, highestBid: null, sellFaster: null, earnMore: null, refreshedAt },
  network: null,
});

/** The status and code an operation failed with, or null when it succeeded. */
export async function code(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (typeof error !== 'object' || error === null) return null;
  return ['status' in error ? error.status : undefined, 'code' in error ? error.code : undefined];
}
