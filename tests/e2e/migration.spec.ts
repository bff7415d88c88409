import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { createItem } from '@sneakers/shared/contracts/lists';
import { newAccount, signIn, signUpByApi, apiOf } from './accounts';
import { expectAccessible } from './a11y-support';

/**
 * The migration tools (docs/product/migration-tools.md) and closing an account
 * (docs/product/accounts.md#closing-the-account) in the browser: an XLSX import through the
 * wizard, an export downloaded as a zip, and an account closed and gone after the grace
 * period (ACCOUNT_CLOSURE_GRACE_MS in playwright.config.ts). Set-up through the API.
 */
test.describe('migration tools', () => {
  test('imports an XLSX: a suggested column corrected, an invalid cell fixed, the progress bar, the items in the inventory', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUpByApi(page, newAccount('store'));
    const suffix = Date.now().toString(36);
    const names = [`Dunk Low Panda ${suffix}`, `Jordan 1 Chicago ${suffix}`, `Samba OG ${suffix}`];
    const header = ['Style', 'Name', 'Size', 'Price'].map((value) => ({
      value,
      fontWeight: 'bold' as const,
    }));
    const data = [
      ['DD1391-100', names[0], 'EU 42', '95'],
      ['DZ5485-612', names[1], 'EU 43', 'ninety'],
      ['B75806', names[2], 'EU 41', '70'],
    ].map((row) => row.map((value) => ({ value })));
    const xlsx = await writeXlsxFile([header, ...data], { sheet: 'Stock' }).toBuffer();

    await page.goto('/dashboard/migration-tools');
    await expect(page.getByTestId('migration-limits')).toContainText('25 MB');
    await page.getByTestId('migration-kind').selectOption('inventory');
    await page.getByTestId('migration-file').setInputFiles({
      name: 'stock.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await page.getByTestId('migration-upload').click();

    // The sheet and header row: the first row is suggested.
    await expect(page.getByTestId('migration-header-row-0')).toBeChecked({ timeout: 20_000 });
    await expect(page).toHaveURL(/import=/);
    await page.getByTestId('migration-sheet-continue').click();

    // Columns: "Price" is suggested as the asking price; this sheet's prices are what was paid.
    // (The worker is already checking the rows as suggested: the corrected mapping replaces it.)
    await expect(page.getByTestId('migration-column-0')).toHaveValue('sku');
    await expect(page.getByTestId('migration-column-2')).toHaveValue('sizes');
    await expect(page.getByTestId('migration-column-3')).toHaveValue('askingPrice');
    await page.getByTestId('migration-column-3').selectOption('purchasePrice');
    await expectAccessible(page, 'migration column mapping');
    await page.getByTestId('migration-mapping-apply').click();

    // The rows are checked in the background ("Checking rows… N of M", polled); then the
    // preview opens on the invalid row, and its price is fixed in place.
    await expect(page.getByTestId('migration-tally')).toHaveText(
      '3 rows: 2 valid, 1 with errors, 0 skipped.',
      { timeout: 60_000 },
    );
    const cell = page.getByTestId('migration-cell-1-purchasePrice');
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'migration preview with an invalid cell');
    await cell.fill('90');
    await cell.press('Enter');
    await expect(page.getByTestId('migration-tally')).toHaveText(
      '3 rows: 3 valid, 0 with errors, 0 skipped.',
    );

    // The dry run is counted by the worker too: its bar, then its counts.
    await page.getByTestId('migration-dry-run-button').click();
    await expect(page.getByTestId('migration-dry-run-create')).toHaveText('3', { timeout: 60_000 });
    await page.getByTestId('migration-start').click();
    // The progress bar, then the summary; a reload comes back to the same import.
    await expect(page.getByTestId('migration-import')).toHaveAttribute(
      'data-status',
      /queued|running|completed/,
    );
    await page.reload();
    await expect(page.getByTestId('migration-import')).toHaveAttribute('data-status', 'completed', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('migration-summary-created')).toHaveText('3');

    await page.goto('/dashboard/inventory');
    for (const name of names) await expect(page.getByText(name, { exact: false }).first()).toBeVisible();
  });

  test('exports all the data and downloads the archive, a zip holding the records', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpByApi(page, newAccount('store'));
    const { call } = await apiOf(page, baseURL ?? '');
    const name = `Exported Dunk ${Date.now().toString(36)}`;
    await call(createItem, {
      body: { listType: 'inventory', sku: 'DD1391-100', name, sizes: ['EU 42'], purchasePrice: 9_500 },
    });

    await page.goto('/dashboard/migration-tools?tab=export');
    await page.getByTestId('migration-export-start').click();
    const row = page.getByTestId('migration-export-row').first();
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('migration-export-download').click(),
    ]);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const files = Object.keys(zip);
    const inventory = files.filter((f) => /inventory/i.test(f));
    expect(inventory.length).toBeGreaterThan(0);
    const text = inventory.map((f) => strFromU8(zip[f]!)).join('\n');
    expect(text).toContain(name);
  });

  test('closes an account from Settings; after the grace period it is gone and sign-in is refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = newAccount('store');
    await signUpByApi(page, account);
    await page.goto('/dashboard/settings');
    await page.getByTestId('settings-close-account-open').click();
    const dialog = page.getByTestId('settings-close-account-dialog');
    await expect(dialog.getByTestId('settings-close-account-summary')).toContainText('What is deleted');
    await expectAccessible(page, 'close account dialog');
    await dialog.getByTestId('settings-close-account-password').fill(account.password);
    await dialog.getByTestId('settings-close-account-understand').check();
    await dialog.getByTestId('settings-close-account-confirm').click();
    await expect(page.getByText('Your account is closed')).toBeVisible();
    await expect(page).not.toHaveURL(/\/dashboard/);

    // The grace period is shortened for the journeys; the sweep runs now rather than on its schedule.
    await page.waitForTimeout(2_500);
    const sweep = await request.post('/api/local/schedules/profiles/account-deletion-sweep');
    expect(sweep.status()).toBe(200);

    // The Cognito user is gone: the same email and password are refused like any unknown sign-in.
    await signIn(page, account.email, account.password);
    await expect(page.locator('[data-sonner-toast]').first()).toContainText('Sign in failed');
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByTestId('sidebar-business-name')).toHaveCount(0);
  });
});
