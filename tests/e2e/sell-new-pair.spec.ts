import { expect, test, type Locator, type Page } from '@playwright/test';
import { createItem } from '@sneakers/shared/contracts/lists';
import { apiOf, newAccount, signUpByApi } from './accounts';

/**
 * Issue 25 items 1 and 4: a pair added with the inventory form's defaults sells from its row,
 * its page and Sales' pair picker; a sale's tracking number meets its courier's format, and a
 * good one becomes the sale's shipment.
 */
test.describe('selling a pair just added', () => {
  test.describe.configure({ timeout: 180_000 });

  /** Sells one size to a walk-in buyer in the open Sell dialog. */
  async function sellIn(page: Page, size: string, shipping?: { carrier: string; tracking: string }) {
    const dialog = page.getByTestId('sell-dialog');
    await dialog.getByTestId('sell-size').selectOption(size);
    await dialog.getByTestId('sell-salePrice').fill('150');
    await dialog.getByTestId('sell-buyer-name').check();
    await dialog.getByTestId('sell-buyerName').fill('Walk-in');
    if (shipping) {
      await dialog.getByTestId('sell-shippingCarrier').fill(shipping.carrier);
      await dialog.getByTestId('sell-trackingNumber').fill(shipping.tracking);
    }
    await dialog.getByTestId('sell-submit').click();
    return dialog;
  }

  const recorded = async (page: Page, dialog: Locator) => {
    await expect(page.getByText('Sale of Samba OG recorded').last()).toBeVisible();
    await expect(dialog).toBeHidden();
  };

  test('adds a pair with the form defaults, then sells it from the row, its page and the Sales picker', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, newAccount('store'));
    await apiOf(page, baseURL ?? '');

    await page.goto('/dashboard/inventory');
    await page.getByTestId('add-item').click();
    const form = page.getByTestId('add-item-dialog');
    await form.getByTestId('item-form-sku').fill('IE3437');
    await form.getByTestId('item-form-name').fill('Samba OG');
    await form.getByTestId('item-form-size-input').fill('42, 43, 44, 45');
    await form.getByTestId('item-form-add-size').click();
    // Nothing else touched: the defaults are what the store gets.
    await form.getByTestId('item-form-submit').click();
    await expect(form).toBeHidden();

    const row = page.getByTestId('item-row').filter({ hasText: 'IE3437' });
    await row.getByTestId('item-sell').click();
    await recorded(page, await sellIn(page, '42'));
    await expect(row.getByTestId('item-sizes')).toHaveText('EU 43, EU 44, EU 45');

    await row.getByRole('link').first().click();
    await expect(page.getByTestId('item-detail')).toBeVisible();
    await page.getByTestId('item-detail').getByTestId('item-sell').click();
    await recorded(page, await sellIn(page, '43'));

    await page.goto('/dashboard/sales');
    await expect(page.getByTestId('sale-row')).toHaveCount(2);
    await page.getByTestId('sales-sell-pair').click();
    const picker = page.getByTestId('sales-pair-picker');
    await picker.getByTestId('sales-pair-picker-search').fill('samba');
    await picker.getByTestId('sales-pair-picker-row').getByTestId('sales-pair-picker-sell').click();
    await expect(picker).toBeHidden();
    await recorded(page, await sellIn(page, '44'));
    await expect(page.getByTestId('sale-row')).toHaveCount(3);
  });

  test("refuses a DHL sale with a bad tracking number in the courier's words; a good one lists its shipment", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, newAccount('store'));
    const { call } = await apiOf(page, baseURL ?? '');
    await call(createItem, {
      body: { listType: 'inventory', sku: 'IE3437', name: 'Samba OG', sizes: ['42'] },
    });

    await page.goto('/dashboard/sales');
    await page.getByTestId('sales-sell-pair').click();
    await page.getByTestId('sales-pair-picker-sell').click();
    const dialog = await sellIn(page, '42', { carrier: 'DHL', tracking: 'zzz!!!???💥' });
    await expect(dialog.getByText("This doesn't look like a DHL tracking number")).toBeVisible();
    await expect(page.getByTestId('sale-row')).toHaveCount(0);

    await dialog.getByTestId('sell-trackingNumber').fill('3318810025');
    await dialog.getByTestId('sell-submit').click();
    await recorded(page, dialog);

    // The consumer writes the shipment moments after the sale (longer on a busy machine: the
    // bus delivers to a function that may start cold).
    await expect(async () => {
      await page.goto('/dashboard/shipments');
      await expect(page.getByTestId('shipment-row')).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    const shipment = page.getByTestId('shipment-row');
    await expect(shipment.getByTestId('shipment-courier')).toHaveText('DHL');
    await expect(shipment.getByTestId('shipment-tracking-number')).toHaveText('3318810025');
    await expect(shipment.getByTestId('shipment-link')).toContainText('Samba OG');
  });
});
