import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from '@sneakers/shared/demo';
import { SECTION_IDS, sectionHref } from '../../web/src/lib/sections';
import { enterDemo } from './a11y-support';
import { apiOf, newAccount, signInAsSuperuser, signUpByApi } from './accounts';
import { navigateInApp } from './in-app-navigation';
import { waitForQuiet, watchRequestTimes } from './request-timing';

/**
 * Every route of the app, for a store, a reseller, the superuser and Try Demo: no screen may
 * log a console error or get a 4xx/5xx it did not ask for on purpose (a screen must decide
 * from the session and the features what it may call, not learn it from a 403).
 *
 * Fast by design: one signed-in page per role, one full load, then every route through the
 * router (history.pushState and a popstate, as the app's own links navigate), each until the
 * network is quiet.
 */

/** The app's routes besides the dashboard sections; `:self` is the role's own user id. */
const APP_ROUTES = [
  '/',
  '/auth',
  '/auth/reset-password',
  '/onboarding',
  '/profile',
  '/theme-test',
  '/share/:self/wtb',
  '/share/:self/wts',
  '/share/:self/wtc',
  '/shareable-lists',
  '/mock-shareable-list',
  '/add-inventory',
  '/add-wtb',
  '/add-wtc',
  '/add-booking',
  '/add-order',
  '/add-virtual-product',
  '/product/no-such-product',
  '/stockx-api-testing',
  '/stockx-testing',
  '/api-playground',
  '/dashboard/nonexistent',
  '/no-such-page',
] as const;

/**
 * Routes whose id is made up: the API's 400 (not an id) or 404 for it is the answer the page
 * asked for. (Chromium logs every 4xx as 'Failed to load resource', whoever asked: those lines
 * are judged by their response.)
 */
const UNKNOWN_ID_ROUTES: ReadonlyArray<readonly [route: string, api: RegExp]> = [
  ['/product/no-such-product', /\/api\/catalog\/products\/no-such-product/],
  ['/booking/no-such-booking', /\/api\/.*no-such-booking/],
  ['/orders/no-such-order', /\/api\/.*no-such-order/],
  ['/offer-status/no-such-token', /\/api\/.*no-such-token/],
  ['/provider-registration/:self/no-such-token', /\/api\/.*no-such-token/],
  ['/client/no-such-client', /\/api\/.*no-such-client/],
  ['/store/no-such-store', /\/api\/store\/no-such-store/],
  ['/store/no-such-store/product/no-such-product', /\/api\/store\/no-such-store/],
];

interface SweptRoute {
  route: string;
  /** The refusals this page asks for on purpose. */
  expected?: { api: RegExp; statuses: readonly number[] };
}

function routesFor(self: string): SweptRoute[] {
  const sections: SweptRoute[] = SECTION_IDS.map((id) => ({ route: sectionHref(id) }));
  const app: SweptRoute[] = APP_ROUTES.filter((r) => !UNKNOWN_ID_ROUTES.some(([u]) => u === r)).map((route) =>
    // A list its owner keeps private answers 403: only asking tells the page (a visitor's too).
    route.startsWith('/share/') || route === '/shareable-lists'
      ? { route, expected: { api: /\/api\/public-lists\/[^/]+\/(wtb|wts|wtc)\?/, statuses: [403] } }
      : { route },
  );
  const unknown: SweptRoute[] = UNKNOWN_ID_ROUTES.map(([route, api]) => ({
    route,
    expected: { api, statuses: [400, 404] },
  }));
  return [...sections, ...app, ...unknown].map((r) => ({ ...r, route: r.route.replace(':self', self) }));
}

test('the sweep covers every route the router declares', () => {
  const router = readFileSync(join(import.meta.dirname, '../../web/src/app/router.tsx'), 'utf8');
  const declared = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1] ?? '');
  const swept = [...APP_ROUTES, ...UNKNOWN_ID_ROUTES.map(([r]) => r)].map((r) => r.slice(1));
  const covers = (path: string) =>
    path === '/' ||
    path === '*' ||
    path.startsWith('dashboard') ||
    // `store/*` (a feature's own routes below it): any path under it.
    swept.some((r) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+').replace(/\/\*$/, '(/.*)?')}$`).test(r));
  expect(declared.filter((path) => !covers(path))).toEqual([]);
});

interface Problem {
  route: string;
  what: string;
}

async function sweep(page: Page, self: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  const requests = watchRequestTimes(page);
  let current: SweptRoute = { route: '(first load)' };
  let previous: SweptRoute | undefined;
  // A response is judged by the route that asked for it: on a busy machine one can arrive after
  // the sweep moved on. A request is also the previous route's while the next one loads: the
  // router keeps the old screen mounted until the new screen's chunk is in, and that screen
  // can still ask (the query client retries a failed query once, 1 s later).
  const askedBy = new WeakMap<object, { route: SweptRoute; before?: SweptRoute }>();
  page.on('request', (request) => askedBy.set(request, { route: current, before: previous }));
  const excused = (route: SweptRoute | undefined, url: string, status: number) =>
    route?.expected !== undefined && route.expected.statuses.includes(status) && route.expected.api.test(url);
  page.on('response', (response) => {
    const status = response.status();
    const { route, before } = askedBy.get(response.request()) ?? { route: current };
    const url = response.url();
    if (status >= 400 && !excused(route, url, status) && !excused(before, url, status))
      problems.push({
        route: route.route,
        what: `${status} ${response.request().method()} ${response.url()}`,
      });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    // The console line of a 4xx already counted (or excused) above, by its response.
    if (/^Failed to load resource: the server responded with a status of/.test(message.text())) return;
    problems.push({ route: current.route, what: `console: ${message.text()} (${url})` });
  });
  page.on('pageerror', (error) =>
    problems.push({ route: current.route, what: `page error: ${error.message}` }),
  );

  for (const entry of routesFor(self)) {
    previous = current;
    current = entry;
    await navigateInApp(page, entry.route);
    await waitForQuiet(page, requests, { timeoutMs: 8_000 });
    for (const pending of requests.over(8_000))
      problems.push({ route: entry.route, what: `slow request: ${pending}` });
  }
  return problems;
}

async function signedInPage(
  browser: Browser,
  signIn: (page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

const report = (problems: Problem[]) => problems.map((p) => `${p.route}: ${p.what}`);

test.describe('console-clean sweep of every route', () => {
  // Sign-up and ~60 routes through the router per role.
  test.describe.configure({ timeout: 180_000 });

  test('a store', async ({ browser, baseURL }) => {
    const { context, page } = await signedInPage(browser, (p) => signUpByApi(p, newAccount('store')));
    const { userId } = await apiOf(page, baseURL ?? '');
    expect(report(await sweep(page, userId))).toEqual([]);
    await context.close();
  });

  test('a reseller', async ({ browser, baseURL }) => {
    const { context, page } = await signedInPage(browser, (p) => signUpByApi(p, newAccount('reseller')));
    const { userId } = await apiOf(page, baseURL ?? '');
    expect(report(await sweep(page, userId))).toEqual([]);
    await context.close();
  });

  test('the superuser', async ({ browser, baseURL }) => {
    const { context, page } = await signedInPage(browser, signInAsSuperuser);
    const { userId } = await apiOf(page, baseURL ?? '');
    expect(report(await sweep(page, userId))).toEqual([]);
    await context.close();
  });

  test('Try Demo', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, async (p) => {
      await enterDemo(p);
      await p.goto('/dashboard');
      await expect(p.getByTestId('demo-badge')).toBeVisible();
    });
    expect(report(await sweep(page, DEMO.userId))).toEqual([]);
    await context.close();
  });
});
