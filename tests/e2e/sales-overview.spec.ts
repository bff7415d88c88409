import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createClient } from '@sneakers/shared/contracts/crm';
import { createItem } from '@sneakers/shared/contracts/lists';
import { apiOf, newAccount, signUpByApi } from './accounts';
import { mailsTo } from './support';

/** Issue 14, sales and the overview: sell an inventory item to a client, see it everywhere. */
test.describe('sales and the overview', () => {
  // A long journey (sign-up, the stream's aggregates, several screens): room for a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('sells an inventory item to a client: stock, email, overview, detail and CSV follow', async ({
    page,
    request,
    baseURL,
  }) => {
    await signUpByApi(page, newAccount('store'));
    const { call } = await apiOf(page, baseURL ?? '');
    const email = `buyer-${randomUUID()}@example.com`;
    const { client } = await call(createClient, {
      body: { name: 'Lucía Fernández', email, phone: '+34 600 000 000' },
    });
    const { item } = await call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'DD1391-100',
        name: 'Nike Dunk Low Panda',
        brand: 'Nike',
        sizes: ['42'],
        purchasePrice: 8000,
        askingPrice: 15000,
      },
    });

    // Stock but no sale yet: the overview shows the stock and invites a sale.
    await page.goto('/dashboard');
    await expect(page.getByTestId('overview-kpi-stock-value')).toContainText('80.00');
    await expect(page.getByTestId('overview-no-sales')).toBeVisible();

    await page.goto(`/dashboard/inventory-item/${item.id}`);
    await page.getByTestId('item-sell').click();
    const dialog = page.getByTestId('sell-dialog');
    await expect(dialog.getByTestId('sell-size')).toHaveValue('42');
    await expect(dialog.getByTestId('sell-salePrice')).toHaveValue('150.00');
    await dialog.getByTestId('sell-fees').fill('10');
    await expect(dialog.getByTestId('sell-profit-preview')).toContainText('60.00');
    await dialog.getByTestId('sell-clientId').selectOption(client.id);
    await dialog.getByTestId('sell-submit').click();
    await expect(page.getByText('Sale of Nike Dunk Low Panda recorded')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Its only size is sold: the item is no longer for sale.
    await expect(page.getByTestId('item-sell')).toHaveCount(0);

    await expect
      .poll(async () => (await mailsTo(request, email)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);

    // The overview's figures come from aggregates the stream keeps: they may take a moment.
    await expect(async () => {
      await page.goto('/dashboard');
      await expect(page.getByTestId('overview-kpi-revenue-value')).toContainText('150.00', {
        timeout: 5_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('overview-kpi-profit-value')).toContainText('60.00');
    await expect(page.getByTestId('overview-kpi-units-value')).toHaveText('1');
    await expect(page.getByTestId('overview-chart')).toBeVisible();
    await expect(page.getByTestId('overview-top-sellers')).toContainText('Nike Dunk Low Panda');

    await page.getByTestId('overview-kpi-revenue').getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/sales$/);
    const row = page.getByTestId('sale-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('sale-profit')).toContainText('60.00');
    await row.getByTestId('sale-link').click();
    const detail = page.getByTestId('sale-detail');
    await expect(detail.getByTestId('sale-detail-profit')).toContainText('60.00');
    await expect(detail.getByTestId('sale-email-status')).toContainText('Sent');
    await detail.getByTestId('sale-edit').click();
    await page.getByTestId('sale-form-shippingCarrier').fill('SEUR');
    await page.getByTestId('sale-form-submit').click();
    await expect(detail.getByTestId('sale-carrier')).toHaveText('SEUR');

    await page.goto('/dashboard/sales');
    await page.getByTestId('sales-tab-reports').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('sales-export-submit').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Nike Dunk Low Panda');
    await expect(page.getByTestId('dac7-row')).toHaveCount(1);
  });
});
