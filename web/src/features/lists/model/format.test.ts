import { describe, expect, it } from 'vitest';
import { formatSize } from '@sneakers/shared';
import { formatBrand, formatName, formatSku } from './format';
import { draftToPayload, emptyDraft, filterItems, DEFAULT_ITEM_FILTERS } from './items';
import type { Item } from '@sneakers/shared';

describe('display formatting (spec section 3)', () => {
  it('title-cases names with the upper-case abbreviations', () => {
    expect(formatName('AIR JORDAN 1 RETRO HIGH og')).toBe('Air Jordan 1 Retro High OG');
    expect(formatName('nike dunk low sb gs')).toBe('Nike Dunk Low SB GS');
    expect(formatName('nike air max 90 se')).toBe('Nike Air Max 90 SE');
    expect(formatName('  ')).toBe('Unknown');
  });
  it('upper-cases brand and SKU, with the fallbacks', () => {
    expect(formatBrand('adidas')).toBe('ADIDAS');
    expect(formatBrand('unknown')).toBe('');
    expect(formatBrand('')).toBe('');
    expect(formatSku('dd1391-100')).toBe('DD1391-100');
    expect(formatSku('')).toBe('Unknown');
  });
  it('formats sizes', () => {
    expect(formatSize('42')).toBe('EU 42');
    expect(formatSize('9.5')).toBe('US 9.5');
    expect(formatSize('us 10')).toBe('US 10');
    expect(formatSize('')).toBe('Unknown');
  });
});

describe('item form', () => {
  it('turns typed decimals into cents and BULK into the only size', () => {
    const result = draftToPayload(
      {
        ...emptyDraft('EUR'),
        sku: ' x1 ',
        name: 'Dunk',
        isBulk: true,
        sizes: ['42'],
        targetPrice: '199,99',
        purchasePrice: '100',
      },
      'wtb',
    );
    expect(result.payload).toMatchObject({
      sku: 'x1',
      sizes: ['BULK'],
      targetPrice: 19999,
      purchasePrice: 10000,
      desiredPrice: null,
    });
  });
  it('reports the missing fields', () => {
    const result = draftToPayload({ ...emptyDraft('EUR'), targetPrice: 'abc' }, 'wtb');
    expect(result.errors).toEqual({
      sku: 'lists.form.errors.skuRequired',
      name: 'lists.form.errors.nameRequired',
      sizes: 'lists.form.errors.sizesRequired',
      targetPrice: 'lists.form.errors.price',
    });
  });
  it('searches, filters and sorts', () => {
    const base = {
      brand: '',
      sku: '',
      status: 'pending',
      visibility: 'public',
      urgent: false,
      listType: 'wtb',
      targetPrice: null,
    } as unknown as Item;
    const items = [
      { ...base, id: '1', name: 'B', createdAt: '2024-01-01', targetPrice: 500 },
      { ...base, id: '2', name: 'A', createdAt: '2024-02-01', urgent: true, targetPrice: 100 },
    ] as Item[];
    expect(filterItems(items, DEFAULT_ITEM_FILTERS).map((i) => i.id)).toEqual(['2', '1']);
    expect(filterItems(items, { ...DEFAULT_ITEM_FILTERS, sort: 'price' }).map((i) => i.id)).toEqual([
      '1',
      '2',
    ]);
    expect(filterItems(items, { ...DEFAULT_ITEM_FILTERS, sort: 'name' }).map((i) => i.id)).toEqual([
      '2',
      '1',
    ]);
    expect(filterItems(items, { ...DEFAULT_ITEM_FILTERS, urgentOnly: true }).map((i) => i.id)).toEqual(['2']);
  });
});
