import type { ItemCreate } from '@sneakers/shared/contracts/lists';
import type { VirtualProductCreate } from '@sneakers/shared/contracts/virtual-products';

/**
 * The demo store's trade as data (written by ./commerce.ts): its virtual products, their
 * sales, the inventory pairs it bought and sold, and the pairs unsold since June. Amounts
 * in EUR cents.
 */

export const VIRTUAL_PRODUCTS: VirtualProductCreate[] = [
  {
    sku: '555088-101',
    name: 'Air Jordan 1 Retro High OG Chicago (2015)',
    brand: 'Jordan',
    colorway: 'White/Black-Varsity Red',
    price: 64000,
    costPrice: 52000,
    sizes: ['EU 42', 'EU 42.5', 'EU 43', 'EU 44'],
    notes: 'Sourced from a trusted reseller in Milan, 5 to 7 days.',
  },
  {
    sku: 'M990GL6',
    name: 'New Balance 990v6 Made in USA Grey',
    brand: 'New Balance',
    colorway: 'Grey/Silver',
    price: 23500,
    costPrice: 19500,
    sizes: ['EU 41.5', 'EU 42', 'EU 42.5', 'EU 43', 'EU 44', 'EU 45'],
    notes: 'Ordered from the brand on demand, 3 to 5 days.',
  },
  {
    sku: '1201A019-107',
    name: 'ASICS Gel-Kayano 14 Cream Black',
    brand: 'Asics',
    colorway: 'Cream/Black',
    price: 17500,
    costPrice: 13000,
    sizes: ['EU 39.5', 'EU 40.5', 'EU 41.5', 'EU 42', 'EU 42.5', 'EU 43.5', 'EU 44'],
  },
  {
    sku: 'L41247800',
    name: 'Salomon XT-6 Black Phantom',
    brand: 'Salomon',
    colorway: 'Black/Black/Phantom',
    price: 19900,
    costPrice: 15500,
    sizes: ['EU 41 1/3', 'EU 42', 'EU 42 2/3', 'EU 44'],
  },
];

/** [virtual product, size, days ago, sale price, fees, buyer (a client's name or just a name)]. */
export const VIRTUAL_SALES: [number, string, number, number, number, string][] = [
  [1, 'EU 43', 176, 23500, 0, 'Álvaro Jiménez'],
  [2, 'EU 42', 168, 17500, 1400, 'Clara Vidal'],
  [0, 'EU 43', 158, 64000, 0, 'Marco Rossi'],
  [3, 'EU 42', 146, 19900, 1600, 'Hugo Moreno'],
  [1, 'EU 42.5', 139, 23500, 0, 'Lucía Fernández'],
  [2, 'EU 40.5', 131, 17500, 0, 'Irene Castillo'],
  [1, 'EU 44', 115, 22900, 1800, 'Nico Berger'],
  [2, 'EU 43.5', 108, 17500, 0, 'Jonas Weber'],
  [3, 'EU 44', 97, 19900, 0, 'Paula Serrano'],
  [0, 'EU 42.5', 92, 62500, 4500, 'Kicks Lab Madrid'],
  [2, 'EU 41.5', 84, 16900, 0, 'Tomás Ibáñez'],
  [1, 'EU 45', 77, 23500, 1900, 'Elena Prieto'],
  [2, 'EU 42.5', 69, 17500, 0, 'Sofía Martín'],
  [3, 'EU 41 1/3', 63, 19900, 0, 'Mateo Vega'],
  [1, 'EU 42', 55, 23500, 0, 'Laura Gil'],
  [2, 'EU 39.5', 48, 17500, 1400, 'Clara Vidal'],
  [0, 'EU 44', 41, 65000, 0, 'Marco Rossi'],
  [1, 'EU 41.5', 34, 23500, 0, 'Hugo Moreno'],
  [3, 'EU 42 2/3', 27, 19900, 1600, 'Irene Castillo'],
  [2, 'EU 44', 20, 17500, 0, 'Lucía Fernández'],
  [1, 'EU 43', 14, 24500, 0, 'Álvaro Jiménez'],
  [2, 'EU 42', 9, 17500, 0, 'Nico Berger'],
  [0, 'EU 42', 4, 64000, 0, 'Sole Supply Co.'],
  [3, 'EU 42', 1, 19900, 1600, 'Jonas Weber'],
];

export interface InventorySale {
  item: Omit<ItemCreate, 'listType'>;
  /** Days before today it sold, and how long it was in stock before that. */
  daysAgo: number;
  heldDays: number;
  salePrice: number;
  fees: number;
  buyer: string;
  notes?: string;
}

const pair = (
  sku: string,
  name: string,
  brand: string,
  colorway: string,
  size: string,
  purchasePrice: number,
  askingPrice: number,
  source: string,
): Omit<ItemCreate, 'listType'> => ({
  sku,
  name,
  brand,
  colorway,
  sizes: [size],
  purchasePrice,
  askingPrice,
  source,
});

