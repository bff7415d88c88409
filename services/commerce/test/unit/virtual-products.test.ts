import { describe, expect, it } from 'vitest';
import {
  virtualProductCreateSchema,
  virtualProductUpdateSchema,
} from '@sneakers/shared/contracts/virtual-products';
import { newVirtualProduct, virtualProductChanges } from '../../src/virtual-products/domain';

const now = new Date('2026-11-22T10:00:00Z');

describe('virtual product rules', () => {
  it('a new product: sizes normalised and de-duplicated, active, unsold, the store’s currency by default', () => {
    const input = virtualProductCreateSchema.parse({
      sku: ' IE0421 ',
      name: 'Samba OG',
      price: 12000,
      sizes: ['uk 8', 'UK 8', ' UK  9 ', 'bulk'],
      notes: '   ',
    });
    expect(newVirtualProduct('store-a', input, { id: 'vp-1', now, defaultCurrency: 'GBP' })).toMatchObject({
      storeUserId: 'store-a',
      sku: 'IE0421',
      sizes: ['uk 8', 'UK 9', 'BULK'],
      currency: 'GBP',
      active: true,
      soldCount: 0,
      brand: '',
      costPrice: null,
      notes: null,
      createdAt: now.toISOString(),
    });
  });

  it('an update changes only what it names; null and blank text clear optional fields', () => {
    const input = virtualProductUpdateSchema.parse({
      costPrice: null,
      notes: ' ',
      sizes: ['42, 43'],
      active: false,
    });
    expect(virtualProductChanges(input, now)).toEqual({
      costPrice: null,
      notes: null,
      sizes: ['42', '43'],
      active: false,
      updatedAt: now.toISOString(),
    });
  });
});
