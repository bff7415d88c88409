import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, gtinDigits, gtinKey } from '../src/rules/gtin';
import { variantForSize, variantSizeLabel } from '../src/rules/variant-size';

describe('box barcodes', () => {
  it('compares UPC-A, EAN-13, EAN-8 and GTIN-14 as GTIN-14', () => {
    expect(gtinKey('036000291452')).toBe('00036000291452');
    expect(gtinKey('0036000291452')).toBe('00036000291452');
    expect(gtinKey('4006-3813 33931')).toBe('04006381333931');
    expect(gtinKey('96385074')).toBe('00000096385074');
  });

  it('is no GTIN when letters, or the wrong number of digits', () => {
    for (const code of ['DD1391-100', '1234567', '12345678901', '123456789012345', '', '__proto__'])
      expect(gtinDigits(code)).toBeNull();
  });

  it("computes GS1's check digit", () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('9638507')).toBe(4);
  });
});

describe("a store's size text to a catalogue size", () => {
  const size = (eu: string, usM: string, uk: string) => ({
    label: `EU ${eu}`,
    size: { brand: 'nike', eu, usM, usW: null, uk, jpCm: null },
  });
  const sizes = [size('42', '8.5', '7.5'), size('42.5', '9', '8'), size('44', '10', '9')];

  it('reads a bare number from 30 up as EU, below as US, and named systems as named', () => {
    expect(variantForSize(sizes, '42')?.label).toBe('EU 42');
    expect(variantForSize(sizes, '9')?.label).toBe('EU 42.5');
    expect(variantForSize(sizes, 'UK 9')?.label).toBe('EU 44');
    expect(variantForSize(sizes, 'EU 43.9')?.label).toBe('EU 44');
    expect(variantForSize(sizes, '47')).toBeUndefined();
    expect(variantForSize(sizes, 'BULK')).toBeUndefined();
    expect(variantSizeLabel(sizes[0]!)).toBe('EU 42');
  });
});