/** Pairs the store bought, kept a while, and sold (written with their purchase time, then sold). */
export const INVENTORY_SALES: InventorySale[] = [
  {
    item: pair('DD1391-100', 'Nike Dunk Low Retro Panda', 'Nike', 'White/Black', '42', 9500, 13000, 'Retail'),
    daysAgo: 171,
    heldDays: 12,
    salePrice: 13000,
    fees: 0,
    buyer: 'Sofía Martín',
  },
  {
    item: pair(
      'CW2288-111',
      "Nike Air Force 1 '07 White",
      'Nike',
      'White/White',
      '43',
      8000,
      11500,
      'Outlet',
    ),
    daysAgo: 152,
    heldDays: 20,
    salePrice: 11500,
    fees: 900,
    buyer: 'Tomás Ibáñez',
  },
  {
    item: pair(
      'IE0421',
      'Adidas Samba OG Cloud White',
      'Adidas',
      'Cloud White/Core Black',
      '40',
      8000,
      12500,
      'Retail',
    ),
    daysAgo: 133,
    heldDays: 9,
    salePrice: 12500,
    fees: 0,
    buyer: 'Lucía Fernández',
  },
  {
    item: pair(
      'ID2350',
      'Adidas Gazelle Indoor Blue Fusion',
      'Adidas',
      'Blue Fusion/Gum',
      '39',
      9000,
      13500,
      'Retail',
    ),
    daysAgo: 119,
    heldDays: 15,
    salePrice: 13500,
    fees: 1100,
    buyer: 'Paula Serrano',
  },
  {
    item: pair(
      'BB550WT1',
      'New Balance 550 White Green',
      'New Balance',
      'White/Green',
      '42',
      9500,
      12900,
      'Consignor',
    ),
    daysAgo: 102,
    heldDays: 30,
    salePrice: 12900,
    fees: 0,
    buyer: 'Mateo Vega',
  },
  {
    item: pair(
      'HQ6998-600',
      'Air Jordan 1 Low OG Mocha',
      'Jordan',
      'Sail/Dark Mocha/Black',
      '44',
      14000,
      19500,
      'Retail',
    ),
    daysAgo: 88,
    heldDays: 6,
    salePrice: 19500,
    fees: 1600,
    buyer: 'Marco Rossi',
  },
  {
    item: pair(
      'DH6927-111',
      'Air Jordan 4 Retro Military Black',
      'Jordan',
      'White/Black/Neutral Grey',
      '42.5',
      21000,
      27000,
      'Raffle',
    ),
    daysAgo: 74,
    heldDays: 4,
    salePrice: 27000,
    fees: 0,
    buyer: 'Kicks Lab Madrid',
    notes: 'Sold in store, paid by card.',
  },
  {
    item: pair('GW2871', 'Adidas Yeezy Boost 350 V2 Bone', 'Adidas', 'Bone', '44', 19000, 23500, 'Reseller'),
    daysAgo: 60,
    heldDays: 25,
    salePrice: 23000,
    fees: 1800,
    buyer: 'Elena Prieto',
  },
  {
    item: pair(
      'DC0774-101',
      'Air Jordan 1 Low Panda (W)',
      'Jordan',
      'White/Black-White',
      '38',
      11000,
      15500,
      'Retail',
    ),
    daysAgo: 45,
    heldDays: 10,
    salePrice: 15500,
    fees: 0,
    buyer: 'Sofía Martín',
  },
  {
    item: pair(
      'DV5456-106',
      'Nike Dunk Low Next Nature',
      'Nike',
      'White/Mint',
      '38.5',
      9000,
      12000,
      'Outlet',
    ),
    daysAgo: 31,
    heldDays: 18,
    salePrice: 12000,
    fees: 1000,
    buyer: 'Laura Gil',
  },
  {
    item: pair(
      'U9060GRY',
      'New Balance 9060 Rain Cloud',
      'New Balance',
      'Grey',
      '43',
      13000,
      17500,
      'Retail',
    ),
    daysAgo: 17,
    heldDays: 8,
    salePrice: 17500,
    fees: 0,
    buyer: 'Jonas Weber',
    notes: 'Shipped with GLS, insured.',
  },
  {
    item: pair(
      'HP9426',
      'Adidas Campus 00s Core Black',
      'Adidas',
      'Core Black/White',
      '41',
      8500,
      11500,
      'Retail',
    ),
    daysAgo: 6,
    heldDays: 14,
    salePrice: 11500,
    fees: 0,
    buyer: 'Hugo Moreno',
  },
];

/**
 * Pairs in stock since June: the overview's dead stock (unsold for 90+ days). Fixed ids and
 * times, so every start finds them.
 */
export const DEAD_STOCK: { at: string; item: Omit<ItemCreate, 'listType'> }[] = [
  {
    at: '2026-06-03T10:00:00Z',
    item: {
      ...pair(
        'DQ8426-067',
        'Nike Air Max 1 Patta Waves Black',
        'Nike',
        'Black/Metallic Silver',
        '43',
        17000,
        24000,
        'Raffle',
      ),
      purchaseDate: '2026-06-03',
    },
  },
  {
    at: '2026-06-20T10:00:00Z',
    item: {
      ...pair(
        'M2002RDA',
        'New Balance 2002R Protection Pack Rain Cloud',
        'New Balance',
        'Grey',
        '42.5',
        12500,
        16000,
        'Retail',
      ),
      purchaseDate: '2026-06-20',
    },
  },
  {
    at: '2026-07-08T10:00:00Z',
    item: {
      ...pair(
        'CT8012-170',
        'Air Jordan 11 Retro Cherry',
        'Jordan',
        'White/Varsity Red/Black',
        '45',
        19000,
        23000,
        'Reseller',
      ),
      purchaseDate: '2026-07-08',
      notes: 'Big size, slow mover.',
    },
  },
];
