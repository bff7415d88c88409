import { describe, expect, it } from 'vitest';
import type { MpProduct, MpVariant } from '../../src/marketplace/client';
import {
  conversionValue,
  mapGender,
  mapProduct,
  mapReleaseDate,
  mapVariant,
  mapVariants,
  toCents,
} from '../../src/marketplace/mapping';
import { mpProductSchema, mpVariantSchema } from '../../src/marketplace/shapes';
import * as z from 'zod/mini';
import { sampleProduct, sampleVariant } from '../support/fake-marketplace';

const product = (over: Record<string, unknown> = {}): MpProduct =>
  z.parse(mpProductSchema, sampleProduct(over));
const variant = (over: Record<string, unknown> = {}): MpVariant =>
  z.parse(mpVariantSchema, sampleVariant(over));
const conversions = (...list: [string, string][]) => ({
  sizeChart: { availableConversions: list.map(([size, type]) => ({ size, type })) },
});

describe('mapProduct', () => {
  it('maps every field of a StockX product and its variants', () => {
    // Its box's barcode is the first identifier that is a GTIN, stored as GTIN-14.
    const gtins = [
      { identifier: 'n/a', type: 'OTHER' },
      { identifier: '195866131734', type: 'UPC' },
    ];
    const mapped = mapProduct(product(), [variant({ gtins })]);
    expect(mapped).toEqual({
      ok: true,
      value: {
        skippedVariants: 0,
        input: {
          sku: 'DD1391-100',
          name: 'Nike Dunk Low Retro White Black Panda',
          brand: 'Nike',
          productType: 'sneakers',
          imageUrl: 'https://images.example.com/dunk.png',
          releaseDate: '2021-03-10',
          retailPrice: 11000,
          currency: 'EUR',
          colorway: 'White/Black',
          gender: 'men',
          marketplaceSlug: 'nike-dunk-low-retro-white-black-2021',
          marketplaceProductId: 'p-1',
          variants: [
            {
              label: 'US M 9',
              retailPrice: 11000,
              marketplaceVariantId: 'v-9',
              gtin: '00195866131734',
              size: { brand: 'nike', usM: '9', usW: '10.5', uk: '8', eu: '42.5', jpCm: '27' },
            },
          ],
        },
      },
    });
  });

  it('leaves the variants alone when none were fetched, and takes the currency asked for', () => {
    const mapped = mapProduct(product(), undefined, { currency: 'USD' });
    expect(mapped.ok && mapped.value.input).not.toHaveProperty('variants');
    expect(mapped.ok && mapped.value.input.currency).toBe('USD');
  });

  it.each([
    ['no style code', { styleId: undefined }, 'Product p-1 has no style code'],
    ['a blank style code', { styleId: '   ' }, 'Product p-1 has no style code'],
    ['a null style code', { styleId: null }, 'Product p-1 has no style code'],
    ['a blank name', { title: ' ' }, 'Product DD1391-100 has no name'],
    ['a blank brand', { brand: '' }, 'Product DD1391-100 has no brand'],
    [
      'a style code too long',
      { styleId: 'X'.repeat(41) },
      'Product XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX: sku:',
    ],
    ['a name too long', { title: 'n'.repeat(201) }, 'Product DD1391-100: name:'],
  ])('fails a product with %s', (_case, over, reason) => {
    const mapped = mapProduct(product(over), [variant()]);
    expect(mapped.ok).toBe(false);
    expect(!mapped.ok && mapped.reason).toContain(reason);
  });

  it.each([
    ['an invalid release date', { productAttributes: { releaseDate: '2021-02-30' } }, { releaseDate: null }],
    [
      'a release timestamp',
      { productAttributes: { releaseDate: '2021-03-10T23:00:00.000Z' } },
      { releaseDate: '2021-03-10' },
    ],
    ['a price as text', { productAttributes: { retailPrice: '189.99' } }, { retailPrice: 18999 }],
    ['a negative price', { productAttributes: { retailPrice: -5 } }, { retailPrice: null }],
    ['a price that is not a number', { productAttributes: { retailPrice: 'TBD' } }, { retailPrice: null }],
    [
      'no attributes at all',
      { productAttributes: null },
      { releaseDate: null, retailPrice: null, gender: null, colorway: '' },
    ],
    ['an image that is not a URL', { media: { imageUrl: 'not a url' } }, { imageUrl: null }],
    ['a script URL as image', { media: { imageUrl: 'javascript:alert(1)' } }, { imageUrl: null }],
    ['no media', { media: undefined }, { imageUrl: null }],
    ['no product type', { productType: null }, { productType: 'sneakers' }],
    ['a product type in capitals', { productType: 'Apparel' }, { productType: 'apparel' }],
    ['no URL key', { urlKey: undefined }, { marketplaceSlug: null }],
  ])('keeps a product with %s, that field made safe', (_case, over, expected) => {
    const mapped = mapProduct(product(over), undefined);
    expect(mapped.ok).toBe(true);
    expect(mapped.ok && mapped.value.input).toMatchObject(expected);
  });
});

