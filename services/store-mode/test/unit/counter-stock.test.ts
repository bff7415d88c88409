import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import { codesOf, listCounterStock } from '../../src/stock/domain';
import type { CatalogSize, StockDeps, StockItem } from '../../src/stock/ports';

const size = (eu: string, gtin: string | null): CatalogSize => ({
  label: `EU ${eu}`,
  size: { brand: 'nike', eu, usM: null, usW: null, uk: null, jpCm: null },
  gtin,
});

const item = (over: Partial<StockItem>): StockItem => ({
  id: 'item-1',
  sku: 'DD1391-100',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'White/Black',
  imageUrl: null,
  sizes: ['42'],
  isBulk: false,
  askingPrice: 15_000,
  currency: 'EUR',
  productCatalogId: 'prod-1',
  updatedAt: '2026-11-29T10:00:00.000Z',
  ...over,
});

const store: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: false };

describe("the counter's stock", () => {
  it("gives each size its box's barcode, and none to a size the catalogue has no barcode for", () => {
    const sizes = [size('42', '00000000000042'), size('43', null), size('44.5', '00000000000445')];
    expect(codesOf({ sizes: ['EU 42', '43', '44.5', '47'] }, sizes)).toEqual([
      { gtin: '00000000000042', size: 'EU 42' },
      { gtin: '00000000000445', size: '44.5' },
    ]);
  });

  it("reads each linked product's sizes once per page and leaves unlinked items without codes", async () => {
    const asked: string[][] = [];
    const deps: StockDeps = {
      repo: {
        unsoldItems: async (userId) => {
          expect(userId).toBe('store-1');
          return {
            items: [
              item({ id: 'a', sizes: ['42'] }),
              item({ id: 'b', sizes: ['42', '44.5'] }),
              item({ id: 'c', productCatalogId: null }),
            ],
            cursor: 'next',
          };
        },
        sizesOf: async (ids) => {
          asked.push([...ids]);
          return new Map([['prod-1', [size('42', '00000000000042'), size('44.5', '00000000000445')]]]);
        },
      },
    };
    const page = await listCounterStock(deps, store, {});
    expect(asked).toEqual([['prod-1']]);
    expect(page.cursor).toBe('next');
    expect(page.items.map((i) => [i.id, i.codes.map((c) => c.size)])).toEqual([
      ['a', ['42']],
      ['b', ['42', '44.5']],
      ['c', []],
    ]);
  });

  it('is for signed-in users only', async () => {
    const deps: StockDeps = {
      repo: { unsoldItems: async () => ({ items: [], cursor: null }), sizesOf: async () => new Map() },
    };
    await expect(listCounterStock(deps, ANONYMOUS, {})).rejects.toMatchObject({ status: 401 });
  });
});
