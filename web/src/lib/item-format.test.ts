import { describe, expect, it } from 'vitest';
import { formatSize } from '@sneakers/shared';
import { formatBrand, formatName, formatSku } from './item-format';

describe('display formatting (docs/product/lists-and-public-lists.md#display-formatting)', () => {
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
