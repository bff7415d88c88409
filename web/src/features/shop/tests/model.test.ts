import { describe, expect, it } from 'vitest';
import { contactHref } from '../model/contact';
import { initialDataFor, takeInitialData, INITIAL_DATA_ID } from '../model/initial-data';
import { centsOfInput } from '../model/money';
import { parseShopRoute } from '../model/route';
import { cardSizes, sizeLabel } from '../model/sizes';
import { chartSize, dunk, dunkProduct, store } from '../../../test/storefront-fixtures';

describe('store routes', () => {
  it('names every page store.html serves', () => {
    expect(parseShopRoute('/store/st-1')).toEqual({ page: 'store', storeId: 'st-1' });
    expect(parseShopRoute('/store/st-1/')).toEqual({ page: 'store', storeId: 'st-1' });
    expect(parseShopRoute('/store/st-1/product/p%20x')).toEqual({
      page: 'product',
      storeId: 'st-1',
      productId: 'p x',
    });
    expect(parseShopRoute('/store/st-1/checkout/co-1', '?cancelled=1')).toEqual({
      page: 'checkout',
      storeId: 'st-1',
      checkoutId: 'co-1',
      cancelled: true,
    });
    expect(parseShopRoute('/store/st-1/checkout/co-1')).toMatchObject({ cancelled: false });
    expect(parseShopRoute('/store/notify/confirm', '?token=abc')).toEqual({
      page: 'notify-confirm',
      token: 'abc',
    });
    expect(parseShopRoute('/store/notify/unsubscribe', '?token=abc')).toEqual({
      page: 'notify-unsubscribe',
      token: 'abc',
    });
  });

  it('refuses other paths', () => {
    for (const path of [
      '/',
      '/store',
      '/share/u/wtb',
      '/store/st-1/other/x',
      '/store/st-1/product',
      '/store/%E0%A4%A/',
    ])
      expect(parseShopRoute(path)).toBeNull();
  });
});

describe('sizes in the buyer system', () => {
  it('shows EU by default, the chosen system, and the stored label without a chart', () => {
    const size = chartSize('42.5', '9', 100);
    expect(sizeLabel(size, 'eu')).toBe('EU 42.5');
    expect(sizeLabel(size, 'usM')).toBe('US 9');
    expect(sizeLabel(size, 'usW')).toBe('US W 10.5');
    expect(sizeLabel(size, 'uk')).toBe('UK 8');
    expect(sizeLabel(size, 'jpCm')).toBe('27 cm');
    expect(sizeLabel({ label: 'BULK', chart: null }, 'usM')).toBe('BULK');
  });

  it('falls back to EU, then US M, when the chart lacks the system', () => {
    const noUk = { label: 'US 9', chart: { eu: '42.5', usM: '9', usW: '10.5', uk: '', jpCm: '27' } };
    expect(sizeLabel(noUk, 'uk')).toBe('EU 42.5');
    expect(sizeLabel({ ...noUk, chart: { ...noUk.chart, uk: '', eu: '' } }, 'uk')).toBe('US 9');
  });

  it('counts the in-stock sizes beyond the badges', () => {
    expect(cardSizes(dunk.sizes, 'eu', 3)).toEqual({ shown: ['EU 42', 'EU 42.5', 'EU 43'], more: 2 });
    expect(cardSizes([chartSize('40', '7', 1, false)], 'eu', 3)).toEqual({ shown: [], more: 0 });
  });
});

describe('the inline first data', () => {
  const inline = (json: string) => {
    const doc = document.implementation.createHTMLDocument('store');
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = INITIAL_DATA_ID;
    script.textContent = json;
    doc.body.append(script);
    return doc;
  };

  it('reads the server answer once and only for the page it was rendered for', () => {
    const doc = inline(JSON.stringify({ kind: 'product', store, product: dunkProduct }));
    const data = takeInitialData(doc);
    expect(data?.kind).toBe('product');
    expect(takeInitialData(doc)).toBeNull();
    expect(
      initialDataFor(data, { page: 'product', storeId: 'st-1', productId: 'p-dunk' }).product?.product.name,
    ).toBe('Nike Dunk Low Panda');
    expect(
      initialDataFor(data, { page: 'product', storeId: 'st-1', productId: 'p-other' }).product,
    ).toBeUndefined();
    expect(initialDataFor(data, { page: 'store', storeId: 'st-1' }).store).toBeUndefined();
  });

  it('ignores an empty, broken or off-contract script', () => {
    expect(takeInitialData(inline(''))).toBeNull();
    expect(takeInitialData(inline('{nope'))).toBeNull();
    expect(takeInitialData(inline(JSON.stringify({ kind: 'store', store })))).toBeNull();
  });
});

describe('small rules', () => {
  it('links a contact that is one email or phone', () => {
    expect(contactHref(' shop@example.com ')).toBe('mailto:shop@example.com');
    expect(contactHref('+34 600 00 00 00')).toBe('tel:+34600000000');
    expect(contactHref('Calle Mayor 1, Madrid')).toBeNull();
  });

  it('reads a typed price as cents', () => {
    expect(centsOfInput('120')).toBe(12000);
    expect(centsOfInput('99,5')).toBe(9950);
    expect(centsOfInput('')).toBeNull();
    expect(centsOfInput('abc')).toBeNull();
  });
});

describe('the shop constants', () => {
  it('equal the contract lists they restate', async () => {
    const contract = await import('@sneakers/shared/contracts/storefront');
    const { SHOP_SIZE_SYSTEMS, SHOP_SORTS } = await import('../model/constants');
    expect(SHOP_SIZE_SYSTEMS).toEqual(contract.STOREFRONT_SIZE_SYSTEMS);
    expect(SHOP_SORTS).toEqual(contract.STOREFRONT_SORTS);
  });
});
