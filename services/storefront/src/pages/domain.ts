import type {
  StorefrontCard,
  StorefrontHeader,
  StorefrontProduct,
} from '@sneakers/shared/contracts/storefront';
import { NotFoundError } from '@sneakers/shared/errors';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { storefrontPath, storefrontProductPath } from '@sneakers/shared/rules/storefront';
import { getStorefront, getStorefrontProduct, storefrontProducts } from '../catalog/domain';
import type { PublicDeps } from '../catalog/ports';

/**
 * The storefront's pages for search engines and link previews (docs/product/online-store.md#search-engines-and-sharing):
 * the built store.html with its head filled (title, description, canonical, Open Graph and,
 * on a product page, schema.org Product with its Offer) and the first data inline, so the
 * page paints and is indexed without running a script. Pure: everything is escaped here.
 */

/** Where store.html takes its head and its first data (web/store.html). */
export const HEAD_PLACEHOLDER = '<!--storefront-head-->';
export const DATA_SCRIPT = '<script type="application/json" id="storefront-data"></script>';

/** Used when store.html cannot be fetched: the head and data still reach crawlers. */
export const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${HEAD_PLACEHOLDER}
  </head>
  <body>
    <div id="root"></div>
    ${DATA_SCRIPT}
  </body>
</html>
`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML attribute or element. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * JSON inside a `<script>` element: `<` as \u003c so no `</script>` or `<!--` can close or
 * bend it; U+2028/2029 escaped for old parsers. Still valid JSON.
 */
export const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const DESCRIPTION_MAX = 160;

function shorten(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Cents as the decimal a price carries in structured data and Open Graph ('120.00'). */
export const decimalPrice = (cents: number) => (cents / 100).toFixed(2);

const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

interface HeadFields {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  ogType: 'website' | 'product';
  extra?: string[];
}

function headOf(fields: HeadFields): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(fields.title)}</title>`,
    meta('name', 'description', fields.description),
    `<link rel="canonical" href="${escapeHtml(fields.canonical)}" />`,
    meta('property', 'og:type', fields.ogType),
    meta('property', 'og:title', fields.title),
    meta('property', 'og:description', fields.description),
    meta('property', 'og:url', fields.canonical),
    ...(fields.image ? [meta('property', 'og:image', fields.image)] : []),
    meta('name', 'twitter:card', fields.image ? 'summary_large_image' : 'summary'),
    ...(fields.extra ?? []),
  ].join('\n    ');
}

export function storeHead(origin: string, store: StorefrontHeader): string {
  const description = shorten(
    store.description || `${store.name}: ${store.productCount} sneakers in stock. Buy online.`,
  );
  const image = store.bannerUrl ?? store.logoUrl;
  return headOf({
    title: store.name,
    description,
    canonical: `${origin}${storefrontPath(store.storeId)}`,
    image: image ? absolute(origin, image) : null,
    ogType: 'website',
  });
}

/** schema.org Product with one Offer per size on sale, and the lowest price as an AggregateOffer. */
export function productJsonLd(origin: string, store: StorefrontHeader, product: StorefrontProduct) {
  const url = `${origin}${storefrontProductPath(store.storeId, product.productId)}`;
  const inStock = product.sizeRun.filter((s) => s.inStock);
  const seller = { '@type': 'Organization', name: store.name };
  const offerOf = (price: number) => ({
    '@type': 'Offer',
    url,
    price: decimalPrice(price),
    priceCurrency: store.currency,
    availability: inStock.length > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller,
  });
  const prices = inStock.map((s) => s.price);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    brand: { '@type': 'Brand', name: product.brand },
    ...(product.colorway ? { color: product.colorway } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.releaseDate ? { releaseDate: product.releaseDate } : {}),
    image: product.images.length > 0 ? product.images.map((i) => absolute(origin, i)) : undefined,
    offers:
      prices.length > 1 && Math.min(...prices) !== Math.max(...prices)
        ? {
            '@type': 'AggregateOffer',
            lowPrice: decimalPrice(Math.min(...prices)),
            highPrice: decimalPrice(Math.max(...prices)),
            offerCount: inStock.length,
            priceCurrency: store.currency,
            availability: 'https://schema.org/InStock',
            url,
          }
        : offerOf(product.price),
  };
}

