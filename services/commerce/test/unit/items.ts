import type { Item } from '@sneakers/shared/contracts/lists';

/**
 * A list item as lists stores it (shared/src/stock/item-entity.ts): an available, private
 * inventory pair with every optional field empty. Each test says what differs.
 */
export const listItem = (over: Partial<Item> = {}): Item => ({
  id: 'item-1',
  userId: 'store-1',
  listType: 'inventory',
  status: 'available',
  visibility: 'private',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: null,
  sku: 'DD1391-100',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'White/Black',
  imageUrl: null,
  sizes: ['42'],
  targetPrice: null,
  desiredPrice: null,
  askingPrice: null,
  currency: 'EUR',
  source: null,
  purchasePrice: null,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
