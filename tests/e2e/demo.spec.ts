import { expect, test } from '@playwright/test';

/**
 * Try Demo is a real, read-only session as the demo store: every landed section shows the
 * seeded sample data, and a write shows the demo toast (docs/product/demo-mode.md#demo-toast) and changes nothing.
 */
test.describe('Try Demo', () => {
  // Long journeys (sign-up or Try Demo, then several screens and emails): room for a busy
  // machine, and for a run that starts with them while the demo catalogue is still written.
  test.describe.configure({ timeout: 60_000 });

  test('shows sample data in inventory, clients (with bookings) and providers (with consignments); a write shows the demo toast and changes nothing', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('demo-badge')).toBeVisible();

    await page.getByTestId('nav-inventory').click();
    await expect(page.getByTestId('item-row').first()).toBeVisible();
    await expect(page.getByTestId('item-row').filter({ hasText: 'Samba' }).first()).toBeVisible();

    await page.getByTestId('nav-wtb').click();
    // The Jarritos Dunk is on the WTB list only (the inventory holds sold Pandas too), so the
    // inventory rows are gone once it shows.
    await expect(page).toHaveURL(/\/dashboard\/wtb$/);
    await expect(page.getByTestId('item-row').filter({ hasText: 'Jarritos' })).toBeVisible();
    await expect.poll(() => page.getByTestId('item-row').count()).toBeGreaterThan(5);

    await page.getByTestId('nav-clients').click();
    const lucia = page.getByTestId('client-row').filter({ hasText: 'Lucía Fernández' });
    await expect(lucia).toBeVisible();
    const clientCount = await page.getByTestId('client-row').count();
    expect(clientCount).toBeGreaterThanOrEqual(3);

    // A write: the server refuses it (403 DEMO_MODE) and the app shows the demo toast once.
    await page.getByTestId('clients-new').click();
    const dialog = page.getByTestId('client-dialog');
    await dialog.getByTestId('client-form-name').fill('Not Saved');
    await dialog.getByTestId('client-form-email').fill('not.saved@example.com');
    await dialog.getByTestId('client-form-phone').fill('+34 600000001');
    await dialog.getByTestId('client-form-submit').click();
    const toast = page.getByText('Demo mode: changes cannot be saved');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(lucia).toBeVisible();
    await expect(page.getByTestId('client-row')).toHaveCount(clientCount);
    await expect(page.getByTestId('client-row').filter({ hasText: 'Not Saved' })).toHaveCount(0);

    await lucia.getByRole('link').first().click();
    const detail = page.getByTestId('client-detail');
    await expect(detail.getByTestId('client-name')).toHaveText('Lucía Fernández');
    await expect(detail.getByTestId('booking-card')).toHaveCount(2);

    await page.getByTestId('nav-providers').click();
    const carlos = page.getByTestId('provider-row').filter({ hasText: 'Carlos Gómez' });
    await expect(carlos.getByTestId('provider-status')).toHaveAttribute('data-status', 'approved');
    await expect(
      page.getByTestId('provider-row').filter({ hasText: 'Diego Navarro' }).getByTestId('provider-status'),
    ).toHaveAttribute('data-status', 'pending');
    await carlos.getByRole('link').first().click();
    await expect(page.getByTestId('provider-detail')).toBeVisible();
    await expect(page.getByTestId('consignment-row')).toHaveCount(3);
    // Picked from the demo catalogue, so it carries the catalogue's full name.
    await expect(page.getByTestId('consignments-section')).toContainText(
      'Nike Dunk Low Retro White Black Panda',
    );
  });

  test("the overview and every commerce section show the demo store's trade", async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The overview (last 30 days): sales, stock at cost, deposits, what Ana Ruiz is owed, dead stock.
    for (const kpi of ['revenue', 'profit', 'units', 'stock', 'deposits', 'owed'])
      await expect(page.getByTestId(`overview-kpi-${kpi}-value`), kpi).toHaveText(/[1-9]/);
    await expect(page.getByTestId('overview-kpi-owed-value')).toContainText('230');
    await expect(page.getByTestId('overview-kpi-deposits-value')).toContainText('130');
    await expect(page.getByTestId('overview-chart')).toBeVisible();
    await expect(page.getByTestId('overview-top-sellers')).toBeVisible();
    await expect(page.getByTestId('overview-by-brand')).toBeVisible();
    await expect(page.getByTestId('overview-dead-item')).toHaveCount(3);
    await expect(page.getByTestId('overview-dead-stock')).toContainText('Cherry');

    await page.getByTestId('nav-sales').click();
    await expect(page.getByTestId('sale-row').first()).toBeVisible();
    await expect.poll(() => page.getByTestId('sale-row').count()).toBeGreaterThanOrEqual(10);

    await page.getByTestId('nav-orders').click();
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    await expect.poll(() => page.getByTestId('order-row').count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('order-row').filter({ hasText: 'Sofía Martín' })).toBeVisible();

    await page.getByTestId('nav-shipments').click();
    const shipments = page.getByTestId('shipments-list').getByTestId('shipment-row');
    await expect(shipments).toHaveCount(4);
    for (const status of ['created', 'shipped', 'delivered'])
      await expect(
        page.locator(`[data-testid="shipment-row"][data-status="${status}"]`).first(),
      ).toBeVisible();

    await page.getByTestId('nav-payments').click();
    await expect(page.getByTestId('payment-row')).toHaveCount(1);
    await expect(page.getByTestId('payment-row')).toContainText('Carlos Gómez');

    await page.getByTestId('nav-virtual-products').click();
    await expect(page.getByTestId('vp-row')).toHaveCount(4);
    await expect(page.getByTestId('vp-row').filter({ hasText: 'Gel-Kayano 14' })).toBeVisible();
  });

  test('offers and notifications show what the demo store received', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await page.getByTestId('nav-offers').click();
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    // Issue 11: the two lines Kicks Lab offered in one go show as one offer, with its message.
    const kicks = page.getByTestId('offer-card').filter({ hasText: 'Kicks Lab Madrid' });
    await expect(kicks.getByTestId('offer-row')).toHaveCount(2);
    await expect(kicks.getByTestId('offer-message')).toBeVisible();
    await page.getByTestId('offers-tab-anonymous').click();
    await expect(page.getByTestId('anonymous-offer-row')).toHaveCount(2);
    await expect(page.getByTestId('anonymous-offer-contact').first()).toBeVisible();
    await page.getByTestId('nav-notifications').click();
    await expect(page.getByTestId('notification-row').first()).toBeVisible();
  });

  test("messages and ratings show the demo store's conversations and ratings; sending shows the demo toast", async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Two conversations hold messages the demo store has not read: four in all.
    await expect(page.getByTestId('badge-messages')).toContainText('4');

    await page.getByTestId('nav-messages').click();
    const rows = page.getByTestId('conversation-row');
    await expect(rows).toHaveCount(5);
    // The newest activity is on top: Kicks Lab's two unread questions.
    await expect(rows.first()).toContainText('Kicks Lab Madrid');
    await expect(rows.first().getByTestId('conversation-unread')).toContainText('2');
    await rows.filter({ hasText: 'Sneaker District BCN' }).click();
    const thread = page.getByTestId('thread');
    await expect(thread.getByTestId('message')).toHaveCount(8);
    await expect(thread.getByTestId('message-content').last()).toHaveText(
      'Got them, all perfect. Pleasure as always 🙌',
    );

    const input = page.getByTestId('composer-input');
    await input.fill('Not saved');
    await input.press('Enter');
    const toast = page.getByText('Demo mode: changes cannot be saved');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(1);
    // Nothing was sent: the thread is as it was and the draft is still there.
    await expect(thread.getByTestId('message-content').filter({ hasText: 'Not saved' })).toHaveCount(0);
    await expect(input).toHaveValue('Not saved');

    await page.getByTestId('nav-ratings').click();
    // Received from Kicks Lab, Sneaker District and Hype Vault; given to Kicks Lab and District.
    const received = page.getByTestId('ratings-panel-received').getByTestId('rating-row');
    await expect(received).toHaveCount(3);
    await expect(received.filter({ hasText: 'Kicks Lab Madrid' })).toContainText(
      'Fast answers and paid the same day.',
    );
    await expect(page.getByTestId('ratings-count')).toContainText('3');
    await page.getByTestId('ratings-tab-given').click();
    await expect(page.getByTestId('ratings-panel-given').getByTestId('rating-row')).toHaveCount(2);
  });
});
