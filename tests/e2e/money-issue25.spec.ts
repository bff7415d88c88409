import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { getProduct, searchProducts, type Product, type Variant } from '@sneakers/shared/contracts/catalog';
import { createConsignment, createProvider, listConsignments } from '@sneakers/shared/contracts/providers';
import { createSale } from '@sneakers/shared/contracts/sales';
import { apiOf, newAccount, signUpByApi } from './accounts';

/**
 * Issue 25, money: the owed balance follows a consignment sale and a payment on screen (no
 * reload), the Pay dialog of a balance row preselects its provider, and a consignment picked
 * from the catalogue carries its brand to Sales by brand.
 */

async function storeWithProvider(page: Page, baseURL: string) {
  await signUpByApi(page, newAccount('store'));
  const { call } = await apiOf(page, baseURL);
  const { provider } = await call(createProvider, {
    body: { name: 'Ana García', email: `provider-${randomUUID()}@example.com` },
  });
  return { call, provider };
}

test.describe('money owed and the catalogue (issue 25)', () => {
  // Sign-up, then several screens and the stream's aggregates: room for a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('the owed balance follows a consignment sale and a payment without a reload; Pay preselects the provider', async ({
    page,
    baseURL,
  }) => {
    const { call, provider } = await storeWithProvider(page, baseURL ?? '');
    const { consignment } = await call(createConsignment, {
      params: { providerId: provider.id },
      body: { itemSku: 'DZ5485-612', itemName: 'Jordan 1 Chicago', size: '42', price: 12050 },
      idempotencyKey: randomUUID(),
    });

    await page.goto(`/dashboard/providers/${provider.id}`);
    const card = page.getByTestId('provider-balance');
    await expect(card.getByTestId('provider-balance-owed')).toHaveText('Nothing owed', { timeout: 30_000 });

    // Sold from the provider's page: the balance beside it says what is owed now.
    await page.getByTestId('consignment-row').getByTestId('consignment-sell').click();
    const sell = page.getByTestId('sell-dialog');
    await sell.getByTestId('sell-salePrice').fill('160');
    await sell.getByTestId('sell-buyer-name').check();
    await sell.getByTestId('sell-buyerName').fill('Lucía Pérez');
    await sell.getByTestId('sell-submit').click();
    await expect(sell).toBeHidden();
    // The figure comes from the ledger the stream keeps: the page asks again until it shows the sale.
    await expect(card.getByTestId('provider-balance-owed')).toContainText('120.50', { timeout: 45_000 });

    // To the payments page in the app (no reload): the provider's row, and its Pay.
    await card.getByTestId('provider-payments-link').click();
    await expect(page).toHaveURL(/\/dashboard\/payments/);
    const row = page.getByTestId('payments-balance-row').filter({ hasText: 'Ana García' });
    await expect(row.getByTestId('payments-balance-owed')).toHaveText('€120.50');
    await row.getByTestId('payments-balance-pay').click();
    const dialog = page.getByTestId('pay-provider-dialog');
    await expect(dialog.getByTestId('pay-provider')).toHaveValue(provider.id);
    await expect(dialog.getByTestId('pay-consignment')).toHaveAttribute('data-id', consignment.id);
    const submit = dialog.getByTestId('pay-submit');
    await expect(submit).toBeDisabled();
    await expect(dialog.getByTestId('pay-selection-hint')).toHaveText('Select at least one consignment');
    await dialog.getByTestId('pay-consignment-check').check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog).toBeHidden();

    // Beside the payment, nothing is owed any more: no chance to pay twice.
    await expect(page.getByTestId('payment-row')).toHaveCount(1);
    await expect(page.getByTestId('payments-balance-row')).toHaveCount(0, { timeout: 45_000 });
    await expect(page.getByText('You owe nothing to your providers.')).toBeVisible();
  });

  test('a consignment picked from the catalogue shows its brand in Sales by brand', async ({
    page,
    baseURL,
  }) => {
    const { call, provider } = await storeWithProvider(page, baseURL ?? '');
    const { product, variant } = await catalogueProduct(call);

    await page.goto(`/dashboard/providers/${provider.id}`);
    await page.getByTestId('consignment-add').click();
    const form = page.getByTestId('consignment-form-dialog');
    await form.getByTestId('catalog-picker-input').fill(product.sku);
    await form.getByTestId('catalog-picker-option').filter({ hasText: product.sku }).first().click();
    await expect(form.getByTestId('catalog-picker-selected')).toContainText(product.sku);
    await form.getByTestId('catalog-picker-size').selectOption(variant.id);
    await form.getByTestId('consignment-form-price').fill('90');
    await form.getByTestId('consignment-form-submit').click();
    await expect(form).toBeHidden();

    await expect(page.getByTestId('consignment-row')).toHaveCount(1);
    const { consignments } = await call(listConsignments, { params: { providerId: provider.id } });
    expect(consignments[0]).toMatchObject({
      productCatalogId: product.id,
      productVariantId: variant.id,
      itemSku: product.sku,
      itemBrand: product.brand,
    });
    await call(createSale, {
      body: {
        source: 'consignment',
        providerId: provider.id,
        consignmentId: consignments[0]?.id ?? '',
        salePrice: 15000,
        buyerName: 'Lucía Pérez',
      },
      idempotencyKey: randomUUID(),
    });

    // The overview's figures come from the stream's aggregates: they may take a moment.
    await page.goto('/dashboard');
    const byBrand = page.getByTestId('overview-by-brand');
    await expect(async () => {
      await page.reload();
      await expect(byBrand).toContainText('150.00', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(byBrand).toContainText(product.brand);
    await expect(byBrand).not.toContainText('No brand');
  });
});

/** A catalogue product with a brand and a size in EU (the local catalogue is the emulator's). */
async function catalogueProduct(
  call: Awaited<ReturnType<typeof apiOf>>['call'],
): Promise<{ product: Product; variant: Variant }> {
  const { products } = await call(searchProducts, { query: { brand: 'Nike' } });
  for (const product of products) {
    if (!product.brand.trim()) continue;
    const { variants } = await call(getProduct, { params: { productId: product.id } });
    const variant = variants.find((v) => v.size.eu);
    if (variant) return { product, variant };
  }
  throw new Error('The local catalogue has no Nike product with an EU size');
}
