import type { ItemCreate } from '@sneakers/shared/contracts/lists';

/**
 * Try Demo's deals (docs/product/deals.md#demo-board): what the demo store's trading partners
 * list so its WTB list meets them on the deals board, and one more WTB of the demo store's
 * (four sizes, so a partner can fill "3 of your 4 sizes"). Pure data, so a unit test checks
 * with the shared rule that they match as the board promises. Prices in EUR cents; sizes and
 * style codes as the partners write them (US, UK and EU; `555088 101` is 555088-101).
 */

export type DemoPartnerId =
  'demo-reseller-kicks-lab' | 'demo-reseller-sole-supply' | 'demo-reseller-hype-vault';

export interface DemoDealItem {
  /** Fixed, so a re-seed finds it and writes nothing. */
  key: string;
  ownerUserId: 'demo-store' | DemoPartnerId;
  item: ItemCreate;
}

const onList = { status: 'pending', visibility: 'public', currency: 'EUR' } as const;

/** The demo store's extra WTB: the 2015 Chicago in four US sizes. */
export const DEMO_DEALS_WTB: DemoDealItem = {
  key: 'wtb-chicago-2015',
  ownerUserId: 'demo-store',
  item: {
    listType: 'wtb',
    ...onList,
    sku: '555088-101',
    name: 'Air Jordan 1 Retro High OG Chicago (2015)',
    brand: 'Jordan',
    colorway: 'White/Black-Varsity Red',
    sizes: ['US 8', 'US 9', 'US 10', 'US 11'],
    targetPrice: 32000,
  },
};

export const DEMO_PARTNER_ITEMS: DemoDealItem[] = [
  // Ready to trade: US 9 is the demo store's EU 42.5, asked under its bid of 190.
  {
    key: 'kicks-lab-chicago',
    ownerUserId: 'demo-reseller-kicks-lab',
    item: {
      listType: 'wts',
      ...onList,
      sku: 'DZ5485-612',
      name: 'Air Jordan 1 Retro High OG Chicago Lost & Found',
      brand: 'Jordan',
      colorway: 'Varsity Red/Black/Sail',
      sizes: ['US 9'],
      desiredPrice: 18500,
    },
  },
  // New Balance US 10 = EU 44: asked under the bid too.
  {
    key: 'kicks-lab-9060',
    ownerUserId: 'demo-reseller-kicks-lab',
    item: {
      listType: 'wts',
      ...onList,
      sku: 'U9060GRY',
      name: 'New Balance 9060 Rain Cloud',
      brand: 'New Balance',
      colorway: 'Grey',
      sizes: ['US 10'],
      desiredPrice: 12500,
    },
  },
  // A negative margin: UK 9 (EU 44) asked 35 over the bid.
  {
    key: 'sole-supply-military-blue',
    ownerUserId: 'demo-reseller-sole-supply',
    item: {
      listType: 'wts',
      ...onList,
      sku: 'FD0774-101',
      name: 'Air Jordan 4 Retro Military Blue',
      brand: 'Jordan',
      colorway: 'Off-White/Military Blue',
      sizes: ['UK 9'],
      desiredPrice: 24500,
    },
  },
  // adidas sizes by its own chart: UK 8 is EU 42 (not Nike's 42.5).
  {
    key: 'sole-supply-samba',
    ownerUserId: 'demo-reseller-sole-supply',
    item: {
      listType: 'wtc',
      ...onList,
      sku: 'IE0421',
      name: 'Adidas Samba OG Cloud White',
      brand: 'Adidas',
      colorway: 'Cloud White/Core Black/Clear Granite',
      sizes: ['UK 8'],
      desiredPrice: 9500,
    },
  },
  // Three of the four Chicago sizes from one reseller, in EU, the code written another way.
  {
    key: 'hype-vault-chicago-2015',
    ownerUserId: 'demo-reseller-hype-vault',
    item: {
      listType: 'wts',
      ...onList,
      sku: '555088 101',
      name: 'Air Jordan 1 Retro High OG Chicago (2015)',
      brand: 'Jordan',
      colorway: 'White/Black-Varsity Red',
      sizes: ['EU 41', 'EU 42.5', 'EU 44'],
      desiredPrice: 34000,
    },
  },
  // Unsold inventory the reseller shows in deals: one pair for the Air Force 1 BULK want.
  {
    key: 'hype-vault-af1',
    ownerUserId: 'demo-reseller-hype-vault',
    item: {
      listType: 'inventory',
      status: 'available',
      visibility: 'public',
      currency: 'EUR',
      sku: 'CW2288-111',
      name: 'Nike Air Force 1 07 White',
      brand: 'Nike',
      colorway: 'White/White',
      sizes: ['EU 42'],
      askingPrice: 8000,
      purchasePrice: 6000,
      purchaseDate: '2026-10-20',
      source: 'Retail',
    },
  },
];
