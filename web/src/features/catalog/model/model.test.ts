import { describe, expect, it } from 'vitest';
import type { Product } from '@sneakers/shared';
import { draftFromProduct, priceToCents, toProductUpdate } from './product-form';
import { addDays, groupReleases } from './releases';
import { pageCount, readCatalogSearch, writeCatalogSearch } from './search-params';
import { productTypeLabel } from './format';

const base: Product = {
  id: 'pr-1',
  sku: 'DD1391-100',
  name: 'Dunk Low',
  brand: 'Nike',
  productType: 'sneakers',
  imageUrl: null,
  releaseDate: '2026-03-01',
  retailPrice: 11000,
  currency: 'EUR',
  colorway: 'White/Black',
  gender: null,
  marketplaceSlug: null,
  marketplaceProductId: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('catalogue search in the address', () => {
  it('reads defaults, keeps other params and leaves defaults out', () => {
    expect(readCatalogSearch(new URLSearchParams('p=-3'))).toEqual({
      q: '',
      brand: '',
      productType: '',
      page: 1,
    });
    expect(readCatalogSearch(new URLSearchParams('p=99999')).page).toBe(400);
    const written = writeCatalogSearch(new URLSearchParams('page=products&p=4'), {
      q: 'dunk',
      brand: '',
      productType: 'sneakers',
      page: 1,
    });
    expect(written.toString()).toBe('page=products&q=dunk&type=sneakers');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(1234, 24)).toBe(52);
  });
});

describe('releases by day', () => {
  it('heads today and tomorrow, then dates, undated last', () => {
    const today = '2026-12-31';
    expect(addDays(today, 1)).toBe('2027-01-01');
    const groups = groupReleases(
      [
        { ...base, id: 'a', releaseDate: null },
        { ...base, id: 'b', releaseDate: today },
        { ...base, id: 'c', releaseDate: '2027-01-01' },
        { ...base, id: 'd', releaseDate: '2027-01-05' },
        { ...base, id: 'e', releaseDate: '2027-01-05' },
      ],
      today,
    );
    expect(groups.map((g) => [g.heading.kind, g.products.map((p) => p.id).join('')])).toEqual([
      ['today', 'b'],
      ['tomorrow', 'c'],
      ['date', 'de'],
      ['unknown', 'a'],
    ]);
  });
});

describe('the product edit form', () => {
  it('sends only what changed, and nothing when nothing did', () => {
    const draft = draftFromProduct(base);
    expect(toProductUpdate(draft, base)).toEqual({ unchanged: true });
    expect(toProductUpdate({ ...draft, retailPrice: '120,5', gender: 'women' }, base)).toEqual({
      body: { retailPrice: 12050, gender: 'women' },
    });
  });

  it('names the fields the contract refuses', () => {
    const draft = draftFromProduct(base);
    expect(
      toProductUpdate({ ...draft, sku: ' ', imageUrl: 'not a url', retailPrice: '1.234' }, base),
    ).toEqual({
      invalid: ['sku', 'imageUrl', 'retailPrice'],
    });
    expect(priceToCents('')).toBeNull();
    expect(priceToCents('abc')).toBeNaN();
  });
});

describe('productTypeLabel', () => {
  const es = (key: string) => (key === 'catalog.productTypes.sneakers' ? 'Zapatillas' : `?${key}`);
  it('names the marketplace types in the reader language and shows any other as stored', () => {
    expect(productTypeLabel('sneakers', es)).toBe('Zapatillas');
    expect(productTypeLabel(' Sneakers ', es)).toBe('Zapatillas');
    expect(productTypeLabel('constructor', es)).toBe('constructor');
    expect(productTypeLabel('Skateboards', es)).toBe('Skateboards');
  });
});
