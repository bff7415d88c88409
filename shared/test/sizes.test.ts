import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareSizes,
  formatSize,
  normalizeSize,
  normalizeSizes,
  parseSizes,
  sizeFilterOptions,
} from '../src/sizes';

describe('size sorting (docs/product/lists-and-public-lists.md#size-sorting)', () => {
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

describe('size display (docs/product/lists-and-public-lists.md#size-display)', () => {
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

const systems = fc.constantFrom('US', 'EU', 'UK', 'us', 'eu', 'uk', 'Uk');
const sizeNumber = fc
  .tuple(fc.integer({ min: 1, max: 52 }), fc.constantFrom('', '.5', '.25', ' 1/3'))
  .map(([n, fraction]) => `${n}${fraction}`);
/** A size with its system, in either order, with any spacing between them. */
const sizeWithSystem = fc
  .tuple(systems, sizeNumber, fc.boolean(), fc.constantFrom(' ', '  ', '\t', ''))
  .map(([system, n, systemFirst, gap]) => (systemFirst ? `${system}${gap}${n}` : `${n}${gap}${system}`));
/** Any size as stored: normalised and free of separators. */
const storedSize = fc
  .oneof(sizeWithSystem, sizeNumber, fc.string({ minLength: 1, maxLength: 20 }))
  .filter((s) => normalizeSize(s) === s && s !== '' && !/[,\r\n]/.test(s));

describe('typed sizes (docs/product/lists-and-public-lists.md#typed-sizes)', () => {
  it('keeps a size with its system as one size: only commas and new lines separate', () => {
    expect(parseSizes('UK 8.5, US 10, 42 EU')).toEqual(['UK 8.5', 'US 10', '42 EU']);
    expect(parseSizes('42\n43.5\r\nus   9 ,, ')).toEqual(['42', '43.5', 'us 9']);
    expect(parseSizes('42, 42 , 42 eu, 42 EU, bulk, Bulk')).toEqual(['42', '42 eu', 'BULK']);
    expect(parseSizes(' , \n ')).toEqual([]);
  });

  it('round-trips sizes joined with commas', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(storedSize, { selector: (s) => s.toUpperCase(), maxLength: 30 }),
        (sizes) => {
          expect(parseSizes(sizes.join(', '))).toEqual(sizes);
          expect(parseSizes(sizes.join('\n'))).toEqual(sizes);
        },
      ),
    );
  });

  it('never splits a size with its system, in either order, and shows it only upper-cased', () => {
    fc.assert(
      fc.property(sizeWithSystem, fc.constantFrom('', ' ', '  '), (size, pad) => {
        const parsed = parseSizes(`${pad}${size}${pad}`);
        expect(parsed).toEqual([normalizeSize(size)]);
        expect(formatSize(parsed[0])).toBe(normalizeSize(size).toUpperCase());
      }),
    );
  });

  it('stores the same from the API as from typing: entries with separators are several sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 10 }), (entries) => {
        expect(normalizeSizes(entries)).toEqual(parseSizes(entries.join(',')));
        expect(normalizeSizes(normalizeSizes(entries))).toEqual(normalizeSizes(entries));
      }),
    );
  });

  it.each([
    ['42 EU', '42 EU'],
    ['42 eu', '42 EU'],
    ['8.5 uk', '8.5 UK'],
    ['US  10', 'US 10'],
    ['bulk', 'BULK'],
  ])('%s shows as %s', (input, shown) => {
    expect(formatSize(input)).toBe(shown);
  });
});
