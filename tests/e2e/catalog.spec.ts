import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ApiError } from '@sneakers/shared/api-client';
import {
  getProduct,
  MARKETPLACE_FEATURE,
  searchProducts,
  type Product,
  type Variant,
} from '@sneakers/shared/contracts/catalog';
import { deleteFlagGrant, setFlagGrant } from '@sneakers/shared/contracts/flags';
import { listMyItems } from '@sneakers/shared/contracts/lists';
import { localAdminApi } from '../../localstack/src/admin-session';
import { apiOf, newAccount, signInAsSuperuser, signUpByApi } from './accounts';

/**
 * Issue 13 "Checks": the catalogue found by a style code written with a space, a product's
 * sizes in EU and US, a WTB item picked from the catalogue showing the catalogue's image on
 * the public list, the release scraper run and saved by the superuser with a new release
 * then in the catalogue, the marketplace test page's gates and a result with the feature,
 * and a data population import by brand to 100%.
 */

type AdminApi = Awaited<ReturnType<typeof localAdminApi>>;

async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function adminApi(baseURL: string | undefined): Promise<AdminApi> {
  if (!baseURL) throw new Error('baseURL is not configured');
  return localAdminApi(baseURL);
}

/**
 * A product of the demo catalogue with a separated style code (`DD1391-100`), its image in
 * the media bucket and a size known in both EU and US M.
 */
async function demoProduct(api: AdminApi): Promise<{ product: Product; variant: Variant }> {
  for (let page = 1; page <= 5; page++) {
    const { products } = await api(searchProducts, { query: { brand: 'Nike', page } });
    for (const product of products) {
      if (!/^[A-Z0-9]+-[A-Z0-9]+$/.test(product.sku) || !product.imageUrl?.includes('/catalog/')) continue;
      const { variants } = await api(getProduct, { params: { productId: product.id } });
      const variant = variants.find((v) => v.size.eu && v.size.usM);
      if (variant) return { product, variant };
    }
  }
  throw new Error('The demo catalogue has no Nike product with a style code, an image and EU and US sizes');
}

/** The cell of `row` under the column headed `header` (the row header is not a cell). */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(header);
  if (index < 1) throw new Error(`No column ${header} in ${headers.join(', ')}`);
  return row.getByRole('cell').nth(index - 1);
}

const numberIn = async (locator: Locator) => Number((await locator.textContent())?.trim());

