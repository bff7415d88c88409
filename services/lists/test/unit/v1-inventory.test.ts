import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { getV1Inventory } from '@sneakers/shared/contracts/store-api-v1';
import type { Item, ItemCreate } from '@sneakers/shared/contracts/lists';
import { listV1Inventory, matchesV1Filter, newItem, toV1Item } from '../../src/items/domain';
import { memoryItems } from './memory';

const store = (userId: string): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo: false,
});
const now = new Date('2026-11-22T10:00:00Z');
let n = 0;
const item = (userId: string, input: Partial<ItemCreate> = {}): Item =>
  newItem(
    userId,
    { listType: 'inventory', sku: 'DD1391-100', name: 'Dunk Low', sizes: ['EU 42'], ...input },
    `item-${String(++n).padStart(3, '0')}`,
    now,
  );

function seeded(items: Item[]) {
  const repo = memoryItems();
  for (const i of items) repo.rows.set(i.id, i);
  return { items: repo };
}

describe('GET /v1/inventory', () => {
  it('answers only the key’s store’s items of the inventory by default, in the contract’s shape', async () => {
    const deps = seeded([
      item('store-a', { askingPrice: 14000 }),
      item('store-b'),
      item('store-a', { listType: 'wts', desiredPrice: 9000 }),
    ]);
    const page = await listV1Inventory(deps, store('store-a'), {});
    expect(page.items.map((i) => [i.list, i.price])).toEqual([['inventory', 14000]]);
    expect(() => getV1Inventory.response.parse({ items: page.items, cursor: page.cursor })).not.toThrow();
    const wts = await listV1Inventory(deps, store('store-a'), { list: 'wts' });
    expect(wts.items.map((i) => i.price)).toEqual([9000]);
  });

  it('filters by SKU and size ignoring case and extra spaces', async () => {
    const deps = seeded([
      item('store-a', { sku: 'DD1391-100', sizes: ['EU 42', 'EU 43'] }),
      item('store-a', { sku: 'FQ8138-002', sizes: ['EU 42'] }),
      item('store-a', { sku: 'dd1391-100', sizes: ['EU 44'] }),
    ]);
    const bySku = await listV1Inventory(deps, store('store-a'), { sku: 'DD1391-100' });
    expect(bySku.items).toHaveLength(2);
    const both = await listV1Inventory(deps, store('store-a'), { sku: 'dd1391-100', size: 'eu  43' });
    expect(both.items.map((i) => i.sizes)).toEqual([['EU 42', 'EU 43']]);
    expect(matchesV1Filter({ sku: 'X', sizes: ['42'] }, { size: 'EU 42' })).toBe(false);
  });

  it('pages 50 at a time by default', async () => {
    const deps = seeded(Array.from({ length: 55 }, () => item('store-a')));
    const first = await listV1Inventory(deps, store('store-a'), {});
    expect(first.items).toHaveLength(50);
    expect(first.cursor).not.toBeNull();
    const second = await listV1Inventory(deps, store('store-a'), { cursor: first.cursor ?? undefined });
    expect(second.items).toHaveLength(5);
  });

  it('maps each list’s own price and keeps the purchase out', () => {
    const wtb = toV1Item(item('store-a', { listType: 'wtb', targetPrice: 5000, purchasePrice: 1000 }));
    expect(wtb).toMatchObject({ list: 'wtb', price: 5000 });
    expect(JSON.stringify(wtb)).not.toContain('purchase');
  });
});