describe('variants', () => {
  const nikeMen = { brand: 'Nike', gender: 'men' as const, retailPrice: null };

  it.each([
    [
      'a US size only: the rest from the brand chart',
      conversions(['US M 9', 'us m']),
      nikeMen,
      'US M 9',
      { brand: 'nike', usM: '9', usW: '10.5', uk: '8', eu: '42.5', jpCm: '27' },
    ],
    [
      "adidas' own chart (thirds in EU)",
      conversions(['US M 9', 'us m']),
      { ...nikeMen, brand: 'adidas' },
      'US M 9',
      { brand: 'adidas', usM: '9', usW: '10', uk: '8.5', eu: '42 2/3', jpCm: '27' },
    ],
    [
      "a women's EU size",
      conversions(['EU 40', 'eu']),
      { ...nikeMen, gender: 'women' as const },
      'EU 40',
      { brand: 'nike', usM: '7', usW: '8.5', uk: '6', eu: '40', jpCm: '25.5' },
    ],
    [
      "Jordan on Nike's chart",
      conversions(['EU 44', 'eu'], ['UK 9', 'uk']),
      { ...nikeMen, brand: 'Jordan' },
      'EU 44',
      { brand: 'nike', usM: '10', usW: '11.5', uk: '9', eu: '44', jpCm: '28' },
    ],
    [
      "the marketplace's values over the chart's",
      conversions(['US M 9', 'us m'], ['EU 43', 'eu']),
      nikeMen,
      'US M 9',
      { brand: 'nike', usM: '9', usW: '10.5', uk: '8', eu: '43', jpCm: '27' },
    ],
    [
      "kids' sizes: not on the adult charts, kept as they are",
      conversions(['US 5Y', 'us']),
      { ...nikeMen, gender: 'kids' as const },
      'US M 5Y',
      { brand: 'nike', usM: '5Y', usW: null, uk: null, eu: null, jpCm: null },
    ],
    [
      'no size chart: the variant value as US size',
      { sizeChart: null, variantValue: '10' },
      nikeMen,
      'US M 10',
      { brand: 'nike', usM: '10', usW: '11.5', uk: '9', eu: '44', jpCm: '28' },
    ],
    [
      'a size off the chart and unknown systems ignored',
      conversions(['US M 30', 'us m'], ['MX 27', 'mx']),
      nikeMen,
      'US M 30',
      { brand: 'nike', usM: '30', usW: null, uk: null, eu: null, jpCm: null },
    ],
    [
      'sizes with a comma and suffixed systems',
      conversions(['42,5 EU', 'eu'], ['27.5 cm', 'jp cm']),
      nikeMen,
      'EU 42.5',
      { brand: 'nike', usM: '9', usW: '10.5', uk: '8', eu: '42.5', jpCm: '27.5' },
    ],
  ])('%s', (_case, over, context, label, size) => {
    const mapped = mapVariant(variant({ ...over, sizeChart: over.sizeChart ?? null }), context);
    expect(mapped).toEqual({
      ok: true,
      value: { label, retailPrice: null, marketplaceVariantId: 'v-9', gtin: '00195866123456', size },
    });
  });

  it('uses a one-size value as the label, and fails a variant with no size at all', () => {
    expect(mapVariant(variant({ sizeChart: null, variantValue: 'One Size' }), nikeMen)).toMatchObject({
      ok: true,
      value: { label: 'One Size', size: { usM: null, eu: null } },
    });
    expect(mapVariant(variant({ sizeChart: null, variantValue: null }), nikeMen)).toEqual({
      ok: false,
      reason: 'Variant v-9 has no size',
    });
    expect(
      mapVariant(
        variant({
          sizeChart: { availableConversions: [{ size: 'huge', type: 'us m' }] },
          variantValue: undefined,
        }),
        nikeMen,
      ).ok,
    ).toBe(false);
  });

  it('drops duplicate labels and variants without a size, counting them', () => {
    const list = [
      variant(),
      variant({ variantId: 'v-9b' }),
      variant({ variantId: 'v-x', sizeChart: null, variantValue: null }),
      variant({ variantId: 'v-10', sizeChart: { defaultConversion: { size: 'US M 10', type: 'us m' } } }),
    ];
    const { variants, skipped } = mapVariants(list, nikeMen);
    expect(variants.map((v) => [v.label, v.marketplaceVariantId])).toEqual([
      ['US M 9', 'v-9'],
      ['US M 10', 'v-10'],
    ]);
    expect(skipped).toBe(2);
  });

  it('keeps at most 80 variants', () => {
    const list = Array.from({ length: 90 }, (_, i) =>
      variant({ variantId: `v-${i}`, sizeChart: { defaultConversion: { size: `EU ${i}`, type: 'eu' } } }),
    );
    const { variants, skipped } = mapVariants(list, nikeMen);
    expect([variants.length, skipped]).toEqual([80, 10]);
  });
});

