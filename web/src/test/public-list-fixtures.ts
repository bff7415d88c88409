import type { PublicItem, PublicOwner } from '@sneakers/shared';

/** A shared list's owner as the public-list route answers it, for the share entry's tests. */
export function publicOwner(patch: Partial<PublicOwner> = {}): PublicOwner {
  return {
    userId: 'u-1',
    businessName: 'Sample Sneaker Store',
    role: 'store',
    location: 'Madrid, Spain',
    avatarUrl: null,
    contactEmail: 'hello@example.com',
    instagramHandle: null,
    ...patch,
  };
}

/** One item of a shared WTB list. */
export function publicItem(patch: Partial<PublicItem> = {}): PublicItem {
  return {
    id: 'a',
    listType: 'wtb',
    urgent: false,
    isBulk: false,
    sku: 'DD1391-100',
    name: 'Nike Dunk Low Retro',
    brand: 'Nike',
    colorway: 'White/Black',
    imageUrl: null,
    sizes: ['42'],
    targetPrice: 11000,
    desiredPrice: null,
    currency: 'EUR',
    productCatalogId: null,
    productVariantId: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...patch,
  };
}
