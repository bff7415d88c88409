import type { Item, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';

// Shared set-up of the lists tests (list-section.test.tsx, item-form.test.tsx).

export const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };

/** The signed-in user's profile. */
export const testProfile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};

/** A public WTB item of the signed-in user, not linked to the catalogue. */
export const testItem: Item = {
  id: 'it-1',
  userId: 'u-1',
  listType: 'wtb',
  status: 'pending',
  visibility: 'public',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: null,
  sku: 'dd1391-100',
  name: 'nike dunk low',
  brand: 'Nike',
  colorway: 'Panda',
  imageUrl: null,
  sizes: ['42'],
  targetPrice: 11000,
  desiredPrice: null,
  askingPrice: null,
  currency: 'EUR',
  source: null,
  purchasePrice: null,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
