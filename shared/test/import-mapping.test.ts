import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SavedMapping } from '../src/contracts/migration';
import {
  createRowMapper,
  detectSource,
  headerSetKey,
  mappingProblems,
  SHOPIFY_IMAGE_ROW,
  stripSizeSuffix,
  suggestMapping,
} from '../src/rules/import-mapping';
import { parseBoolean, parseDate, parsePrice, toPortableRecord } from '../src/rules/import-values';

const fieldsOf = (columns: { header: string; field: string | null }[]) =>
  Object.fromEntries(columns.filter((c) => c.field !== null).map((c) => [c.header, c.field]));

const SHOPIFY_CURRENT = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Product category',
  'Type',
  'Tags',
  'Published on online store',
  'Status',
  'SKU',
  'Barcode',
  'Option1 name',
  'Option1 value',
  'Option2 name',
  'Option2 value',
  'Price',
  'Compare-at price',
  'Cost per item',
  'Inventory quantity',
  'Product image URL',
];
const SHOPIFY_OLDER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Cost per item',
  'Status',
];

describe('values', () => {
  it('reads prices in any common spelling as cents', () => {
    expect(parsePrice('180')).toBe(18000);
    expect(parsePrice('€1.234,50')).toBe(123450);
    expect(parsePrice('1,234.50')).toBe(123450);
    expect(parsePrice('1 234,50 €')).toBe(123450);
    expect(parsePrice('$99.9')).toBe(9990);
    expect(parsePrice('1.234')).toBe(123400);
    expect(parsePrice('12,5')).toBe(1250);
    expect(parsePrice('-5')).toBe(-500);
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('1.2.3,4567')).toBeNull();
  });

  it('reads any price it wrote in either spelling back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const whole = Math.floor(cents / 100);
        const frac = String(cents % 100).padStart(2, '0');
        const grouped = (sep: string) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        expect(parsePrice(`${grouped(',')}.${frac}`)).toBe(cents);
        expect(parsePrice(`€${grouped('.')},${frac}`)).toBe(cents);
      }),
    );
  });

  it('reads booleans and dates', () => {
    expect(parseBoolean('Sí')).toBe(true);
    expect(parseBoolean('no')).toBe(false);
    expect(parseBoolean('TRUE')).toBe(true);
    expect(parseBoolean('maybe')).toBeNull();
    expect(parseDate('2024-03-05')).toBe('2024-03-05');
    expect(parseDate('5/3/2024')).toBe('2024-03-05');
    expect(parseDate('31.12.2023')).toBe('2023-12-31');
    expect(parseDate('31/02/2024')).toBeNull();
  });

  it('builds a portable item and answers the contract messages per field', () => {
    const ok = toPortableRecord('inventory', {
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      sizes: 'US 10, 42',
      askingPrice: '€1.234,50',
      urgent: 'sí',
    });
    expect(ok.errors).toEqual({});
    expect(ok.record).toMatchObject({ sizes: ['US 10', '42'], askingPrice: 123450, urgent: true });

    const bad = toPortableRecord('inventory', { sku: '', name: 'Dunk', sizes: '', askingPrice: 'lots' });
    expect(bad.errors.sku).toEqual(['SKU is required']);
    expect(bad.errors.askingPrice?.[0]).toMatch(/price/);
    expect(Object.keys(bad.errors)).toContain('sizes');
  });
});

