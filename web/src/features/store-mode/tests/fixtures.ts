import type { CounterItem } from '@sneakers/shared/contracts/store-mode';

/** An item of the counter's stock: two sizes, each with its box's barcode. */
export function counterItem(over: Partial<CounterItem> = {}): CounterItem {
  return {
    id: 'it-1',
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    brand: 'Nike',
    colorway: 'White/Black',
    imageUrl: null,
    sizes: ['42', '43'],
    isBulk: false,
    askingPrice: 15_000,
    currency: 'EUR',
    productCatalogId: 'prod-1',
    codes: [
      { gtin: '00195866123456', size: '42' },
      { gtin: '00195866123463', size: '43' },
    ],
    updatedAt: '2026-11-29T10:00:00.000Z',
    ...over,
  };
}
