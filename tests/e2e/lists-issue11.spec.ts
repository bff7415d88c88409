import { expect, test, type Page } from '@playwright/test';
import { createApiClient } from '@sneakers/shared/api-client';
import { createItem, listMyItems, type ItemCreate } from '@sneakers/shared/contracts/lists';
import { accessTokenOf, newAccount, signUpByApi } from './accounts';

/** Issue 11, lists: typed sizes, Edit opens the form, Shareable Lists, every list page at 360 px. */

const PHONE = { width: 360, height: 740 };

function userIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
}

async function signedInStore(page: Page, baseURL: string) {
  const account = newAccount('store');
  await signUpByApi(page, account);
  const token = await accessTokenOf(page);
  const call = createApiClient({ baseUrl: baseURL, getToken: () => token });
  return { account, call, userId: userIdOf(token) };
}

// Browser code below is typed by hand: the test code compiles without DOM types.
interface DomElement {
  tagName: string;
  className: unknown;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { right: number };
  contains(other: DomElement): boolean;
}
interface BrowserGlobals {
  document: { documentElement: { scrollWidth: number }; querySelectorAll(s: string): ArrayLike<DomElement> };
  navigator: { clipboard: { readText(): Promise<string> } };
  localStorage: { setItem(key: string, value: string): void };
}

/** The page fits the phone: nothing wider than the viewport, so no horizontal scrolling. */
async function expectNoHorizontalScroll(page: Page, what: string) {
  const { scroll, offenders } = await page.evaluate((width) => {
    const { document } = globalThis as unknown as BrowserGlobals;
    // The deepest elements reaching past the right edge name the culprit in a failure.
    const past = Array.from(document.querySelectorAll('body *')).filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    const deepest = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      scroll: document.documentElement.scrollWidth,
      offenders: deepest
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} [${el.getAttribute('data-testid') ?? ''}] right=${Math.round(el.getBoundingClientRect().right)}`,
        ),
    };
  }, PHONE.width);
  expect(scroll, `${what}: scroll width; past the edge: ${offenders.join(' | ')}`).toBeLessThanOrEqual(
    PHONE.width,
  );
}

/** Inside the phone's width, not merely present in the DOM. */
async function expectOnScreen(page: Page, testId: string, within = page.getByTestId('item-row').first()) {
  const box = await within.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x, `${testId} left`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${testId} right`).toBeLessThanOrEqual(PHONE.width);
}

const LONG_NAME = 'Air Jordan 1 Retro High OG Chicago Lost and Found Reimagined Varsity Red';
const item = (listType: ItemCreate['listType'], extra: Partial<ItemCreate> = {}): ItemCreate => ({
  listType,
  sku: 'DZ5485-612-LONGSKU',
  name: LONG_NAME,
  brand: 'Jordan',
  colorway: 'Varsity Red/Black/Sail/Muslin',
  sizes: ['UK 8.5', 'US 10', '42 EU', '43', '44.5', 'BULK'],
  urgent: true,
  ...(listType === 'wtb' ? { targetPrice: 1234567 } : {}),
  ...(listType === 'wts' || listType === 'wtc' ? { desiredPrice: 1234567 } : {}),
  ...(listType === 'inventory' ? { purchasePrice: 1234500, askingPrice: 2345600 } : {}),
  ...extra,
});

