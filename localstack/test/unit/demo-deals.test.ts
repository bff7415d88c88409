import { describe, expect, it } from 'vitest';
import type { ItemCreate } from '@sneakers/shared/contracts/lists';
import {
  dealFigures,
  dealPriceOf,
  matchesOf,
  sizesByPartner,
  type DealItem,
} from '@sneakers/shared/rules/deals';
import { normalizeSizes } from '@sneakers/shared/sizes';
import { DEMO_DEALS_WTB, DEMO_PARTNER_ITEMS } from '../../src/demo-seed/deals-data';
import { DEMO_ITEMS } from '../../src/demo-seed/lists';

/**
 * Try Demo's deals board is only as good as its sample data: with the shared match rule
 * (what the matcher stores), the demo store's WTB list and its partners' items must make
 * deals in several brands and size systems, one ready to trade, one "3 of 4 sizes" and one
 * with a negative margin.
 */
function dealItem(ownerId: string, item: ItemCreate, id: string): DealItem {
  return {
    id,
    ownerId,
    role: ownerId === 'demo-store' ? 'store' : 'reseller',
    listType: item.listType,
    productCatalogId: null,
    sku: item.sku,
    brand: item.brand ?? '',
    gender: null,
    sizes: normalizeSizes(item.sizes),
    isBulk: item.isBulk ?? false,
    price: dealPriceOf({
      listType: item.listType,
      targetPrice: item.targetPrice ?? null,
      desiredPrice: item.desiredPrice ?? null,
      askingPrice: item.askingPrice ?? null,
    }),
    currency: item.currency ?? 'EUR',
    updatedAt: '2026-11-20T09:00:00.000Z',
    participates: true,
    demo: true,
  };
}

const wants = [
  ...DEMO_ITEMS.filter((i) => i.listType === 'wtb').map((item, n) =>
    dealItem('demo-store', item, `wtb-${n}`),
  ),
  dealItem('demo-store', DEMO_DEALS_WTB.item, DEMO_DEALS_WTB.key),
];
const haves = DEMO_PARTNER_ITEMS.map((p) => dealItem(p.ownerUserId, p.item, p.key));
const deals = wants.flatMap((want) =>
  haves.flatMap((have) => {
    const sizes = matchesOf(want, have);
    return sizes.length ? [{ want, have, sizes }] : [];
  }),
);

describe('the demo deals board', () => {
  it('gives every partner item a deal with the demo store, in several brands', () => {
    expect(new Set(deals.map((d) => d.have.id))).toEqual(new Set(haves.map((h) => h.id)));
    expect(new Set(deals.map((d) => d.want.brand)).size).toBeGreaterThanOrEqual(4);
  });

  it('matches sizes across systems (US and UK against EU)', () => {
    const chicago = deals.find((d) => d.have.id === 'kicks-lab-chicago');
    expect(chicago?.sizes.map((s) => [s.wantSize, s.haveSize])).toEqual([['42.5', 'US 9']]);
    const samba = deals.find((d) => d.have.id === 'sole-supply-samba');
    expect(samba?.sizes.map((s) => s.wantSize)).toEqual(['42']);
  });

  it('has a deal ready to trade and one with a negative margin', () => {
    const figures = deals.map((d) => ({
      id: d.have.id,
      f: dealFigures(d.want, d.have, { role: 'store', resaleFeeBasisPoints: 0 }),
    }));
    expect(figures.find((x) => x.id === 'kicks-lab-chicago')?.f).toMatchObject({ readyToTrade: true });
    expect(figures.find((x) => x.id === 'sole-supply-military-blue')?.f?.netMargin).toBeLessThan(0);
  });

  it('lets one reseller fill 3 of the Chicago WTB’s 4 sizes', () => {
    const chicago = wants.find((w) => w.id === DEMO_DEALS_WTB.key)!;
    expect(sizesByPartner(chicago, haves).get('demo-reseller-hype-vault')).toEqual({ filled: 3, of: 4 });
  });
});
