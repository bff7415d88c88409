import Stripe from 'stripe';
import { expect, test, type Page } from '@playwright/test';
import { LOCAL_BILLING_CREDENTIALS } from '../../localstack/src/names';
import { PORT_VARIABLES } from '../../localstack/src/ports';
import { newAccount, signUpByApi } from './accounts';

/**
 * Billing in the browser (docs/product/billing.md): a new store's trial, the end of it, the
 * provider's hosted Checkout with the test card and the way back to Active Subscription; the
 * profile's Manage Billing opening the portal; Try Demo's trial and its refused writes.
 */

/** The payment provider stand-in of this run (its port moves with E2E_BASE_PORT, as every port). */
function provider(): Stripe {
  const base = Number(process.env.E2E_BASE_PORT ?? 4610);
  const port = base + Object.keys(PORT_VARIABLES).indexOf('stripe');
  return new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, { host: '127.0.0.1', port, protocol: 'http' });
}

async function openBilling(page: Page) {
  await page.getByTestId('nav-billing').click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
}

test.describe('billing', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new store sees its trial, pays through Checkout with the test card once it has ended, and is active again', async ({
    page,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    await openBilling(page);
    const status = page.getByTestId('billing-status');
    await expect(status).toHaveAttribute('data-status', 'trial');
    await expect(status).toContainText('14 days left');
    await expect(page.getByTestId('billing-price')).toContainText('49.99');
    // Known to the provider once sign-up's trial reached it: the card goes in the portal.
    await expect(page.getByRole('button', { name: 'Add a card' })).toBeVisible({ timeout: 20_000 });

    // The trial ends without a card: the provider cancels the subscription, as it does on day 14.
    const stripe = provider();
    const { data } = await stripe.customers.list({ email: account.email, limit: 1 });
    const customer = data[0]?.id ?? '';
    for (const sub of (await stripe.subscriptions.list({ customer })).data)
      await stripe.subscriptions.cancel(sub.id);
    await expect(page.getByTestId('subscription-banner')).toHaveAttribute('data-banner', 'canceled', {
      timeout: 20_000,
    });
    await expect(status).toHaveAttribute('data-status', 'canceled');

    await page.getByTestId('billing-choose-plan').click();
    await expect(page).toHaveURL(/\/checkout\/cs_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill(account.name);
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(/\/dashboard\/billing/);
    await expect(page.getByTestId('billing-checkout-notice')).toHaveAttribute('data-state', 'activated', {
      timeout: 30_000,
    });
    await expect(status).toContainText('Active Subscription');
    await expect(page.getByTestId('billing-card')).toContainText('4242');
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
    await expect(page.getByTestId('billing-invoice-row').first()).toBeVisible({ timeout: 20_000 });

    // The profile's Manage Billing opens the provider's customer portal.
    await page.goto('/profile');
    await page.getByTestId('manage-billing').click();
    await expect(page).toHaveURL(/\/portal\/bps_/);
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Sneakers' }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
  });

  test('Try Demo shows a trial with days left and refuses billing writes with the demo toast', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openBilling(page);
    const status = page.getByTestId('billing-status');
    await expect(status).toHaveAttribute('data-status', 'trial');
    await expect(status).toContainText(/\d+ days? left/);
    await page
      .getByRole('button', { name: /Choose a plan|Add a card|Manage Billing/ })
      .first()
      .click();
    await expect(page.getByText('Demo mode: changes cannot be saved')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
  });
});
