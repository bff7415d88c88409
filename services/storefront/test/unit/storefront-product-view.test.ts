import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { storefrontProductView, storefrontSetupView } from '@sneakers/shared/views/storefront-product-view';
import { productEntity } from '../../src/catalog/product-entity';
import { setupEntity } from '../../src/setup/setup-entity';

describe('the shared read-only storefront product views', () => {
  it('read the product and set-up rows this service owns exactly as they are written', () => {
    expect(viewDrift(storefrontProductView, productEntity)).toEqual([]);
    expect(viewDrift(storefrontSetupView, setupEntity)).toEqual([]);
  });

  it('notice a drift of an attribute or of the keys', () => {
    const attribute = {
      schema: {
        ...storefrontProductView.schema,
        attributes: { ...storefrontProductView.schema.attributes, offers: { type: 'string' } },
      },
    };
    expect(viewDrift(attribute, productEntity)).toEqual([expect.stringContaining('offers')]);
    const keys = {
      schema: {
        ...storefrontSetupView.schema,
        indexes: {
          byStore: {
            ...storefrontSetupView.schema.indexes.byStore,
            sk: { field: 'sk', composite: ['storeUserId'] },
          },
        },
      },
    };
    expect(viewDrift(keys, setupEntity)).toEqual([expect.stringContaining('primary key')]);
  });
});
