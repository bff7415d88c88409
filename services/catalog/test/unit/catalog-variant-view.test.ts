import { describe, expect, it } from 'vitest';
import { viewDrift } from '@sneakers/shared/views/drift';
import { catalogVariantView } from '@sneakers/shared/views/catalog-variant-view';
import { variantEntity } from '../../src/products/variant-entity';

describe('the shared read-only catalogue variant view', () => {
  it('reads the variant rows this service owns exactly as they are written', () => {
    expect(viewDrift(catalogVariantView, variantEntity)).toEqual([]);
  });

  it('notices a drift of an attribute', () => {
    const drifted = {
      schema: {
        ...catalogVariantView.schema,
        attributes: { ...catalogVariantView.schema.attributes, gtin: { type: 'number' } },
      },
    };
    expect(viewDrift(drifted, variantEntity)).toEqual([expect.stringContaining('gtin')]);
  });
});
