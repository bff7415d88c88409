import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { getProduct, searchProducts } from '@sneakers/shared/contracts/catalog';
import { createItem } from '@sneakers/shared/contracts/lists';
import { listSales } from '@sneakers/shared/contracts/sales';
import { variantSizeLabel } from '@sneakers/shared/rules/variant-size';
import { apiOf, newAccount, signUpByApi } from './accounts';
import { writeBarcodeVideo } from './barcode-video';
import { chromiumArgs, chromiumPath } from './chromium';

/**
 * Issue 32, store mode on a phone (docs/product/store-mode.md): a box's barcode finds the
 * pair, one tap sells it; with the network cut, sales wait on the device and arrive once
 * when it returns.
 */
test.use({ locale: 'en-US' });

test.describe('store mode', () => {
  test.describe.configure({ timeout: 120_000 });
  // The installed app: its service worker opens the page offline.
  test.use({ serviceWorkers: 'allow' });

  /** A store with an inventory item of a demo catalogue product, stocked in three sizes whose boxes have barcodes. */
  async function stockedStore(page: Page, baseURL: string) {
    await signUpByApi(page, newAccount('store'));
    const { call } = await apiOf(page, baseURL);
    // A demo catalogue product: the marketplace emulator gives each of its sizes a barcode.
    const { products } = await call(searchProducts, { query: { q: 'DZ5485-612' } });
    const product = products[0];
    if (!product) throw new Error('The demo catalogue has no DZ5485-612');
    const { variants } = await call(getProduct, { params: { productId: product.id } });
    const boxes = variants.filter((v) => v.gtin).slice(0, 3);
    expect(boxes).toHaveLength(3);
    await call(createItem, {
      body: {
        listType: 'inventory',
        sku: product.sku,
        name: product.name,
        brand: product.brand,
        sizes: boxes.map(variantSizeLabel),
        productCatalogId: product.id,
        askingPrice: 25_000,
        purchasePrice: 15_000,
        currency: 'EUR',
      },
    });
    // A phone held in one hand (signing up checks the sidebar, which a phone folds away).
    await page.setViewportSize({ width: 390, height: 844 });
    // The UPC printed on the box: the GTIN-14 without its two leading zeros.
    return { call, upc: (i: number) => (boxes[i]?.gtin ?? '').slice(2) };
  }

  async function scan(page: Page, code: string) {
    await page.getByTestId('store-mode-code').fill(code);
    await page.getByTestId('store-mode-find').click();
  }

  test('scans a UPC into the basket and sells it with cash; offline sales wait, survive a reload and arrive once', async ({
    page,
    context,
    baseURL,
  }) => {
    const { call, upc } = await stockedStore(page, baseURL ?? '');

    await page.goto('/dashboard/store-mode');
    await expect(page.getByTestId('store-mode-code')).toBeVisible();
    // Installed: the service worker controls the page from the next load on.
    await page.evaluate('navigator.serviceWorker.ready');
    await page.reload();
    await scan(page, upc(0));
    await expect(page.getByTestId('store-mode-basket-line')).toHaveCount(1);
    await expect(page.getByTestId('store-mode-total')).toHaveText('€250.00');
    await page.getByTestId('store-mode-pay-cash').click();
    await expect(page.getByTestId('store-mode-receipt')).toContainText('Paid by Cash');
    await expect(page.getByTestId('store-mode-outbox')).toBeHidden();

    // The network cut: two more sales wait on the device with their keys.
    await context.setOffline(true);
    await expect(page.getByTestId('store-mode-connection')).toHaveText('Offline');
    for (const [i, method] of [
      [1, 'card'],
      [2, 'transfer'],
    ] as const) {
      await page.getByTestId('store-mode-next-sale').click();
      await scan(page, upc(i));
      await page.getByTestId(`store-mode-pay-${method}`).click();
      await expect(page.getByTestId('store-mode-receipt')).toBeVisible();
    }
    await expect(page.getByTestId('store-mode-waiting')).toHaveText('2 sales waiting to sync');

    // Still offline, the page is loaded again: the app, the stock and the waiting sales are on the device.
    await page.reload();
    await expect(page.getByTestId('store-mode-cached')).toBeVisible();
    await expect(page.getByTestId('store-mode-waiting')).toHaveText('2 sales waiting to sync');

    await context.setOffline(false);
    await expect(page.getByTestId('store-mode-outbox')).toBeHidden({ timeout: 20_000 });
    const { sales } = await call(listSales, { query: {} });
    expect(sales.map((s) => s.paymentMethod).sort()).toEqual(['card', 'cash', 'transfer']);

    // The end of the day counts them.
    await page.getByRole('tab', { name: 'End of day' }).click();
    await expect(page.getByTestId('store-mode-day-units')).toHaveText('3');
    await expect(page.getByTestId('store-mode-day-cash')).toHaveText('€250.00');
  });

  test("reads a box's barcode with the phone's camera", async ({ baseURL }, testInfo) => {
    // A browser of its own: its fake camera films the box (the WebAssembly reader decodes it,
    // as this Chromium has no native BarcodeDetector).
    const video = join(testInfo.outputDir, 'box.y4m');
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        ...chromiumArgs,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
      await context.grantPermissions(['camera']);
      const page = await context.newPage();
      const { upc } = await stockedStore(page, baseURL ?? '');
      mkdirSync(testInfo.outputDir, { recursive: true });
      // Filmed once the camera opens: the file is read then.
      writeBarcodeVideo(video, `0${upc(1)}`);
      await page.goto('/dashboard/store-mode');
      await page.getByTestId('store-mode-open-camera').click();
      await expect(page.getByTestId('store-mode-camera')).toContainText(
        "Point the camera at the box's barcode.",
      );
      await expect(page.getByTestId('store-mode-basket-line')).toHaveCount(1, { timeout: 20_000 });
      await expect(page.getByTestId('store-mode-total')).toHaveText('€250.00');
    } finally {
      await browser.close();
    }
  });
});