describe('mapping', () => {
  it('suggests the Shopify current headers, the size from Option1 when it says Size', () => {
    const sample = [
      ['Dunk Low', 'dunk-low', '', 'Nike', '', '', '', '', '', 'DD1391-100-10', '', 'Size', '10'],
    ];
    const { source, columns } = suggestMapping('inventory', SHOPIFY_CURRENT, { sample });
    expect(source).toBe('shopify');
    expect(fieldsOf(columns)).toEqual({
      Title: 'name',
      Vendor: 'brand',
      SKU: 'sku',
      'Option1 value': 'sizes',
      Price: 'askingPrice',
      'Cost per item': 'purchasePrice',
      'Product image URL': 'imageUrl',
    });
  });

  it('suggests the Shopify older headers; Option2 is the size when Option2 name says Talla', () => {
    const sample = [['h', 'T', '', 'Nike', '', '', '', 'Color', 'Panda', 'X-1', '', '', '', '', '', '']];
    const headers = [...SHOPIFY_OLDER, 'Option2 Name', 'Option2 Value'];
    sample[0]?.push('Talla', '42');
    const { source, columns } = suggestMapping('inventory', headers, { sample });
    expect(source).toBe('shopify');
    expect(fieldsOf(columns)).toEqual({
      Title: 'name',
      Vendor: 'brand',
      'Variant SKU': 'sku',
      'Option2 Value': 'sizes',
      'Variant Price': 'askingPrice',
      'Image Src': 'imageUrl',
      'Cost per item': 'purchasePrice',
    });
  });

  it('suggests a generic spreadsheet of pairs in English and Spanish, accents and case aside', () => {
    const { source, columns } = suggestMapping('inventory', [
      'Código de estilo',
      'MODELO',
      'Marca',
      'Talla',
      'Precio',
      'Coste',
      'Fecha de compra',
      'Comentarios',
      'Whatever',
    ]);
    expect(source).toBe('generic');
    expect(columns.map((c) => c.field)).toEqual([
      'sku',
      'name',
      'brand',
      'sizes',
      'askingPrice',
      'purchasePrice',
      'purchaseDate',
      'notes',
      null,
    ]);
    expect(suggestMapping('wtb', ['sku', 'price']).columns[1]?.field).toBe('targetPrice');
    expect(suggestMapping('clients', ['Nombre', 'Correo', 'Teléfono']).columns.map((c) => c.field)).toEqual([
      'name',
      'email',
      'phone',
    ]);
  });

  it("recognises this product's own export and takes its headers as they are", () => {
    const headers = ['sku', 'name', 'sizes', 'askingPrice', 'notes'];
    expect(detectSource('inventory', headers)).toBe('export');
    expect(fieldsOf(suggestMapping('inventory', headers).columns)).toEqual({
      sku: 'sku',
      name: 'name',
      sizes: 'sizes',
      askingPrice: 'askingPrice',
      notes: 'notes',
    });
  });

  it('suggests a saved mapping first when the headers match in any order and case', () => {
    const saved: SavedMapping = {
      mappingId: 'm1',
      name: 'My sheet',
      kind: 'inventory',
      headers: ['Ref', 'Thing', 'Sz'],
      fields: { Ref: 'sku', Thing: 'name', Sz: 'sizes' },
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(headerSetKey(['sz', 'REF', 'thing'])).toBe(headerSetKey(saved.headers));
    const out = suggestMapping('inventory', ['Ref', 'Thing', 'Sz'], { saved: [saved] });
    expect(out.saved?.mappingId).toBe('m1');
    expect(out.columns.map((c) => c.field)).toEqual(['sku', 'name', 'sizes']);
  });

  it('names what is wrong with a mapping', () => {
    expect(
      mappingProblems('inventory', [
        { field: 'sku' },
        { field: 'sku' },
        { field: 'nope' },
        { field: 'sizes' },
      ]),
    ).toEqual([
      { code: 'FIELD_MAPPED_TWICE', field: 'sku' },
      { code: 'UNKNOWN_FIELD', field: 'nope' },
      { code: 'REQUIRED_FIELD_UNMAPPED', field: 'name' },
    ]);
  });
});

describe('Shopify rows', () => {
  it('carries the product down to its variants, strips the size from the SKU, skips image rows', () => {
    const headers = [
      'Handle',
      'Title',
      'Vendor',
      'Option1 Name',
      'Option1 Value',
      'Variant SKU',
      'Image Src',
    ];
    const { columns } = suggestMapping('inventory', headers, {
      sample: [['dunk', 'Dunk Low', 'Nike', 'Size', '10', 'DD1391-100-10', 'http://x/1.jpg']],
    });
    const map = createRowMapper('shopify', headers, columns);
    expect(map(['dunk', 'Dunk Low', 'Nike', 'Size', '10', 'DD1391-100-10', 'http://x/1.jpg']).values).toEqual(
      {
        name: 'Dunk Low',
        brand: 'Nike',
        sizes: '10',
        sku: 'DD1391-100',
        imageUrl: 'http://x/1.jpg',
      },
    );
    expect(map(['dunk', '', '', '', '10.5', 'DD1391-100-10.5', '']).values).toMatchObject({
      name: 'Dunk Low',
      brand: 'Nike',
      sizes: '10.5',
      sku: 'DD1391-100',
    });
    expect(map(['dunk', '', '', '', '', '', 'http://x/2.jpg']).skipReason).toBe(SHOPIFY_IMAGE_ROW);
    // The next product carries nothing of the previous one.
    expect(map(['af1', '', '', '', '9', 'CW2288-111', '']).values.name).toBe('');
  });

  it('keeps a SKU that does not end with the size', () => {
    expect(stripSizeSuffix('DD1391-100', '10')).toBe('DD1391-100');
    expect(stripSizeSuffix('DD1391-100_US 10', 'US 10')).toBe('DD1391-100');
    expect(stripSizeSuffix('DD1391-100 10', 'US 10')).toBe('DD1391-100');
    expect(stripSizeSuffix('AB-10', '10')).toBe('AB-10');
  });
});
