import type { ServerResponse } from 'node:http';
import { conversionsOf, variantsOf, type GeneratedProduct } from './catalogue';
import { isoDay } from './determinism';

/**
 * The release calendar the scraper reads: Next.js-style HTML pages of 20 releases, the data
 * in `__NEXT_DATA__`, exactly two of the releases malformed.
 */

export const RELEASES_PER_PAGE = 20;

export interface Release {
  id: string;
  urlKey: string;
  styleId?: string;
  title: string;
  brand: string;
  productCategory: string;
  gender: string;
  colorway: string;
  media: { imageUrl: string };
  releaseDate: string;
  retailPrice: number;
  status: 'upcoming' | 'released';
  variants: {
    id: string;
    sizeChart: { availableConversions: { size: string; type: string }[] };
    retailPrice: number;
  }[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function buildReleases(
  products: GeneratedProduct[],
  count: number,
  today: number,
  baseUrl: string,
): Release[] {
  const out: Release[] = [];
  const good = Math.max(0, count - 2);
  for (let i = 0; i < good && i < products.length; i++) {
    const p = products[i] as GeneratedProduct;
    const releaseDate = p.releaseDate;
    out.push({
      id: p.productId,
      urlKey: p.urlKey,
      styleId: p.styleId,
      title: p.title,
      brand: p.brand,
      productCategory: p.productType,
      gender: p.gender,
      colorway: p.colorway,
      media: { imageUrl: `${baseUrl}/images/${encodeURIComponent(p.styleId)}.svg` },
      releaseDate,
      retailPrice: p.retailPrice,
      status: releaseDate === isoDay(today) ? 'released' : 'upcoming',
      variants: variantsOf(p).map((v) => ({
        id: v.variantId,
        sizeChart: { availableConversions: conversionsOf(v) },
        retailPrice: v.retailPrice,
      })),
    });
  }
  if (count < 2) return out;
  // Exactly two malformed releases, as the real calendar has now and then: the scraper
  // counts them as errors and saves the rest.
  const noStyle = out[Math.min(out.length - 1, 25)];
  const badDate = out[Math.min(out.length - 1, 45)];
  if (noStyle) {
    const copy: Release = {
      ...noStyle,
      id: `${noStyle.id}-nostyle`,
      urlKey: `${noStyle.urlKey}-tba`,
      title: `${noStyle.title} (TBA)`,
    };
    delete copy.styleId;
    out.splice(26, 0, copy);
  }
  if (badDate) {
    const year = badDate.releaseDate.slice(0, 4);
    out.splice(47, 0, {
      ...badDate,
      id: `${badDate.id}-baddate`,
      urlKey: `${badDate.urlKey}-baddate`,
      styleId: `${badDate.styleId ?? ''}X`,
      releaseDate: `${year}-13-41`,
    });
  }
  return out.slice(0, count);
}

function releasePage(releases: Release[], page: number, totalPages: number): string {
  const cards = releases
    .map((r) => {
      const price = Number.isFinite(r.retailPrice) ? `€${r.retailPrice}` : 'TBC';
      return `<article class="release-card" data-release-id="${escapeHtml(r.id)}">
  <a href="/${escapeHtml(r.urlKey)}"><img src="${escapeHtml(r.media.imageUrl)}" alt="${escapeHtml(r.title)}" loading="lazy" width="400" height="220"></a>
  <div class="release-card__body">
    <p class="release-card__brand">${escapeHtml(r.brand)}</p>
    <h2 class="release-card__title">${escapeHtml(r.title)}</h2>
    <p class="release-card__meta"><time datetime="${escapeHtml(r.releaseDate)}">${escapeHtml(r.releaseDate)}</time> · <span class="release-card__price">${price}</span></p>
  </div>
</article>`;
    })
    .join('\n');
  const data = {
    props: { pageProps: { releases, pagination: { page, totalPages, perPage: RELEASES_PER_PAGE } } },
    page: '/release-calendar',
    query: { page: String(page) },
    buildId: 'local-emulator',
    isFallback: false,
  };
  // As Next.js does: `<` escaped so the JSON can never close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const prev = page > 1 ? `<a rel="prev" href="/release-calendar?page=${page - 1}">Previous</a>` : '';
  const next = page < totalPages ? `<a rel="next" href="/release-calendar?page=${page + 1}">Next</a>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sneaker Release Dates – Release Calendar (page ${page})</title>
<meta name="description" content="Upcoming sneaker releases: dates, retail prices and sizes.">
<style>body{font-family:system-ui,sans-serif;margin:0}header{padding:12px 24px;border-bottom:1px solid #eee}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;padding:24px}.release-card img{width:100%;height:auto}</style>
</head>
<body>
<div id="__next">
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/release-calendar">Release Calendar</a> <a href="/news">News</a></nav></header>
<main>
<h1>Release Calendar</h1>
<section class="grid">
${cards}
</section>
<nav class="pagination" aria-label="Pages">${prev} <span>Page ${page} of ${totalPages}</span> ${next}</nav>
</main>
<footer><p>&copy; Release Calendar</p></footer>
</div>
<script id="__NEXT_DATA__" type="application/json">${json}</script>
</body>
</html>
`;
}

export function createReleaseCalendar(options: {
  sources: GeneratedProduct[];
  count: number;
  today: number;
  baseUrl: () => string;
}) {
  let releases: Release[] | undefined;
  const releasesOf = () =>
    (releases ??= buildReleases(options.sources, options.count, options.today, options.baseUrl()));

  /** `GET /release-calendar?page=N`. */
  function calendar(url: URL, res: ServerResponse) {
    const all = releasesOf();
    const totalPages = Math.max(1, Math.ceil(all.length / RELEASES_PER_PAGE));
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!Number.isInteger(page) || page < 1 || page > totalPages) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!DOCTYPE html><html lang="en"><head><title>Page not found</title></head><body><h1>404</h1></body></html>',
      );
    }
    const html = releasePage(
      all.slice((page - 1) * RELEASES_PER_PAGE, page * RELEASES_PER_PAGE),
      page,
      totalPages,
    );
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
    });
    res.end(html);
  }

  return { releases: releasesOf, calendar };
}
