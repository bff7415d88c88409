import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHART_BRANDS,
  CHART_GENDERS,
  SIZE_SYSTEMS,
  chartBrandOf,
  chartGenderOf,
  convertSize,
  convertSizeLabel,
  formatSizeIn,
  parseSizeLabel,
  sizeChart,
  sizeValueNumber,
  type SizeRow,
} from '../src/size-chart';
import { compareSizes, defaultSizeOf } from '../src/sizes';

const row = (r: SizeRow | undefined) => r && { usM: r.usM, usW: r.usW, uk: r.uk, eu: r.eu, jpCm: r.jpCm };

describe('brand facts (issue 13)', () => {
  it('Nike men: US 9 = UK 8 = EU 42.5 = 27 cm; Jordan uses Nike', () => {
    expect(row(convertSize('Nike', 'men', 'usM', '9'))).toEqual({
      usM: '9',
      usW: '10.5',
      uk: '8',
      eu: '42.5',
      jpCm: '27',
    });
    expect(convertSize('Jordan', 'men', 'eu', '42.5')?.usM).toBe('9');
    expect(convertSize('Air Jordan', 'men', 'jpCm', '27')?.uk).toBe('8');
  });

  it('adidas men: US 9 = UK 8.5 = EU 42 2/3 = 27 cm; Yeezy uses adidas', () => {
    expect(row(convertSize('adidas', 'men', 'usM', '9'))).toEqual({
      usM: '9',
      usW: '10',
      uk: '8.5',
      eu: '42 2/3',
      jpCm: '27',
    });
    expect(convertSize('Yeezy', 'men', 'eu', '42 2/3')?.usM).toBe('9');
    expect(convertSize('adidas Originals', 'men', 'eu', '41 1/3')?.uk).toBe('7.5');
  });

  it('Converse runs half a size big: US M 9 = UK 9 = EU 42.5', () => {
    const r = convertSize('Converse', 'men', 'usM', '9');
    expect([r?.uk, r?.eu]).toEqual(['9', '42.5']);
  });

  it('brands differ for the same US size', () => {
    const eu = (brand: string) => convertSize(brand, 'men', 'usM', '9')?.eu;
    expect(['Nike', 'adidas', 'New Balance', 'Asics', 'Puma', 'Converse', 'Vans'].map(eu)).toEqual([
      '42.5',
      '42 2/3',
      '42.5',
      '42.5',
      '42',
      '42.5',
      '42',
    ]);
  });

  it('Nike women: W 10.5 = UK 8 = EU 42.5', () => {
    const r = convertSize('nike', 'women', 'usW', '10.5');
    expect([r?.usM, r?.uk, r?.eu]).toEqual(['9', '8', '42.5']);
  });

  it('maps brand names and genders to charts (unknown brands use Nike)', () => {
    expect([
      'Nike SB',
      'Jordan',
      'adidas',
      'YEEZY',
      'New Balance',
      'ASICS',
      'Puma',
      'Converse',
      'Vans',
    ]).toSatisfy((brands: string[]) => brands.every((b) => CHART_BRANDS.includes(chartBrandOf(b))));
    expect(chartBrandOf('New Balance')).toBe('new-balance');
    expect(chartBrandOf('Salomon')).toBe('nike');
    expect(chartGenderOf('women')).toBe('women');
    expect(chartGenderOf('unisex')).toBe('men');
    expect(chartGenderOf(null)).toBe('men');
  });
});

