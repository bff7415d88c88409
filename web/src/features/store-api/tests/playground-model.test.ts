import { describe, expect, it } from 'vitest';
import { buildRequest, curlOf, parsePrice, resultJson, saleBody, shownKey } from '../model/playground';

describe('playground requests (docs/product/store-api.md#api-playground)', () => {
  it('falls back to the examples for blank parameters', () => {
    expect(saleBody({})).toEqual({
      item_id: 'example-item-id',
      size: '42',
      price: 200,
      buyer_name: 'API customer',
      is_virtual: false,
    });
    expect(buildRequest('get-pricing', { productId: '  ' }, 'http://api.test/')).toEqual({
      method: 'GET',
      url: 'http://api.test/v1/prices/example-product-id',
    });
  });

  it('parses the price as a number and is_virtual as true only for the text true', () => {
    expect(saleBody({ price: '149.5', is_virtual: 'true' })).toMatchObject({
      price: 149.5,
      is_virtual: true,
    });
    expect(saleBody({ is_virtual: 'yes' }).is_virtual).toBe(false);
    expect(saleBody({ is_virtual: 'TRUE' }).is_virtual).toBe(false);
    // Not a number: sent as typed, for the API's own validation to answer.
    expect(parsePrice('abc')).toBe('abc');
  });

  it('maps every endpoint to its /v1 call, escaping the product id', () => {
    expect(buildRequest('inventory', {}, 'https://x.test').url).toBe('https://x.test/v1/inventory');
    expect(buildRequest('virtual-products', {}, 'https://x.test').url).toBe(
      'https://x.test/v1/virtual-products',
    );
    expect(buildRequest('create-sale', {}, 'https://x.test')).toMatchObject({
      method: 'POST',
      url: 'https://x.test/v1/sales',
    });
    expect(buildRequest('get-pricing', { productId: 'a/b' }, 'https://x.test').url).toBe(
      'https://x.test/v1/prices/a%2Fb',
    );
  });

  it('masks the key in the curl unless it was pasted, and quotes for the shell', () => {
    expect(shownKey('', 'sk_live_abcd')).toBe('sk_live_abcd••••••••');
    expect(shownKey('', null)).toBe('YOUR_API_KEY');
    expect(shownKey(' sk_live_full ', 'sk_live_abcd')).toBe('sk_live_full');
    const curl = curlOf(
      buildRequest('create-sale', { buyer_name: "O'Neil" }, 'http://api.test'),
      'k',
      'idem-1',
    );
    expect(curl).toBe(
      [
        "curl -X POST 'http://api.test/v1/sales'",
        "-H 'x-api-key: k'",
        "-H 'Content-Type: application/json'",
        "-H 'Idempotency-Key: idem-1'",
        `-d '{"item_id":"example-item-id","size":"42","price":200,"buyer_name":"O'\\''Neil","is_virtual":false}'`,
      ].join(' \\\n  '),
    );
  });

  it('shows a failed call as JSON with error and details', () => {
    expect(JSON.parse(resultJson({ kind: 'failure', error: 'Request failed', details: 'offline' }))).toEqual({
      error: 'Request failed',
      details: 'offline',
    });
  });
});