describe('field helpers', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null],
    ['2024-13-01', null],
    ['24-01-01', null],
    ['', null],
    [null, null],
  ])('release date %s → %s', (raw, expected) => expect(mapReleaseDate(raw)).toBe(expected));

  it.each([
    [110, 11000],
    [0.1 + 0.2, 30],
    ['99.5', 9950],
    ['', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [2e9, null],
    // The published bound of a typed amount: 1,000,000.00 (docs/product/constants.md#amounts).
    [1_000_000, 100_000_000],
    [1_000_000.01, null],
  ])('price %s → %s cents', (raw, expected) => expect(toCents(raw)).toBe(expected));

  it.each([
    ['Men', 'men'],
    ["Women's", 'women'],
    ['child', 'kids'],
    ['GS', 'kids'],
    ['toddler', 'toddler'],
    ['unisex', 'unisex'],
    ['alien', null],
    // Names every object inherits are not aliases (issue 25).
    ['constructor', null],
    ['toString', null],
    [undefined, null],
  ])('gender %s → %s', (raw, expected) => expect(mapGender(raw)).toBe(expected));

  it.each([
    [
      { size: 'US W 10.5', type: 'us w' },
      { system: 'usW', value: '10.5' },
    ],
    [
      { size: 'EU 42 2/3', type: 'eu' },
      { system: 'eu', value: '42 2/3' },
    ],
    [
      { size: 'UK 8', type: 'UK' },
      { system: 'uk', value: '8' },
    ],
    [
      { size: '27 cm', type: 'jp cm' },
      { system: 'jpCm', value: '27' },
    ],
    [{ size: 'US M 9', type: 'mx' }, undefined],
    [{ size: 'XL', type: 'us m' }, undefined],
    [{ size: '42', type: 'constructor' }, undefined],
  ])('conversion %j → %j', (conversion, expected) => expect(conversionValue(conversion)).toEqual(expected));
});
