import { describe, expect, it } from 'vitest';
import { bucketLabel, labelIndexes, niceMax } from './chart';

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
