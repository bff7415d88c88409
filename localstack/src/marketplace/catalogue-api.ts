import type { ServerResponse } from 'node:http';
import {
  conversionsOf,
  styleKeyOf,
  variantsOf,
  type GeneratedProduct,
  type GeneratedVariant,
} from './catalogue';
import { hash } from './determinism';
import { sendError, sendJson } from './http';
import { isMarketCurrency, marketData } from './market-data';

/**
 * The catalogue API in StockX v2 shapes: search (title, brand and style code, with the
 * faults tests ask for by query word) and a product, its variants, one variant and their
 * market data.
 */

export const MAX_PAGE_SIZE = 50;

function productJson(p: GeneratedProduct, baseUrl: string) {
  const imageUrl = `${baseUrl}/images/${encodeURIComponent(p.styleId)}.svg`;
  return {
    productId: p.productId,
    urlKey: p.urlKey,
    styleId: p.styleId,
    productType: p.productType,
    title: p.title,
    brand: p.brand,
    productAttributes: {
      gender: p.gender,
      season: p.season,
      releaseDate: p.releaseDate,
      retailPrice: p.retailPrice,
      colorway: p.colorway,
      color: p.colors[0] ?? null,
    },
    media: { imageUrl, smallImageUrl: imageUrl, thumbUrl: imageUrl },
  };
}

function variantJson(p: GeneratedProduct, v: GeneratedVariant) {
  const conversions = conversionsOf(v);
  return {
    productId: p.productId,
    variantId: v.variantId,
    variantName: `${p.urlKey}:${v.variantValue}`,
    variantValue: v.variantValue,
    sizeChart: {
      defaultConversion: { size: v.label, type: p.gender === 'women' ? 'us w' : 'us m' },
      availableConversions: conversions,
    },
    gtins: [{ identifier: v.gtin, type: 'UPC' }],
    isFlexEligible: hash(v.variantId) % 3 !== 0,
    isDirectEligible: hash(v.variantId) % 4 === 0,
  };
}

export function createCatalogueApi(options: { products: GeneratedProduct[]; baseUrl: () => string }) {
  const { products } = options;
  const byId = new Map(products.map((p) => [p.productId, p]));
  const haystacks = new Map<GeneratedProduct, string>();
  const haystackOf = (p: GeneratedProduct) => {
    let h = haystacks.get(p);
    if (h === undefined) {
      h = `${p.title} ${p.brand} ${p.styleId} ${styleKeyOf(p.styleId)}`.toLowerCase();
      haystacks.set(p, h);
    }
    return h;
  };
  // Each fault fails every other time, so each client call sees it fail once then succeed.
  const faults = new Map<string, boolean>();

  function faultFires(key: string): boolean {
    const fire = !(faults.get(key) ?? false);
    faults.set(key, fire);
    return fire;
  }

  /** `GET /v2/catalog/search`. */
  function search(url: URL, apiKey: string, res: ServerResponse) {
    const raw = (url.searchParams.get('query') ?? '').trim();
    const pageNumber = Number(url.searchParams.get('pageNumber') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '10');
    if (!Number.isInteger(pageNumber) || pageNumber < 1)
      return sendError(res, 400, 'pageNumber must be a positive integer');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
      return sendError(res, 400, `pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
    const words = raw.toLowerCase().split(/\s+/).filter(Boolean);
    const fault = words.find((w) => /^__\w+__$/.test(w));
    const terms = words.filter((w) => w !== fault);
    if (fault === '__429__' && faultFires(`${apiKey}:${fault}`))
      return sendError(res, 429, 'Rate limit exceeded', { 'retry-after': '1' });
    if (fault === '__500__' && faultFires(`${apiKey}:${fault}`))
      return sendError(res, 500, 'Internal server error');
    if (fault === '__badjson__') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        '{"count":3,"pageSize":10,"pageNumber":1,"hasNextPage":false,"products":[{"productId":"',
      );
    }
    if (!raw) return sendError(res, 400, 'query is required');
    const base = options.baseUrl();
    if (fault === '__broken__') {
      const sample = products.slice(0, 3).map((p) => productJson(p, base));
      return sendJson(res, 200, {
        count: 6,
        pageSize,
        pageNumber,
        hasNextPage: false,
        products: [
          { urlKey: 'no-product-id', title: 'Missing id', brand: 'Nike' },
          { productId: 42, title: ['not', 'a', 'title'], brand: null },
          'not a product',
          ...sample,
        ],
      });
    }
    const matches =
      terms.length === 0
        ? products
        : products.filter((p) => {
            const h = haystackOf(p);
            return terms.every((t) => {
              const key = styleKeyOf(t).toLowerCase();
              return h.includes(t) || (key !== '' && h.includes(key));
            });
          });
    const start = (pageNumber - 1) * pageSize;
    return sendJson(res, 200, {
      count: matches.length,
      pageSize,
      pageNumber,
      hasNextPage: start + pageSize < matches.length,
      products: matches.slice(start, start + pageSize).map((p) => productJson(p, base)),
    });
  }

  /** `GET /v2/catalog/products/...`. */
  function catalog(parts: string[], url: URL, res: ServerResponse) {
    // parts: ['products', id, ('variants', (variantId, ('market-data')?)? | 'market-data')?]
    const product = byId.get(parts[1] ?? '');
    if (!product) return sendError(res, 404, 'Product not found');
    const currency = (url.searchParams.get('currencyCode') ?? 'EUR').toUpperCase();
    if (!isMarketCurrency(currency)) return sendError(res, 400, `Unsupported currencyCode ${currency}`);
    if (parts.length === 2) return sendJson(res, 200, productJson(product, options.baseUrl()));
    const variants = variantsOf(product);
    if (parts.length === 3 && parts[2] === 'variants')
      return sendJson(
        res,
        200,
        variants.map((v) => variantJson(product, v)),
      );
    if (parts.length === 3 && parts[2] === 'market-data')
      return sendJson(
        res,
        200,
        variants.map((v) => marketData(product, v, currency)),
      );
    if (
      parts[2] === 'variants' &&
      (parts.length === 4 || (parts.length === 5 && parts[4] === 'market-data'))
    ) {
      const variant = variants.find((v) => v.variantId === parts[3]);
      if (!variant) return sendError(res, 404, 'Variant not found');
      return sendJson(
        res,
        200,
        parts.length === 4 ? variantJson(product, variant) : marketData(product, variant, currency),
      );
    }
    return sendError(res, 404, 'Not found');
  }

  return { search, catalog };
}
