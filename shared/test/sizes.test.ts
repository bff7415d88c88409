import { describe, expect, it } from 'vitest';
import { compareSizes, formatSize, sizeFilterOptions } from '../src/sizes';

describe('size sorting (spec section 5)', () => {
  it('puts letter sizes first in their order, then numbers by value, then the rest', () => {
    expect(['10', 'XL', 'US 9.5', 'one size', 'S', '42', 'XXXXS', '8'].sort(compareSizes)).toEqual([
      'XXXXS',
      'S',
      'XL',
      '8',
      'US 9.5',
      '10',
      '42',
      'one size',
    ]);
  });

  it('lists BULK first in the filter and removes duplicates', () => {
    expect(sizeFilterOptions(['44', 'BULK', '42', '44', ' M '])).toEqual(['BULK', 'M', '42', '44']);
  });
});

describe('size display (spec section 3)', () => {
  it.each([
    ['42', 'EU 42'],
    ['35', 'EU 35'],
    ['9.5', 'US 9.5'],
    ['4', 'US 4'],
    ['2', 'US 2'],
    ['us 10', 'US 10'],
    ['eu 44.5', 'EU 44.5'],
    ['uk 8', 'UK 8'],
    ['', 'Unknown'],
    [null, 'Unknown'],
  ])('%s shows as %s', (input, shown) => {
    expect(formatSize(input)).toBe(shown);
  });
});
