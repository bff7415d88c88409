/**
 * Release calendar pages as the real site (and the local emulator) serve them: a Next.js
 * page whose cards render the JSON in `<script id="__NEXT_DATA__">`.
 */

export interface FixtureRelease {
  [key: string]: unknown;
}

export function release(overrides: FixtureRelease = {}): FixtureRelease {
  return {
    id: 'r-1',
    urlKey: 'nike-dunk-low-retro-white-black-2021',
    styleId: 'DD1391-100',
    title: 'Nike Dunk Low Retro White Black',
    brand: 'Nike',
    productCategory: 'sneakers',
    gender: 'men',
    colorway: 'White/Black',
    media: { imageUrl: '/images/DD1391-100.svg' },
    releaseDate: '2030-03-10',
    retailPrice: 119.99,
    status: 'upcoming',
    variants: [
      {
        id: 'v-10',
        sizeChart: {
          defaultConversion: { size: 'US M 10', type: 'us m' },
          availableConversions: [
            { size: 'US M 10', type: 'us m' },
            { size: 'EU 44', type: 'eu' },
          ],
        },
        retailPrice: 119.99,
      },
      {
        id: 'v-9',
        sizeChart: {
          defaultConversion: { size: 'US M 9', type: 'us m' },
          availableConversions: [
            { size: 'US M 9', type: 'us m' },
            { size: 'EU 42.5', type: 'eu' },
            { size: 'UK 8', type: 'uk' },
            { size: 'US W 10.5', type: 'us w' },
            { size: '27 cm', type: 'jp cm' },
          ],
        },
        retailPrice: null,
      },
    ],
    ...overrides,
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const field = (r: unknown, key: string): string => {
  const value: unknown = typeof r === 'object' && r !== null ? Reflect.get(r, key) : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

function card(r: unknown): string {
  const title = field(r, 'title');
  const date = field(r, 'releaseDate');
  return `
      <article class="release-card">
        <a href="/${field(r, 'urlKey')}"><img src="/images/${field(r, 'styleId')}.svg" alt="${escapeHtml(title)}" loading="lazy"></a>
        <h3 class="release-card__title">${escapeHtml(title)}</h3>
        <time datetime="${date}">${date}</time>
        <p class="price">€${field(r, 'retailPrice')}</p>
      </article>`;
}

/** A whole calendar page; `data` replaces the __NEXT_DATA__ text when given (raw, for broken JSON). */
export function calendarPage(
  releases: unknown[],
  pagination: { page: number; totalPages: number } = { page: 1, totalPages: 1 },
  data?: string,
): string {
  // Next.js escapes '<' inside the JSON so no string can close the script element.
  const json =
    data ??
    JSON.stringify({
      props: { pageProps: { releases, pagination } },
      page: '/release-calendar',
      query: { page: String(pagination.page) },
      buildId: 'local',
    }).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Release Calendar | Sneakers</title>
    <meta name="description" content="Upcoming sneaker releases">
    <link rel="stylesheet" href="/_next/static/css/app.css">
    <script>window.__ANALYTICS__ = { page: "</div><script id=\\"__NEXT_DATA__\\">" };</script>
  </head>
  <body>
    <!-- <script id="__NEXT_DATA__">{"props":{"pageProps":{"releases":[]}}}</script> -->
    <div id="__NEXT_DATA__" hidden>not the data</div>
    <nav class="top-nav"><a href="/">Home</a> <a href="/release-calendar">Releases</a></nav>
    <main>
      <h1>Release Calendar</h1>
      <section class="grid">${releases.map(card).join('')}
      </section>
      <nav class="pager"><a href="?page=${pagination.page + 1}">Next</a></nav>
    </main>
    <script id="__NEXT_DATA__" type="application/json" crossorigin="anonymous">${json}</script>
    <script src="/_next/static/chunks/main.js" defer></script>
  </body>
</html>`;
}
