import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { catalogProductView, catalogVariantView } from '@sneakers/shared/views/catalog-product-view';
import { productEntity } from '../../src/products/product-entity';
import { variantEntity } from '../../src/products/variant-entity';

describe('the shared read-only catalogue product views', () => {
  it('read the product and variant rows this service owns exactly as they are written', () => {
    expect(viewDrift(catalogProductView, productEntity)).toEqual([]);
    expect(viewDrift(catalogVariantView, variantEntity)).toEqual([]);
  });

  it('notice a drift of an attribute or of the shared collection', () => {
    const attribute = {
      schema: {
        ...catalogVariantView.schema,
        attributes: { ...catalogVariantView.schema.attributes, label: { type: 'number' } },
      },
    };
    expect(viewDrift(attribute, variantEntity)).toEqual([expect.stringContaining('label')]);
    const collection = {
      schema: {
        ...catalogProductView.schema,
        indexes: {
          byProduct: { ...catalogProductView.schema.indexes.byProduct, collection: 'somethingElse' },
        },
      },
    };
    expect(viewDrift(collection, productEntity)).toEqual([expect.stringContaining('primary key')]);
  });
});
