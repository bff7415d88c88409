import { describe, expect, it } from 'vitest';
import { bucketLabel, labelIndexes, niceMax, scaleIn, signedRange } from './chart';

describe('overview chart helpers', () => {
  it('rounds the axis maximum up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(0);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(450_00)).toBe(500_00);
    expect(niceMax(5001)).toBe(10_000);
  });

  it('labels the first and last bucket and spreads the rest', () => {
    expect(labelIndexes(3, 5)).toEqual([0, 1, 2]);
    expect(labelIndexes(30, 5)).toEqual([0, 7, 15, 22, 29]);
    expect(labelIndexes(90, 2)).toEqual([0, 89]);
  });

  it('writes days and months in the reader language, never shifted by the time zone', () => {
    expect(bucketLabel('2026-03-05', 'day', 'en')).toBe('Mar 5');
    expect(bucketLabel('2026-03', 'month', 'en')).toBe('Mar 2026');
    expect(bucketLabel('2026-03-01', 'month', 'es')).toBe('mar 2026');
  });
});

describe('signedRange and scaleIn', () => {
  it('holds zero, rounds both ends to nice numbers and maps the ends to the plot edges', () => {
    expect(signedRange([1200, -340, 0])).toEqual({ low: -500, high: 2000 });
    expect(signedRange([35.2, 12])).toEqual({ low: 0, high: 50 });
    expect(signedRange([-7])).toEqual({ low: -10, high: 0 });
    expect(signedRange([])).toEqual({ low: 0, high: 0 });
    const y = scaleIn({ low: -500, high: 2000 }, 100);
    expect(y(2000)).toBe(0);
    expect(y(-500)).toBe(100);
    expect(y(0)).toBe(80);
    // An empty range draws everything on the baseline.
    expect(scaleIn({ low: 0, high: 0 }, 100)(0)).toBe(100);
  });
});
