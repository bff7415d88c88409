import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { productInputSchema } from '@sneakers/shared/contracts/catalog';
import { convertSize } from '@sneakers/shared/size-chart';
import {
  CURATED_STYLE_IDS,
  DEMO_CATALOGUE_SIZE,
  generateCatalogue,
  styleKeyOf,
  toProductInput,
  variantsOf,
} from '../../src/marketplace/catalogue';
import { sneakerSvg } from '../../src/marketplace/images';

const TODAY = '2026-11-23';

describe('generated marketplace catalogue', () => {
  it('is deterministic, and its first products do not depend on the count', () => {
    const a = generateCatalogue({ count: 2000, today: TODAY });
    const b = generateCatalogue({ count: 2000, today: TODAY });
    expect(b).toEqual(a);
    const small = generateCatalogue({ count: DEMO_CATALOGUE_SIZE, today: TODAY });
    expect(small).toEqual(a.slice(0, DEMO_CATALOGUE_SIZE));
    const other = generateCatalogue({ count: 2000, today: TODAY, seed: 99 });
    expect(other.slice(100).map((p) => p.styleId)).not.toEqual(a.slice(100).map((p) => p.styleId));
    expect(variantsOf(a[700]!)).toEqual(variantsOf(b[700]!));
  });

  it('has realistic fields: brands, style codes in each brand format, dates, prices, genders', () => {
    const products = generateCatalogue({ count: 5000, today: TODAY });
    const brands = new Set(products.map((p) => p.brand));
    expect([...brands].sort()).toEqual(
      [
        'Asics',
        'Converse',
        'Jordan',
        'New Balance',
        'Nike',
        'Puma',
        'Reebok',
        'Salomon',
        'Vans',
        'adidas',
      ].sort(),
    );
    const formats: Record<string, RegExp> = {
      Nike: /^[A-Z]{2}\d{4}-\d{3}$/,
      adidas: /^[A-Z]{2}\d{4}$/,
      'New Balance': /^[A-Z]{1,2}\d{3,4}R?[A-Z0-9]{2,4}$/,
      Asics: /^1\d{3}[AB]\d{3}-\d{3}$/,
      Puma: /^\d{6}-\d{2}$/,
      Converse: /^(A0\d{4}|1\d{5})C$/,
      Vans: /^VN0A[A-Z0-9]{7}$/,
      Salomon: /^L4\d{7}$/,
      Reebok: /^1000\d{5}$/,
    };
    const curated = new Set(CURATED_STYLE_IDS);
    for (const p of products) {
      if (!curated.has(p.styleId) && formats[p.brand]) expect(p.styleId).toMatch(formats[p.brand]!);
      expect(p.releaseDate >= '2015-01-01' && p.releaseDate <= '2027-01-22').toBe(true);
      expect(p.retailPrice).toBeGreaterThanOrEqual(60);
      expect(p.retailPrice).toBeLessThanOrEqual(300);
      expect(['men', 'women', 'unisex']).toContain(p.gender);
      expect(p.title).toContain(p.model);
      expect(p.productId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(p.urlKey).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    // Panda is a Nike Dunk, as the demo lists say.
    expect(products[1]).toMatchObject({ styleId: 'DD1391-100', brand: 'Nike' });
    expect(products.filter((p) => p.gender === 'women').every((p) => p.title.endsWith('(W)'))).toBe(true);
    expect(products.filter((p) => p.releaseDate > TODAY).length).toBeGreaterThan(10);
  });

  it('never repeats a word in a row in a title ("Samba OG OG", issue 25)', () => {
    const repeats = generateCatalogue({ count: 20_000, today: TODAY })
      .map((p) => p.title)
      .filter((title) => /\b(\S+) \1\b/i.test(title));
    expect(repeats).toEqual([]);
  });

  // Its CPU time (budget 8 s) is a figure of `npm run bench -- catalog`, not asserted here.
  it('builds 250,000 products with unique ids, style codes (in any format) and url keys', () => {
    const products = generateCatalogue({ count: 250_000, today: TODAY });
    expect(products).toHaveLength(250_000);
    expect(new Set(products.map((p) => styleKeyOf(p.styleId))).size).toBe(250_000);
    expect(new Set(products.map((p) => p.productId)).size).toBe(250_000);
    expect(new Set(products.map((p) => p.urlKey)).size).toBe(250_000);
  }, 60_000);

  it('derives variants from the shared size chart: men in US M, women in US W, every system filled', () => {
    const products = generateCatalogue({ count: 300, today: TODAY });
    const men = products.find((p) => p.brand === 'Nike' && p.gender === 'men')!;
    const variants = variantsOf(men);
    expect(variants.map((v) => v.label)).toContain('US M 9');
    const nine = variants.find((v) => v.label === 'US M 9')!;
    expect(nine.size).toEqual({ brand: 'nike', usM: '9', usW: '10.5', uk: '8', eu: '42.5', jpCm: '27' });
    const row = convertSize('Nike', 'men', 'usM', '9');
    expect(row?.eu).toBe(nine.size.eu);

    const adidas = products.find((p) => p.brand === 'adidas' && p.gender === 'men')!;
    expect(variantsOf(adidas).find((v) => v.label === 'US M 9')?.size).toMatchObject({
      uk: '8.5',
      eu: '42 2/3',
    });

    const women = products.find((p) => p.gender === 'women')!;
    const womensLabels = variantsOf(women).map((v) => v.label);
    expect(womensLabels.length).toBeGreaterThan(8);
    expect(womensLabels.every((l) => l.startsWith('US W '))).toBe(true);
    expect(new Set(variants.map((v) => v.variantId)).size).toBe(variants.length);
  });

  it('maps to the catalog contract ProductInput (the demo seed writes these)', () => {
    for (const p of generateCatalogue({ count: 200, today: TODAY })) {
      const input = toProductInput(p, {
        imageUrl: `http://127.0.0.1:4505/media/catalog/${styleKeyOf(p.styleId)}.svg`,
      });
      const parsed = z.safeParse(productInputSchema, input);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(input.retailPrice).toBe(p.retailPrice * 100);
      expect(input.variants?.length).toBeGreaterThan(5);
    }
  });
});

describe('generated sneaker images', () => {
  it('draws a small, deterministic SVG in the colourway colours', () => {
    const [chicago, panda] = generateCatalogue({ count: 2, today: TODAY });
    const svg = sneakerSvg(chicago!);
    expect(svg).toBe(sneakerSvg(chicago!));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.length).toBeGreaterThan(1000);
    expect(svg.length).toBeLessThan(4096);
    // Varsity Red upper; the Panda is white with black overlays.
    expect(svg).toContain('fill="#b8242f"');
    const pandaSvg = sneakerSvg(panda!);
    expect(pandaSvg).toContain('fill="#f7f7f5"');
    expect(pandaSvg).toContain('fill="#1c1c1e"');
    expect(pandaSvg).not.toBe(svg);
  });
});
