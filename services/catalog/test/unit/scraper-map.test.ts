import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { productInputSchema } from '@sneakers/shared/contracts/catalog';
import { releaseItemSchema } from '@sneakers/shared/contracts/catalog-tools';
import { toProductInput, toReleaseItem } from '../../src/releases/map';
import { sourceReleaseSchema } from '../../src/releases/parse';
import { release, type FixtureRelease } from '../support/fake-marketplace';

const source = (overrides: FixtureRelease = {}) =>
  z.parse(
    sourceReleaseSchema,
    release({ media: { imageUrl: 'http://localhost:4508/images/DD1391-100.svg' }, ...overrides }),
  );

describe('release → release item', () => {
  it('maps the product, the release (euro cents) and sorted sizes', () => {
    const item = toReleaseItem(source());
    expect(z.safeParse(releaseItemSchema, item).success).toBe(true);
    expect(item.product).toEqual({
      name: 'Nike Dunk Low Retro White Black',
      brand: 'Nike',
      sku: 'DD1391-100',
      imageUrl: 'http://localhost:4508/images/DD1391-100.svg',
      colorway: 'White/Black',
      gender: 'men',
      productType: 'sneakers',
      marketplaceSlug: 'nike-dunk-low-retro-white-black-2021',
    });
    expect(item.release).toEqual({ releaseDate: '2030-03-10', retailPrice: 11999, status: 'upcoming' });
    expect(item.sizes).toEqual(['US M 9', 'US M 10']);
  });

  it('keeps the sizes the source states and fills the rest from the size chart', () => {
    const [nine, ten] = toReleaseItem(source()).variants;
    // US 9 stated everywhere; the release's price when the variant has none.
    expect(nine).toEqual({
      variantLabel: 'US M 9',
      retailPrice: 11999,
      releaseDate: '2030-03-10',
      sizeData: { usM: '9', eu: '42.5', usW: '10.5', uk: '8', jpCm: '27' },
    });
    // US 10 stated with EU only: UK, US W and cm from Nike's chart.
    expect(ten?.sizeData).toEqual({ usM: '10', eu: '44', usW: '11.5', uk: '9', jpCm: '28' });
  });

  it("uses the brand's chart: adidas sizes in thirds", () => {
    const item = toReleaseItem(
      source({
        brand: 'adidas',
        styleId: 'GW2871',
        variants: [{ sizeChart: { availableConversions: [{ size: 'US M 9', type: 'us m' }] } }],
      }),
    );
    expect(item.variants[0]).toMatchObject({
      variantLabel: 'US M 9',
      sizeData: { usM: '9', uk: '8.5', eu: '42 2/3', usW: '10', jpCm: '27' },
    });
  });

  it("reads a women's release by its US W size", () => {
    const item = toReleaseItem(
      source({
        gender: 'women',
        variants: [{ sizeChart: { defaultConversion: { size: 'US W 8', type: 'us w' } } }],
      }),
    );
    expect(item.variants[0]).toMatchObject({
      variantLabel: 'US W 8',
      sizeData: { usW: '8', usM: '6.5', uk: '5.5', eu: '39', jpCm: '25' },
    });
  });

  it('tolerates missing optional data: no variants, no price, no image, unknown gender, odd sizes', () => {
    const item = toReleaseItem(
      source({
        media: null,
        retailPrice: null,
        gender: 'everyone',
        colorway: null,
        productCategory: null,
        urlKey: null,
        releaseDate: null,
        status: null,
        variants: [
          { sizeChart: { availableConversions: [{ size: 'one size', type: 'us m' }] } },
          { sizeChart: null },
          { sizeChart: { availableConversions: [{ size: '42', type: 'eu' }] } },
          { sizeChart: { availableConversions: [{ size: 'EU 42', type: 'eu' }] } },
        ],
      }),
    );
    expect(item.product).toMatchObject({
      imageUrl: null,
      gender: null,
      colorway: '',
      productType: 'sneakers',
    });
    expect(item.release).toEqual({ releaseDate: null, retailPrice: null, status: 'upcoming' });
    // Sizes it cannot read are left out; the same size twice is one variant.
    expect(item.sizes).toEqual(['EU 42']);
    expect(item.variants[0]?.sizeData).toEqual({ usM: '8.5', eu: '42', usW: '10', uk: '7.5', jpCm: '26.5' });
  });

  it('never lets a source size contradict its stated system', () => {
    const item = toReleaseItem(
      source({
        variants: [
          {
            sizeChart: {
              availableConversions: [
                { size: 'UK 8', type: 'eu' },
                { size: '9', type: 'us m' },
              ],
            },
          },
        ],
      }),
    );
    expect(item.variants[0]?.sizeData.eu).toBe('42.5');
    expect(item.variants[0]?.sizeData.uk).toBe('8');
  });
});

describe('release item → product input', () => {
  it('is a valid product input in euro with the chart brand on every variant size', () => {
    const input = toProductInput(toReleaseItem(source({ brand: 'Jordan' })));
    expect(z.safeParse(productInputSchema, input).success).toBe(true);
    expect(input).toMatchObject({
      sku: 'DD1391-100',
      currency: 'EUR',
      retailPrice: 11999,
      releaseDate: '2030-03-10',
    });
    expect(input.variants?.map((v) => [v.label, v.size?.brand, v.size?.eu])).toEqual([
      ['US M 9', 'nike', '42.5'],
      ['US M 10', 'nike', '44'],
    ]);
  });

  it('drops an image URL the catalogue would refuse', () => {
    const input = toProductInput(toReleaseItem(source({ media: { imageUrl: 'javascript:alert(1)' } })));
    expect(input.imageUrl).toBeNull();
  });
});
