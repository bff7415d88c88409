import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createSale } from '@sneakers/shared/contracts/sales';
import { createConsignment, createProvider, markConsignmentSold } from '@sneakers/shared/contracts/providers';
import { apiOf, newAccount, signUpByApi } from './accounts';
import { mailsTo } from './support';

/** Issue 14, shipments and payments: create, associate and deliver a shipment; pay a provider. */

async function signedInStore(page: Page, baseURL: string) {
  await signUpByApi(page, newAccount('store'));
  return apiOf(page, baseURL);
}

test.describe('shipments and payments', () => {
  // Long journeys (sign-up, then several screens): room for a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('creates a shipment, associates it with a sale and marks it delivered from the sale page', async ({
    page,
    baseURL,
  }) => {
    const { call } = await signedInStore(page, baseURL ?? '');
    const { item } = await call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'IE0421',
        name: 'Adidas Samba OG',
        sizes: ['42'],
        purchasePrice: 8000,
      },
    });
    const { sale } = await call(createSale, {
      body: { source: 'inventory', itemId: item.id, size: '42', salePrice: 12000, buyerName: 'Lucía Pérez' },
      idempotencyKey: randomUUID(),
    });

    await page.goto('/dashboard/shipments');
    await expect(page.getByTestId('shipments-empty')).toBeVisible();
    await page.getByTestId('shipment-add').click();
    const form = page.getByTestId('shipment-form-dialog');
    await form.getByTestId('shipment-form-courier').selectOption('ups');
    // Not a UPS number: the server's message shows on the field.
    await form.getByTestId('shipment-form-trackingNumber').fill('12345');
    await form.getByTestId('shipment-form-submit').click();
    await expect(form.getByTestId('shipment-form-trackingNumber')).toHaveAttribute('aria-invalid', 'true');
    await form.getByTestId('shipment-form-trackingNumber').fill('1Z999AA10123456784');
    await form.getByTestId('shipment-form-shippedDate').fill('2026-03-02');
    await form.getByTestId('shipment-form-submit').click();
    await expect(form).toBeHidden();

    const row = page.getByTestId('shipment-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('shipment-status')).toHaveText('Shipped');
    const tracking = row.getByTestId('shipment-tracking-link');
    await expect(tracking).toHaveAttribute('href', /ups\.com/);
    await expect(tracking).toHaveAttribute('rel', /noopener/);
    await expect(row.getByTestId('shipment-link')).toHaveText('Not associated');

    await page.getByTestId('shipments-tab-unassociated').click();
    const loose = page.getByTestId('shipments-panel-unassociated').getByTestId('shipment-row');
    await expect(loose).toHaveCount(1);
    await loose.getByTestId('shipment-associate').click();
    const picker = page.getByTestId('shipment-item-select-dialog');
    await picker.getByTestId('shipment-item-select-kind').selectOption('sale');
    await picker.getByTestId('shipment-item-option').filter({ hasText: 'Lucía Pérez' }).click();
    await expect(page.getByText('Shipment associated successfully')).toBeVisible();
    await expect(page.getByTestId('shipments-unassociated-empty')).toBeVisible();

    await page.getByTestId('shipments-tab-all').click();
    const saleLink = row.getByRole('link', { name: /^Sale: Adidas Samba OG/ });
    await expect(saleLink).toHaveAttribute('href', `/dashboard/sale/${sale.id}`);

    // The sale's page lists it; editing it there marks it delivered.
    await saleLink.click();
    const panel = page.getByTestId('shipments-panel');
    const linked = panel.getByTestId('shipment-row');
    await expect(linked).toHaveCount(1);
    await expect(linked.getByTestId('shipment-status')).toHaveText('Shipped');
    await linked.getByTestId('shipment-edit').click();
    await form.getByTestId('shipment-form-deliveredDate').fill('2026-03-04');
    await form.getByTestId('shipment-form-submit').click();
    await expect(form).toBeHidden();
    await expect(linked.getByTestId('shipment-status')).toHaveText('Delivered');
    await expect(linked.getByTestId('shipment-delivered-date')).toBeVisible();
  });

  test('pays a provider for a sold consignment: the email arrives, the balance goes to zero', async ({
    page,
    request,
    baseURL,
  }) => {
    const { call } = await signedInStore(page, baseURL ?? '');
    const email = `provider-${randomUUID()}@example.com`;
    const { provider } = await call(createProvider, { body: { name: 'Ana García', email } });
    const { consignment } = await call(createConsignment, {
      params: { providerId: provider.id },
      body: { itemSku: 'DZ5485-612', itemName: 'Jordan 1 Chicago', size: '42', price: 12050 },
      idempotencyKey: randomUUID(),
    });
    await call(markConsignmentSold, {
      params: { providerId: provider.id, consignmentId: consignment.id },
      body: { salePrice: 16000 },
    });

    await page.goto(`/dashboard/providers/${provider.id}`);
    const card = page.getByTestId('provider-balance');
    // The balance comes from the ledger the stream keeps: it may take a moment.
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('provider-balance-owed')).toContainText('120.50', { timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    await card.getByTestId('provider-pay').click();
    const dialog = page.getByTestId('pay-provider-dialog');
    await dialog.getByTestId('pay-consignment-check').check();
    await expect(dialog.getByTestId('pay-total')).toContainText('120.50');
    await dialog.getByTestId('pay-method').selectOption('bizum');
    await dialog.getByTestId('pay-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('consignment-row').getByTestId('consignment-paid')).toHaveText('Paid');

    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('provider-balance-owed')).toHaveText('Nothing owed', { timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    // The provider also gets the consignment emails: look for the payment's own.
    await expect
      .poll(
        async () =>
          (await mailsTo(request, email)).map((m) => m.subject).filter((s) => s.startsWith('Payment sent')),
        {
          timeout: 30_000,
        },
      )
      .toHaveLength(1);

    await page.goto('/dashboard/payments');
    const payment = page.getByTestId('payment-row');
    await expect(payment).toHaveCount(1);
    await expect(payment.getByTestId('payment-amount')).toContainText('120.50');
    await payment.getByTestId('payment-link').click();
    const detail = page.getByTestId('payment-detail');
    await expect(detail.getByTestId('payment-total')).toContainText('120.50');
    await expect(detail.getByTestId('payment-consignment')).toHaveCount(1);
    await expect(detail.getByTestId('payment-provider-link')).toHaveAttribute(
      'href',
      `/dashboard/providers/${provider.id}`,
    );
  });
});
