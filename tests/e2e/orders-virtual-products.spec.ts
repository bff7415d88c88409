import { expect, test } from '@playwright/test';
import { createClient } from '@sneakers/shared/contracts/crm';
import { apiOf, newAccount, signUpByApi } from './accounts';

test.describe('orders and virtual products', () => {
  // Sign-up, then a whole journey through the local cloud.
  test.describe.configure({ timeout: 90_000 });

  test('an order for a client: status moves, it becomes sales, and its shareable page opens signed out', async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    const { call } = await apiOf(page, baseURL ?? '');
    await call(createClient, {
      body: { name: 'Ana García', email: `ana-${Date.now()}@example.com`, phone: '+34 611 222 333' },
    });

    await page.goto('/add-order');
    const form = page.getByTestId('order-form');
    await form.getByTestId('order-form-client').selectOption({ label: 'Ana García' });
    const line = form.getByTestId('order-form-line').first();
    await line.getByTestId('order-line-sku').fill('DD1391-100');
    await line.getByTestId('order-line-name').fill('Nike Dunk Low Panda');
    await line.getByTestId('order-line-size').fill('42');
    await line.getByTestId('order-line-quantity').fill('2');
    await line.getByTestId('order-line-unitPrice').fill('120');
    await line.getByTestId('order-line-unitCost').fill('90');
    await expect(form.getByTestId('order-form-total')).toHaveText('€240.00');
    await form.getByTestId('order-form-submit').click();

    const detail = page.getByTestId('order-detail');
    await expect(detail.getByTestId('order-status')).toHaveText('Pending');
    await expect(detail.getByTestId('order-detail-total')).toHaveText('€240.00');
    await detail.getByTestId('order-status-paid').click();
    await expect(detail.getByTestId('order-status')).toHaveText('Paid');
    await detail.getByTestId('order-fulfil').click();
    await page.getByTestId('order-fulfil-dialog').getByTestId('order-fulfil-confirm').click();
    await expect(detail.getByTestId('order-sales').getByRole('link')).toHaveCount(1);
    const shareUrl = await detail.getByTestId('order-share-link').getAttribute('href');
    expect(shareUrl).toMatch(/\/orders\/[A-Za-z0-9_-]{16,}$/);

    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(new URL(shareUrl ?? '').pathname);
    const shared = visitor.getByTestId('shared-order');
    await expect(shared.getByTestId('shared-order-store')).toHaveText(account.name);
    await expect(shared.getByTestId('shared-order-total')).toHaveText('€240.00');
    await expect(shared).not.toContainText('Ana García');
    await visitor.goto('/orders/not-a-real-share-id-000');
    await expect(visitor.getByTestId('shared-order-not-found')).toBeVisible();
  });

  test('a virtual product: created by hand with typed sizes, opened and listed', async ({ page }) => {
    await signUpByApi(page, newAccount('store'));
    await page.goto('/dashboard/virtual-products');
    await expect(page.getByTestId('virtual-products-empty')).toBeVisible();
    await page.goto('/add-virtual-product');
    const form = page.getByTestId('vp-form');
    await form.getByTestId('catalog-picker-manual').click();
    await form.getByTestId('vp-form-sku').fill('ID2');
    await form.getByTestId('vp-form-name').fill('adidas Samba OG');
    await form.getByTestId('vp-form-typed-sizes').fill('42, 43');
    await form.getByTestId('vp-form-add-sizes').click();
    await form.getByTestId('vp-form-price').fill('100');
    await form.getByTestId('vp-form-submit').click();
    const detail = page.getByTestId('vp-detail');
    await expect(detail.getByTestId('vp-detail-price')).toHaveText('€100.00');
    await expect(detail.getByTestId('vp-detail-sold')).toHaveText('0');
    await page.goto('/dashboard/virtual-products');
    await expect(page.getByTestId('vp-row')).toHaveCount(1);
    await expect(page.getByTestId('vp-row').getByTestId('vp-price')).toHaveText('€100.00');
  });
});