describe('the charts', () => {
  const charts = CHART_BRANDS.flatMap((brand) => CHART_GENDERS.map((gender) => ({ brand, gender })));

  it.each(charts)(
    '$brand $gender is ordered by foot length and every size grows with it',
    ({ brand, gender }) => {
      const rows = sizeChart(brand, gender);
      expect(rows.length).toBeGreaterThan(10);
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]];
        if (!a || !b) throw new Error('missing row');
        expect(b.footCm).toBeGreaterThanOrEqual(a.footCm);
        for (const system of SIZE_SYSTEMS) {
          expect(sizeValueNumber(b[system])).toBeGreaterThanOrEqual(sizeValueNumber(a[system]) ?? Infinity);
        }
        expect(sizeValueNumber(b.usM)).toBeGreaterThan(sizeValueNumber(a.usM) ?? Infinity);
      }
      for (const r of rows) expect(sizeValueNumber(r.jpCm)).toBe(r.footCm);
    },
  );

  it.each(charts)('$brand $gender round-trips: convert to any system and back', ({ brand, gender }) => {
    const rows = sizeChart(brand, gender);
    for (const r of rows) {
      for (const system of SIZE_SYSTEMS) {
        const back = convertSize(brand, gender, system, r[system]);
        expect(back?.[system]).toBe(r[system]);
        // A value the chart holds once leads back to its own row (the usM of the row).
        const unique = rows.filter((x) => x[system] === r[system]).length === 1;
        if (unique) expect(back).toBe(r);
        // Through the label as displayed, too.
        expect(convertSizeLabel(brand, gender, formatSizeIn(system, r[system]))?.[system]).toBe(r[system]);
      }
    }
  });

  it('answers undefined for sizes a chart does not hold', () => {
    expect(convertSize('nike', 'men', 'usM', '40')).toBeUndefined();
    expect(convertSize('nike', 'men', 'eu', 'big')).toBeUndefined();
    expect(convertSizeLabel('nike', 'men', '9')).toBeUndefined();
  });
});

describe('size labels', () => {
  it.each([
    ['US M 9', 'usM', '9'],
    ['US 9', 'usM', '9'],
    ['M 9', 'usM', '9'],
    ['us m 9.0', 'usM', '9'],
    ["Men's 9.5", 'usM', '9.5'],
    ['US W 10.5', 'usW', '10.5'],
    ['W 10.5', 'usW', '10.5'],
    ['EU 42 2/3', 'eu', '42 2/3'],
    ['EU 42⅔', 'eu', '42 2/3'],
    ['EU 42.5', 'eu', '42.5'],
    ['42.5 EU', 'eu', '42.5'],
    ['EU 42,5', 'eu', '42.5'],
    ['UK 8', 'uk', '8'],
    ['27 cm', 'jpCm', '27'],
    ['27 JP', 'jpCm', '27'],
    ['JP 27', 'jpCm', '27'],
    ['27.5 JP', 'jpCm', '27.5'],
  ])('%s is %s %s', (label, system, value) => {
    expect(parseSizeLabel(label)).toEqual({ system, value });
  });

  it.each(['9', '', 'XL', 'one size', 'US', 'EU 42 4/3', 'ZZ 9'])('%s has no system', (label) => {
    expect(parseSizeLabel(label)).toBeUndefined();
  });

  it('formats each system', () => {
    expect([
      formatSizeIn('eu', '42.5'),
      formatSizeIn('usM', '9'),
      formatSizeIn('usW', '10.5'),
      formatSizeIn('uk', '8'),
      formatSizeIn('jpCm', '27'),
    ]).toEqual(['EU 42.5', 'US 9', 'US W 10.5', 'UK 8', '27 cm']);
  });

  it('parses whatever it formats', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIZE_SYSTEMS),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('', '.5', ' 1/3', ' 2/3'),
        (system, whole, fraction) => {
          const value = `${whole}${fraction}`;
          expect(parseSizeLabel(formatSizeIn(system, value))).toEqual({ system, value });
        },
      ),
    );
  });
});

describe('default size (docs/product/catalogue.md#products-and-variants: eu else us_m)', () => {
  it('prefers EU, then US M', () => {
    expect(defaultSizeOf({ eu: '42.5', usM: '9' })).toBe('EU 42.5');
    expect(defaultSizeOf({ eu: null, usM: '9' })).toBe('US 9');
    expect(defaultSizeOf({ eu: ' ', usM: null })).toBeUndefined();
    expect(defaultSizeOf({ eu: null, usM: null })).toBeUndefined();
  });
});

describe('catalogue labels sort by their number', () => {
  it('orders US M, EU thirds and cm labels numerically', () => {
    expect(['US M 10', 'US M 9.5', 'US M 9'].sort(compareSizes)).toEqual(['US M 9', 'US M 9.5', 'US M 10']);
    expect(['EU 43 1/3', 'EU 42 2/3', 'EU 42'].sort(compareSizes)).toEqual([
      'EU 42',
      'EU 42 2/3',
      'EU 43 1/3',
    ]);
  });
});
