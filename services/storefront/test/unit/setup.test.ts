import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import {
  DEFAULT_SETUP,
  getSetup,
  listPrices,
  setPrice,
  toPricedItem,
  updateSetup,
} from '../../src/setup/domain';
import type { ListedItem, SetupRecord, SetupRepository, StoreProfile } from '../../src/setup/ports';

const store: Actor = { kind: 'user', userId: 'store-a', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo-store', isSuperuser: false, isDemo: true };

const pair = (itemId: string, patch: Partial<ListedItem> = {}): ListedItem => ({
  itemId,
  listType: 'inventory',
  name: 'Dunk Low',
  sku: 'DD1391-100',
  brand: 'Nike',
  imageUrl: null,
  sizes: ['42'],
  askingPrice: 15000,
  desiredPrice: null,
  currency: 'EUR',
  ...patch,
});

/** The repository in memory: one store's profile, set-up, items, virtual products and prices. */
function memory(
  items: ListedItem[],
  profile: StoreProfile | null = { role: 'store', businessName: 'A', avatarUrl: null },
) {
  let saved: SetupRecord | null = null;
  const prices = new Map<string, number>();
  const repo: SetupRepository = {
    profileOf: async () => profile,
    getSetup: async () => saved,
    putSetup: async (record) => {
      saved = record;
    },
    ownedVirtualProducts: async (_store, ids) => new Set(ids.filter((id) => id.startsWith('mine-'))),
    listItems: async (_store, lists) => ({
      items: items.filter((i) => lists.includes(i.listType)),
      cursor: null,
    }),
    getItem: async (_store, lists, id) =>
      items.find((i) => i.itemId === id && lists.includes(i.listType)) ?? null,
    pricesOf: async (_store, ids) => new Map([...prices].filter(([id]) => ids.includes(id))),
    setPrice: async (_store, id, price) => {
      if (price === null) prices.delete(id);
      else prices.set(id, price);
    },
  };
  return { repo, clock: fixedClock('2026-11-28T10:00:00Z') };
}

const update = {
  enabled: true,
  name: ' Kicks ',
  logoUrl: '  ',
  bannerUrl: null,
  description: '',
  contact: '',
  returnsText: '',
  lists: ['wts', 'inventory', 'wts'] as ('wts' | 'inventory')[],
  virtualProductIds: ['mine-1', 'mine-1'],
};

describe('the online-store set-up', () => {
  it('answers the defaults before the first save, then the saved set-up, trimmed and de-duplicated', async () => {
    const deps = memory([]);
    expect((await getSetup(deps, store)).setup).toEqual(DEFAULT_SETUP);
    const saved = await updateSetup(deps, store, update);
    expect(saved.setup).toMatchObject({
      name: 'Kicks',
      logoUrl: null,
      lists: ['wts', 'inventory'],
      virtualProductIds: ['mine-1'],
      updatedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(saved.path).toBe('/store/store-a');
  });

  it("refuses a virtual product that is not the store's, resellers (STORE_ONLY) and the demo (DEMO_MODE)", async () => {
    await expect(
      updateSetup(memory([]), store, { ...update, virtualProductIds: ['theirs-1'] }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'VIRTUAL_PRODUCT_NOT_FOUND',
    });
    const reseller = memory([], { role: 'reseller', businessName: 'R', avatarUrl: null });
    await expect(getSetup(reseller, store)).rejects.toMatchObject({ status: 403, code: 'STORE_ONLY' });
    await expect(updateSetup(memory([]), demo, update)).rejects.toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
    });
    await expect(setPrice(memory([pair('i1')]), demo, 'i1', 1)).rejects.toMatchObject({ code: 'DEMO_MODE' });
  });

  it('prices: the list price by list, a storefront price overrides it, null resets', async () => {
    expect(toPricedItem(pair('i1'), null)).toMatchObject({ listPrice: 15000, effectivePrice: 15000 });
    expect(toPricedItem(pair('i2', { listType: 'wts', desiredPrice: 18000 }), null)).toMatchObject({
      listPrice: 18000,
      effectivePrice: 18000,
    });
    expect(toPricedItem(pair('i3', { askingPrice: null }), null).effectivePrice).toBeNull();

    const deps = memory([pair('i1'), pair('w1', { listType: 'wts', desiredPrice: 18000 })]);
    expect((await listPrices(deps, store, {})).items.map((i) => i.itemId)).toEqual(['i1']);
    await expect(setPrice(deps, store, 'w1', 100)).rejects.toMatchObject({
      status: 404,
      code: 'ITEM_NOT_FOUND',
    });
    expect(await setPrice(deps, store, 'i1', 14000)).toMatchObject({
      storefrontPrice: 14000,
      effectivePrice: 14000,
    });
    expect((await listPrices(deps, store, {})).items[0]).toMatchObject({ storefrontPrice: 14000 });
    expect(await setPrice(deps, store, 'i1', null)).toMatchObject({
      storefrontPrice: null,
      effectivePrice: 15000,
    });
    expect((await listPrices(deps, store, {})).items[0]?.storefrontPrice).toBeNull();
  });
});
