import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { virtualProductView } from '@sneakers/shared/views/virtual-product-view';
import { virtualProductEntity } from '../../src/virtual-products/virtual-product-entity';

describe('the shared read-only virtual product view', () => {
  it('reads the rows this service owns exactly as they are written', () => {
    expect(viewDrift(virtualProductView, virtualProductEntity)).toEqual([]);
  });

  it('never declares the private fields (cost price, notes)', () => {
    expect(Object.keys(virtualProductView.schema.attributes)).not.toContain('costPrice');
    expect(Object.keys(virtualProductView.schema.attributes)).not.toContain('notes');
  });

  it('notices a drift', () => {
    const drifted = {
      schema: {
        ...virtualProductView.schema,
        attributes: { ...virtualProductView.schema.attributes, price: { type: 'string' } },
      },
    };
    expect(viewDrift(drifted, virtualProductEntity)).toEqual([expect.stringContaining('price')]);
  });
});
