import { describe, expect, it } from 'vitest';
import type { StorefrontHeader, StorefrontProduct } from '@sneakers/shared/contracts/storefront';
import { htmlEntryFor, isStoreDocumentPath } from '@sneakers/shared/web/html-entry';
import {
  FALLBACK_TEMPLATE,
  fillTemplate,
  inlineJson,
  productHead,
  productJsonLd,
  productPage,
  sitemapOf,
  storeHead,
  storefrontPage,
  type PagesDeps,
} from '../../src/pages/domain';
import { createTemplateSource, TEMPLATE_TTL_MS } from '../../src/pages/repository';

const ORIGIN = 'https://shop.example';
const store: StorefrontHeader = {
  storeId: 'st-1',
  name: 'Kicks "&" <Co>',
  logoUrl: '/media/avatars/a.png',
  bannerUrl: null,
  description: 'Deadstock </script><script>alert(1)</script>',
  contact: '',
  returnsText: '',
  currency: 'EUR',
  brands: ['Nike'],
  productCount: 1,
  demo: false,
};
const product: StorefrontProduct = {
  productId: 's-DD1391100',
  name: 'Dunk Low',
  brand: 'Nike',
  sku: 'dd1391-100',
  colorway: 'Panda',
  imageUrl: 'https://img.example/p.jpg',
  releaseDate: '2021-03-10',
  price: 12000,
  currency: 'EUR',
  sizes: [{ label: 'US 9', chart: null, price: 12000, inStock: true }],
  listedAt: '2026-10-01T00:00:00.000Z',
  images: ['https://img.example/p.jpg'],
  description: '',
  sizeRun: [
    { label: 'US 9', chart: null, price: 12000, inStock: true },
    { label: 'US 10', chart: null, price: 12000, inStock: false },
  ],
  virtual: false,
};

const TEMPLATE = `<!doctype html><html><head><title>Shop</title><!--storefront-head--></head>
<body><div id="root"></div><script type="application/json" id="storefront-data"></script></body></html>`;

describe('the storefront pages for crawlers', () => {
  it('escapes every text in the head and keeps inline JSON from closing its script', () => {
    const head = storeHead(ORIGIN, store);
    expect(head).toContain('<title>Kicks &quot;&amp;&quot; &lt;Co&gt;</title>');
    expect(head).not.toContain('</script><script>');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/store/st-1" />');
    expect(head).toContain('<meta property="og:image" content="https://shop.example/media/avatars/a.png" />');
    const html = fillTemplate(TEMPLATE, head, { kind: 'store', store });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(inlineJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
    expect(JSON.parse(inlineJson({ a: '</script>\u2028' }))).toEqual({ a: '</script>\u2028' });
    // One title: the template's goes when the head brings its own.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('describes a product with schema.org Product and its Offer (price, currency, availability)', () => {
    const head = productHead(ORIGIN, store, product);
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain(
      '<link rel="canonical" href="https://shop.example/store/st-1/product/s-DD1391100" />',
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!) as unknown;
    expect(ld).toEqual(productJsonLd(ORIGIN, store, product));
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Dunk Low',
      sku: 'dd1391-100',
      offers: {
        '@type': 'Offer',
        price: '120.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/store/st-1/product/s-DD1391100',
      },
    });
  });

  it('fills a template without the slots, and the fallback document', () => {
    const html = fillTemplate('<html><head></head><body></body></html>', '<title>T</title>', {
      kind: 'store',
    });
    expect(html).toContain('<title>T</title>\n  </head>');
    expect(html).toContain('<script type="application/json" id="storefront-data">{"kind":"store"}</script>');
    expect(fillTemplate(FALLBACK_TEMPLATE, '<title>T</title>', null)).toContain(
      'id="storefront-data"></script>',
    );
  });

  it('lists the storefront and every product page in the sitemap', () => {
    const xml = sitemapOf(ORIGIN, store, [{ productId: 'a&b', listedAt: '2026-10-01T00:00:00.000Z' }]);
    expect(xml).toContain('<loc>https://shop.example/store/st-1</loc>');
    expect(xml).toContain(
      '<loc>https://shop.example/store/st-1/product/a%26b</loc><lastmod>2026-10-01</lastmod>',
    );
  });

  const deps = (enabled: boolean): PagesDeps => ({
    catalog: {
      reader: {
        storefront: async () => ({
          setup: enabled
            ? {
                enabled,
                name: 'K',
                logoUrl: null,
                bannerUrl: null,
                description: '',
                contact: '',
                returnsText: '',
              }
            : null,
          profile: null,
        }),
        cardIndex: async () => [],
        product: async () => ({ setup: null, profile: null, row: null, header: null }),
      },
      limiter: { take: async () => ({ bucket: 'b', slot: 0, takenAt: 0 }), release: async () => undefined },
      clock: { now: () => new Date('2026-11-01T00:00:00Z') },
    },
    template: async () => TEMPLATE,
    origin: () => ORIGIN,
  });

  it('answers the app with noindex and 404 for an unknown store or a product no longer sold', async () => {
    const missing = await storefrontPage(deps(false), 'nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    expect(missing.body).toContain('id="storefront-data"></script>');
    expect((await productPage(deps(true), 'st-1', 's-GONE')).status).toBe(404);
    const open = await storefrontPage(deps(true), 'st-1');
    expect(open.status).toBe(200);
    expect(open.body).toContain('{"kind":"store","store":{"storeId":"st-1"');
  });

  it('keeps store.html per container for a while, and only a page that has the slots', async () => {
    let now = 0;
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return new Response(calls === 1 ? TEMPLATE : '<html>index</html>');
    }) as typeof fetch;
    const source = createTemplateSource('https://shop.example/store.html', () => now, fetchImpl);
    expect(await source()).toBe(TEMPLATE);
    expect(await source()).toBe(TEMPLATE);
    expect(calls).toBe(1);
    now += TEMPLATE_TTL_MS;
    expect(await source()).toBeNull();
    expect(await createTemplateSource(undefined)()).toBeNull();
  });

  it('sends the crawler pages to the API and the other store routes to store.html', () => {
    expect(isStoreDocumentPath('/store/st-1')).toBe(true);
    expect(isStoreDocumentPath('/store/st-1/product/s-1')).toBe(true);
    expect(isStoreDocumentPath('/store/st-1/sitemap.xml')).toBe(true);
    expect(isStoreDocumentPath('/store/st-1/checkout/c-1')).toBe(false);
    expect(isStoreDocumentPath('/store/notify/confirm')).toBe(false);
    expect(isStoreDocumentPath('/store.html')).toBe(false);
    expect(htmlEntryFor('/store/st-1/checkout/c-1')).toBe('/store.html');
    expect(htmlEntryFor('/store/notify/unsubscribe')).toBe('/store.html');
  });
});