export function productHead(origin: string, store: StorefrontHeader, product: StorefrontProduct): string {
  const title = `${product.name}${product.colorway ? ` ${product.colorway}` : ''} | ${store.name}`;
  const description = shorten(
    product.description ||
      `${product.brand} ${product.name} (${product.sku.toUpperCase()}) from ${decimalPrice(product.price)} ${product.currency} at ${store.name}.`,
  );
  const image = product.imageUrl ?? product.images[0] ?? null;
  return headOf({
    title,
    description,
    canonical: `${origin}${storefrontProductPath(store.storeId, product.productId)}`,
    image: image ? absolute(origin, image) : null,
    ogType: 'product',
    extra: [
      `<meta property="product:price:amount" content="${decimalPrice(product.price)}" />`,
      `<meta property="product:price:currency" content="${escapeHtml(product.currency)}" />`,
      `<script type="application/ld+json">${inlineJson(productJsonLd(origin, store, product))}</script>`,
    ],
  });
}

/** A page for a store or product that is not there: the app shows it; crawlers are told not to index it. */
export const notFoundHead = () =>
  ['<title>Not found</title>', '<meta name="robots" content="noindex" />'].join('\n    ');

/**
 * The template with the head and the data in place. The template's own `<title>` goes when
 * the head brings one (a document has one title); a template without the placeholders gets
 * them before `</head>` and `</body>`.
 */
export function fillTemplate(template: string, head: string, data: unknown | null): string {
  let html = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  const script = `<script type="application/json" id="storefront-data">${data === null ? '' : inlineJson(data)}</script>`;
  html = html.includes(HEAD_PLACEHOLDER)
    ? html.replace(HEAD_PLACEHOLDER, () => head)
    : html.replace(/<\/head>/i, () => `${head}\n  </head>`);
  html = html.includes(DATA_SCRIPT)
    ? html.replace(DATA_SCRIPT, () => script)
    : html.replace(/<\/body>/i, () => `${script}\n  </body>`);
  return html;
}

const xml = (text: string) => escapeHtml(text);

/** The store's sitemap: the storefront and every product page, with when each last changed. */
export function sitemapOf(
  origin: string,
  store: StorefrontHeader,
  products: readonly Pick<StorefrontCard, 'productId' | 'listedAt'>[],
  updatedAt: ReadonlyMap<string, string> = new Map(),
): string {
  const url = (loc: string, lastmod?: string) =>
    `  <url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${xml(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(`${origin}${storefrontPath(store.storeId)}`),
    ...products.map((p) =>
      url(
        `${origin}${storefrontProductPath(store.storeId, p.productId)}`,
        updatedAt.get(p.productId) ?? p.listedAt,
      ),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Use cases
// ---------------------------------------------------------------------------------------------

export interface PagesDeps {
  catalog: PublicDeps;
  /** The built store.html (cached by the caller), or null when it cannot be read. */
  template(): Promise<string | null>;
  /** The web app's origin, for canonical and Open Graph URLs. */
  origin(): string;
}

export interface Page {
  status: number;
  body: string;
}

const isNotFound = (error: unknown) => error instanceof NotFoundError;

/** Pages per visitor and store: 30 per 3 s (600 a minute: a crawler reads many, the CDN answers most). */
export const PAGES_RATE = { limit: 30, windowMs: 3_000 } as const;

export async function limitPages(deps: PagesDeps, sourceIp: string, storeId: string): Promise<void> {
  await takeOrRefuse(
    deps.catalog.limiter,
    `storefront.pages#${sourceIp}#${storeId}`,
    PAGES_RATE,
    deps.catalog.clock.now(),
    'Too many requests. Please wait a few seconds and try again.',
  );
}

async function render(deps: PagesDeps, head: string, data: unknown | null, status = 200): Promise<Page> {
  const template = (await deps.template()) ?? FALLBACK_TEMPLATE;
  return { status, body: fillTemplate(template, head, data) };
}

/** The storefront with its first page inline; an unknown or closed store: the app's not-found page, 404. */
export async function storefrontPage(deps: PagesDeps, storeId: string): Promise<Page> {
  try {
    const answer = await getStorefront(deps.catalog, storeId, {});
    return render(deps, storeHead(deps.origin(), answer.store), { kind: 'store', ...answer });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return render(deps, notFoundHead(), null, 404);
  }
}

/** A product page; one the store no longer sells: the app's "no longer available" page, 404. */
export async function productPage(deps: PagesDeps, storeId: string, productId: string): Promise<Page> {
  try {
    const answer = await getStorefrontProduct(deps.catalog, storeId, productId);
    return render(deps, productHead(deps.origin(), answer.store, answer.product), {
      kind: 'product',
      ...answer,
    });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return render(deps, notFoundHead(), null, 404);
  }
}

/** The sitemap of an open storefront (404 otherwise). */
export async function sitemapPage(deps: PagesDeps, storeId: string): Promise<Page> {
  try {
    const { store, cards } = await storefrontProducts(deps.catalog, storeId);
    const updated = new Map(cards.map((c) => [c.productId, c.updatedAt]));
    return { status: 200, body: sitemapOf(deps.origin(), store, cards, updated) };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return {
      status: 404,
      body: '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n',
    };
  }
}
