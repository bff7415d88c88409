import { expect, test } from '@playwright/test';
import { DEMO } from '@sneakers/shared/demo';
import { visibleNavGroups } from '../../web/src/app/dashboard/model/navigation';
import { enterDemo } from './a11y-support';
import { LOCAL_SUPERUSER, newAccount, signIn, signUpByApi } from './accounts';
import { watchRequestTimes } from './request-timing';

/** Issue 25, the shell's part: requests that never end, unknown paths, the socket, the sidebar. */

/** Longer than any request of the local cloud takes on a busy machine; far below a stuck one. */
const REQUEST_LIMIT_MS = 8_000;

test('after walking every dashboard section, a shared list loads its items at once, with one request', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const requests = watchRequestTimes(page);
  await enterDemo(page);
  await page.goto('/dashboard/releases');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // Every section of the demo store's sidebar, as a visitor clicks through them.
  const sections = visibleNavGroups({ role: 'store', isSuperuser: false }).flatMap((g) => g.items);
  for (const { id } of sections) {
    await page.getByTestId(`nav-${id}`).click();
    await expect(page.getByRole('main')).not.toContainText('Loading...', { timeout: 10_000 });
  }
  await page.goto('/dashboard/releases');
  await expect(page.getByRole('main')).not.toContainText('Loading...');

  // The same tab, a shared list: its items arrive while the releases' images were loading.
  await page.goto(`/share/${DEMO.userId}/wtb`);
  await expect(page.getByTestId('public-item-card').first()).toBeVisible({ timeout: 10_000 });
  // Nothing left in flight once the list shows: a request nobody reads stays pending forever.
  await expect.poll(() => requests.pending(), { timeout: REQUEST_LIMIT_MS }).toEqual([]);
  expect(requests.over(REQUEST_LIMIT_MS)).toEqual([]);
  // Fetched once: not before the session is known and again after.
  expect(requests.count(new RegExp(`/api/public-lists/${DEMO.userId}/wtb\\?`))).toBe(1);
});

test('an unknown dashboard path shows the not-found page, signed in or not', async ({ page }) => {
  for (const path of ['/dashboard/nonexistent', '/dashboard/clients/c-1/extra']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveURL(path);
  }
  await enterDemo(page);
  await page.goto('/dashboard/nonexistent');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  // A known section still opens, and Back to home leaves the page.
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
});

test('the WebSocket opens once per tab after sign-in, with no connection closed before it is established', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const sockets: string[] = [];
  const subscribes: string[] = [];
  const consoleErrors: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws.url());
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"subscribe"'))
        subscribes.push(ws.url());
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /WebSocket/i.test(m.text())) consoleErrors.push(m.text());
  });
  await signIn(page, LOCAL_SUPERUSER.email, LOCAL_SUPERUSER.password);
  await expect(page.getByTestId('sidebar-business-name')).toHaveText(LOCAL_SUPERUSER.name, {
    timeout: 20_000,
  });
  // Signed in on the page that opened the socket as a visitor: the same socket subscribes.
  await expect.poll(() => subscribes.length, { timeout: 15_000 }).toBe(1);
  for (const id of ['offers', 'notifications', 'messages', 'inventory'] as const) {
    await page.getByTestId(`nav-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${id}$`));
  }
  expect(sockets).toHaveLength(1);

  // A fresh load with the session: the socket waits for it, then opens once and subscribes.
  sockets.length = 0;
  subscribes.length = 0;
  await page.goto('/dashboard/offers');
  await expect(page.getByTestId('sidebar-business-name')).toHaveText(LOCAL_SUPERUSER.name);
  await expect.poll(() => subscribes.length, { timeout: 15_000 }).toBe(1);
  await page.getByTestId('nav-notifications').click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  expect(sockets).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test("a reseller's sidebar has Want to Sell, which lists their WTS items", async ({ page }) => {
  test.setTimeout(60_000);
  const reseller = newAccount('reseller');
  await signUpByApi(page, reseller);
  for (const id of ['wtb', 'wts', 'wtc']) await expect(page.getByTestId(`nav-${id}`)).toBeVisible();
  await page.getByTestId('nav-wts').click();
  await expect(page).toHaveURL(/\/dashboard\/wts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Want to Sell' })).toBeVisible();
  await expect(page.getByTestId('add-item')).toBeVisible();
});
