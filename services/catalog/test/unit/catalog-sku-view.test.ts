import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { catalogSkuView } from '@sneakers/shared/views/catalog-sku-view';
import { skuEntity } from '../../src/products/sku-entity';

describe('the shared read-only catalogue SKU view', () => {
  it('reads the SKU claim rows this service owns exactly as they are written', () => {
    expect(viewDrift(catalogSkuView, skuEntity)).toEqual([]);
  });

  it('notices a drift of an attribute', () => {
    const drifted = {
      schema: {
        ...catalogSkuView.schema,
        attributes: { ...catalogSkuView.schema.attributes, productId: { type: 'number' } },
      },
    };
    expect(viewDrift(drifted, skuEntity)).toEqual([expect.stringContaining('productId')]);
  });
});