test.describe('lists (issue 11)', () => {
  test('typed sizes keep their system: "UK 8.5, US 10, 42 EU" stores and shows three sizes', async ({
    page,
    baseURL,
  }) => {
    const { call } = await signedInStore(page, baseURL ?? '');
    await page.goto('/dashboard/wtb');
    await page.getByTestId('add-item').click();
    const dialog = page.getByTestId('add-item-dialog');
    await dialog.getByTestId('item-form-sku').fill('FQ8138-002');
    await dialog.getByTestId('item-form-name').fill('Nike Dunk Low Panda');
    await dialog.getByTestId('item-form-size-input').fill('UK 8.5, US 10, 42 EU');
    await dialog.getByTestId('item-form-add-size').click();
    await expect(dialog.getByTestId('item-form-size')).toHaveText(['UK 8.5', 'US 10', '42 EU']);
    await dialog.getByTestId('item-form-targetPrice').fill('150');
    await dialog.getByTestId('item-form-submit').click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('item-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('item-sizes')).toHaveText('UK 8.5, US 10, 42 EU');
    const { items } = await call(listMyItems, { query: { listType: 'wtb' } });
    expect(items.map((i) => i.sizes)).toEqual([['UK 8.5', 'US 10', '42 EU']]);

    // The item page shows the same three sizes.
    await row.getByRole('link', { name: 'Nike Dunk Low Panda' }).click();
    await expect(page.getByTestId('item-detail')).toContainText('UK 8.5, US 10, 42 EU');
  });

  test('Edit in a list opens the form, and saving changes the item', async ({ page, baseURL }) => {
    const { call } = await signedInStore(page, baseURL ?? '');
    await call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'IE0421',
        name: 'Adidas Samba OG',
        sizes: ['42'],
        purchasePrice: 8000,
        askingPrice: 12000,
      },
    });
    await page.goto('/dashboard/inventory');
    const row = page.getByTestId('item-row');
    await expect(row.getByTestId('item-price-purchase')).toContainText('80.00');
    await expect(row.getByTestId('item-price-asking')).toContainText('120.00');

    await row.getByTestId('item-edit').click();
    const dialog = page.getByTestId('edit-item-dialog');
    await expect(dialog.getByTestId('item-form')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);
    await expect(dialog.getByTestId('item-form-name')).toHaveValue('Adidas Samba OG');
    await expect(dialog.getByTestId('item-form-askingPrice')).toHaveValue('120.00');
    await dialog.getByTestId('item-form-askingPrice').fill('135.50');
    await dialog.getByTestId('item-form-submit').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('item-price-asking')).toContainText('135.50');
    const { items } = await call(listMyItems, { query: { listType: 'inventory' } });
    expect(items.map((i) => [i.purchasePrice, i.askingPrice])).toEqual([[8000, 13550]]);
  });

  test('Shareable Lists is titled after itself and shows every shareable list with its public link', async ({
    page,
    baseURL,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { call, userId } = await signedInStore(page, baseURL ?? '');
    await call(createItem, { body: item('wts', { name: 'Yeezy Boost 350 Bone', urgent: false }) });
    await page.getByTestId('nav-lists').click();
    await expect(page).toHaveURL(/\/dashboard\/lists$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shareable Lists');
    await expect(page.getByRole('heading', { name: 'Want to Sell', level: 1 })).toHaveCount(0);

    const cards = page.getByTestId('share-card');
    await expect(cards).toHaveCount(3);
    for (const list of ['wtb', 'wts', 'wtc']) {
      const card = page.locator(`[data-testid="share-card"][data-list="${list}"]`);
      await expect(card.getByTestId('share-link')).toHaveAttribute(
        'href',
        `${baseURL}/share/${userId}/${list}`,
      );
      await expect(card.getByTestId(`shareable-count-${list}`)).toContainText(
        list === 'wts' ? '1 item' : '0 items',
      );
    }
    const wts = page.locator('[data-testid="share-card"][data-list="wts"]');
    await wts.getByTestId('copy-share-link').click();
    expect(
      await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText()),
    ).toBe(`${baseURL}/share/${userId}/wts`);
    // The WTS items are on the page too.
    await expect(page.getByTestId('item-row')).toHaveCount(1);

    // A store's new WTS list is private: the switch makes it public, and the link shows it.
    await expect(wts.getByTestId('share-public-wts')).not.toBeChecked();
    await wts.getByTestId('share-public-wts').click();
    await expect(wts.getByTestId('share-public-wts')).toBeChecked();
    const visitor = await page.context().newPage();
    await visitor.goto(`/share/${userId}/wts`);
    await expect(visitor.getByTestId('public-item-card')).toHaveCount(1);
    await visitor.close();

    // Spanish: the page keeps its name.
    await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).localStorage.setItem('language', 'es'),
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listas compartibles');
  });

  test('every list page fits a 360 px phone with price, Edit and Delete on screen', async ({
    page,
    baseURL,
  }) => {
    // Eleven screens and four dialogs, each measured.
    test.setTimeout(120_000);
    const { call } = await signedInStore(page, baseURL ?? '');
    const ids: Record<string, string> = {};
    for (const listType of ['inventory', 'wtb', 'wtc', 'wts'] as const)
      ids[listType] = (await call(createItem, { body: item(listType) })).item.id;
    await page.setViewportSize(PHONE);

    const sections = [
      ['/dashboard/inventory', 'purchase'],
      ['/dashboard/wtb', 'list'],
      ['/dashboard/wtc', 'list'],
      ['/dashboard/lists', 'list'],
    ] as const;
    for (const [path, price] of sections) {
      await page.goto(path);
      await expect(page.getByTestId('item-row').first()).toBeVisible();
      await expectNoHorizontalScroll(page, path);
      for (const testId of [`item-price-${price}`, 'item-edit', 'item-delete'])
        await expectOnScreen(page, testId);
      if (path === '/dashboard/inventory') await expectOnScreen(page, 'item-price-asking');

      // The edit form, opened from the list, fits too.
      await page.getByTestId('item-edit').first().click();
      await expect(page.getByTestId('edit-item-dialog')).toBeVisible();
      await expectNoHorizontalScroll(page, `${path} edit form`);
      const submit = await page.getByTestId('item-form-submit').boundingBox();
      expect(submit!.x + submit!.width).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('edit-item-dialog')).toBeHidden();

      await page.getByTestId('add-item').click();
      await expect(page.getByTestId('add-item-dialog')).toBeVisible();
      await expectNoHorizontalScroll(page, `${path} add form`);
      await page.keyboard.press('Escape');
    }

    const pages = [
      `/dashboard/inventory-item/${ids.inventory}`,
      `/dashboard/wtb-item/${ids.wtb}`,
      `/dashboard/wtc-item/${ids.wtc}`,
      `/dashboard/wts-item/${ids.wts}`,
      '/add-inventory',
      '/add-wtb',
      '/add-wtc',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByTestId(path.startsWith('/add') ? 'item-form' : 'item-detail')).toBeVisible();
      await expectNoHorizontalScroll(page, path);
      if (!path.startsWith('/add')) {
        const detail = page.getByTestId('item-detail');
        for (const testId of ['item-edit', 'item-delete']) await expectOnScreen(page, testId, detail);
        await detail.getByTestId('item-edit').click();
        await expect(detail.getByTestId('item-form')).toBeVisible();
        await expectNoHorizontalScroll(page, `${path} editing`);
      }
    }
  });
});
