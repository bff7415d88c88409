import type { Sale, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';

// Shared set-up of the sales tests.

export const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };

export const testProfile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};

export function testSale(over: Partial<Sale> & Pick<Sale, 'id'>): Sale {
  return {
    source: 'inventory',
    itemId: 'it-1',
    providerId: null,
    consignmentId: null,
    orderId: null,
    productCatalogId: null,
    sku: 'DD1391-100',
    name: 'Nike Dunk Low Panda',
    brand: 'Nike',
    colorway: 'Panda',
    imageUrl: null,
    size: '42',
    quantity: 1,
    salePrice: 15000,
    purchasePrice: 9000,
    fees: 1000,
    profit: 5000,
    currency: 'EUR',
    saleDate: '2026-03-05',
    clientId: 'c-1',
    buyerName: 'Lucía Fernández',
    shippingCarrier: null,
    trackingNumber: null,
    notes: null,
    paymentMethod: null,
    confirmationQueuedAt: '2026-03-05T10:00:00Z',
    createdAt: '2026-03-05T10:00:00Z',
    updatedAt: '2026-03-05T10:00:00Z',
    ...over,
  };
}
