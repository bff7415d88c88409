import { describe, expect, it } from 'vitest';
import type { PublicItem } from '@sneakers/shared';
import { columnsFor, filterPublicItems, sizeOptions, visibleSizes } from './filters';
import { mergeDuplicates, MOCK_ITEMS_RAW } from './mock-list';

const make = (id: string, patch: Partial<PublicItem>) => ({ ...MOCK_ITEMS_RAW[0]!, id, ...patch });

describe('public list filters', () => {
  it('lists BULK first, then letter sizes, then numeric, then the rest', () => {
    expect(
      sizeOptions(undefined, [make('a', { sizes: ['43', 'XL', 'BULK', '9.5', 'S', 'One Size', '42'] })]),
    ).toEqual(['BULK', 'S', 'XL', '9.5', '42', '43', 'One Size']);
    expect(sizeOptions(['44', 'BULK'], [])).toEqual(['BULK', '44']);
  });

  it('filters by search (name, brand, SKU), size and brand', () => {
    const items = [
      make('a', { name: 'Dunk Low', brand: 'Nike', sku: 'AA-1', sizes: ['42'] }),
      make('b', { name: 'Samba', brand: 'adidas', sku: 'BB-2', sizes: ['BULK'] }),
    ];
    expect(filterPublicItems(items, { search: 'bb-2', size: '', brand: '' }).map((i) => i.id)).toEqual(['b']);
    expect(filterPublicItems(items, { search: 'nike', size: '', brand: '' }).map((i) => i.id)).toEqual(['a']);
    expect(filterPublicItems(items, { search: '', size: 'BULK', brand: '' }).map((i) => i.id)).toEqual(['b']);
    expect(filterPublicItems(items, { search: '', size: '', brand: 'ADIDAS' }).map((i) => i.id)).toEqual([
      'b',
    ]);
  });

  it('uses the documented grid columns and caps mobile size badges at 3', () => {
    expect([375, 700, 1100, 1400].map((w) => columnsFor('normal', w))).toEqual([2, 3, 4, 6]);
    expect([375, 700, 1100, 1400].map((w) => columnsFor('small', w))).toEqual([3, 4, 6, 8]);
    expect(visibleSizes(['1', '2', '3', '4', '5'], 3)).toEqual({ shown: ['1', '2', '3'], more: 2 });
  });
});

describe('mock list merge', () => {
  it('merges duplicates by SKU, name and colorway and unites their sizes', () => {
    const merged = mergeDuplicates(MOCK_ITEMS_RAW);
    expect(merged).toHaveLength(MOCK_ITEMS_RAW.length - 2);
    const dunk = merged.find((i) => i.id === 'm1')!;
    expect(dunk.sizes).toEqual(['42', '42.5', '43', '44']);
    expect(dunk.urgent).toBe(true);
    expect(merged.find((i) => i.id === 'm3')!.sizes).toEqual(['9', '9.5', '10']);
  });

  it('keeps items apart when the colorway differs', () => {
    const items = [
      make('x', { colorway: 'Red', sizes: ['40'] }),
      make('y', { colorway: 'Blue', sizes: ['41'] }),
    ];
    expect(mergeDuplicates(items)).toHaveLength(2);
  });
});