test.describe('catalogue', () => {
  test('a store finds a demo product by its style code with a space, sees its sizes in EU and US, picks it for a WTB item and its image shows on the public list', async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const api = await adminApi(baseURL);
    const { product, variant } = await demoProduct(api);
    const spaced = product.sku.replace(/-/g, ' ');
    const account = newAccount('store');
    await signUpByApi(page, account);

    await test.step(`the catalogue section finds ${product.sku} searched as "${spaced}"`, async () => {
      await page.goto('/dashboard/catalog');
      await page.getByTestId('catalog-search').fill(spaced);
      const card = page.getByTestId('catalog-card').filter({ hasText: product.sku });
      await expect(card).toBeVisible();
      await card.click();
      await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
      await expect(page.getByTestId('product-sku')).toContainText(product.sku);
    });

    await test.step('its variants table shows the size in EU and in US', async () => {
      const table = page.getByTestId('variants-table');
      const { variants } = await api(getProduct, { params: { productId: product.id } });
      await expect(table.getByTestId('variant-row')).toHaveCount(variants.length);
      const row = table.getByTestId('variant-row').filter({
        has: page.getByRole('rowheader', { name: variant.label.trim().toUpperCase(), exact: true }),
      });
      await expect(await cellUnder(table, row, 'EU')).toHaveText(variant.size.eu ?? '');
      await expect(await cellUnder(table, row, 'US M')).toHaveText(variant.size.usM ?? '');
    });

    await test.step('the add-WTB form picks the product and a size from the catalogue', async () => {
      await page.goto('/dashboard/wtb');
      await page.getByTestId('add-item').click();
      const dialog = page.getByTestId('add-item-dialog');
      await dialog.getByTestId('catalog-picker-input').fill(spaced);
      await dialog.getByTestId('catalog-picker-option').filter({ hasText: product.sku }).click();
      await expect(dialog.getByTestId('catalog-picker-selected')).toContainText(product.sku);
      await dialog.getByTestId('catalog-picker-size').selectOption(variant.id);
      await dialog.getByTestId('item-form-targetPrice').fill('150');
      await dialog.getByTestId('item-form-submit').click();
      await expect(dialog).toBeHidden();

      const { call } = await apiOf(page, baseURL ?? '');
      const { items } = await call(listMyItems, { query: { listType: 'wtb' } });
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        productCatalogId: product.id,
        productVariantId: variant.id,
        sku: product.sku,
        imageUrl: product.imageUrl,
      });
    });

    await test.step('made public, the list shows the catalogue image to a signed-out visitor', async () => {
      const share = page.getByTestId('share-public-wtb');
      if (!(await share.isChecked())) await share.click();
      await expect(share).toBeChecked();
      const { userId } = await apiOf(page, baseURL ?? '');

      const visitor = await ownPage(browser);
      try {
        await visitor.goto(`/share/${userId}/wtb`);
        const card = visitor.getByTestId('public-item-card').filter({ hasText: product.sku });
        await expect(card).toBeVisible();
        const image = card.locator('img').first();
        await expect(image).toHaveAttribute('src', product.imageUrl ?? '');
        await expect
          .poll(() => image.evaluate((img) => Number(Reflect.get(img, 'naturalWidth'))))
          .toBeGreaterThan(0);
      } finally {
        await visitor.context().close();
      }
    });
  });

  test('the superuser runs the release scraper on /stockx-testing, saves it, and finds a new release in the catalogue', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const api = await adminApi(baseURL);
    await signInAsSuperuser(page);
    await page.goto('/stockx-testing');
    await expect(page.getByTestId('scraper-empty')).toContainText('Ready to Test');

    await page.getByTestId('scraper-run').click();
    const results = page.getByTestId('scraper-results');
    await expect(results).toBeVisible({ timeout: 60_000 });
    await expect(results.getByTestId('scraper-status')).toHaveText('Completed');
    expect(await numberIn(results.getByTestId('scraper-found'))).toBeGreaterThan(0);
    const rows = page.getByTestId('scraper-releases').getByTestId('scraper-release-row');
    await expect(rows.first()).toBeVisible();

    const sku = (await rows.first().getByRole('cell').nth(3).textContent())?.trim() ?? '';
    expect(sku).not.toBe('');
    const inCatalogue = async () =>
      (await api(searchProducts, { query: { q: sku } })).products.some((p) => p.sku === sku);
    // A release of the calendar, not yet a product: the save is what adds it.
    expect(await inCatalogue()).toBe(false);

    await page.getByTestId('scraper-save').click();
    await expect(page.getByText(/^Saved \d+ products to database$/)).toBeVisible({ timeout: 60_000 });
    await expect(results.getByTestId('scraper-saved')).toBeVisible();

    // The search index follows the saved products through the catalogue's change event.
    await expect.poll(inCatalogue, { timeout: 30_000 }).toBe(true);
    await page.goto('/dashboard/catalog');
    await page.getByTestId('catalog-search').fill(sku);
    await expect(page.getByTestId('catalog-card').filter({ hasText: sku })).toBeVisible();
  });

  test('/stockx-api-testing: Access Denied signed out, Feature Not Available without the feature, a Success result with it', async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(baseURL);

    await test.step('signed out: Access Denied', async () => {
      const visitor = await ownPage(browser);
      try {
        await visitor.goto('/stockx-api-testing');
        await expect(visitor.getByTestId('tools-access-denied')).toBeVisible();
        await expect(visitor.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      } finally {
        await visitor.context().close();
      }
    });

    await signUpByApi(page, newAccount('store'));
    const { userId } = await apiOf(page, baseURL ?? '');

    await test.step('a store without the feature: Feature Not Available', async () => {
      await page.goto('/stockx-api-testing');
      await expect(page.getByTestId('marketplace-feature-unavailable')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Feature Not Available' })).toBeVisible();
      await expect(page.getByTestId('api-search-submit')).toHaveCount(0);
    });

    await api(setFlagGrant, {
      params: { name: MARKETPLACE_FEATURE, userId },
      body: { granted: true },
    });
    try {
      await test.step('granted the feature: a search answers with Success', async () => {
        await page.reload();
        await page.getByTestId('api-search-query').fill('Jordan');
        await page.getByTestId('api-search-submit').click();
        await expect(page.getByTestId('api-result-badge')).toHaveText('Success', { timeout: 20_000 });
        await expect(page.getByText('API Call Successful')).toBeVisible();
        await expect(page.getByTestId('api-response')).toContainText('"success": true');
        await expect(page.getByTestId('api-response')).toContainText('Jordan');
      });
    } finally {
      await api(deleteFlagGrant, { params: { name: MARKETPLACE_FEATURE, userId } }).catch(
        (error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        },
      );
    }
  });

  test('data population: the superuser imports a brand and the progress bar reaches 100% with counts', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAsSuperuser(page);
    await page.goto('/dashboard/data-population');
    await page.getByTestId('population-mode').selectOption('brand');
    await page.getByTestId('population-value').fill('Reebok');
    await page.getByTestId('population-start').click();

    const current = page.getByTestId('population-current');
    await expect(current).toContainText('Reebok');
    await expect(current.getByTestId('population-status')).toHaveText('Completed', { timeout: 180_000 });
    const progress = current.getByTestId('population-progress');
    const total = await progress.getAttribute('aria-valuemax');
    expect(Number(total)).toBeGreaterThan(0);
    await expect(progress).toHaveAttribute('aria-valuenow', total ?? '');
    await expect(progress.locator('div')).toHaveAttribute('style', /width: 100%/);
    await expect(current.getByTestId('population-pages')).toHaveText(`${total} of ${total} pages`);
    const imported =
      (await numberIn(current.getByTestId('population-new'))) +
      (await numberIn(current.getByTestId('population-updated')));
    expect(imported).toBeGreaterThan(0);
    expect(Number.isInteger(await numberIn(current.getByTestId('population-failed')))).toBe(true);
    await expect(
      page.getByTestId('population-job').filter({ hasText: 'Reebok' }).getByTestId('population-job-counts'),
    ).toContainText(/\d+ new, \d+ updated, \d+ failed/);
  });
});
