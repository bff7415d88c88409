import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { accessTokenOf, newAccount, signUpByApi } from './accounts';
import { mailsTo } from './support';

async function waitForMail(request: APIRequestContext, address: string, subject?: RegExp) {
  for (let i = 0; i < 75; i++) {
    const mails = await mailsTo(request, address);
    const match = subject ? mails.filter((m) => subject.test(m.subject ?? '')) : mails;
    if (match.length) return match;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email for ${address}`);
}

async function signedOutPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 844 } });
  return context.newPage();
}

function userIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
}

test.describe('store CRM', () => {
  // Long journeys (sign-up or Try Demo, then several screens and emails): room for a busy
  // machine, and for a run that starts with them while the demo catalogue is still written.
  test.describe.configure({ timeout: 60_000 });

  test('a client, a booking from its page (client locked), the booking email, status found, a public WTB item from it, and the shareable booking link signed out', async ({
    page,
    browser,
    request,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    const userId = userIdOf(await accessTokenOf(page));
    const clientEmail = `client-${Date.now()}@example.com`;

    await page.goto('/dashboard/clients');
    await page.getByTestId('clients-new').click();
    const clientDialog = page.getByTestId('client-dialog');
    await clientDialog.getByTestId('client-form-name').fill('Ana García');
    await clientDialog.getByTestId('client-form-email').fill(clientEmail);
    await clientDialog.getByTestId('client-form-phone').fill('+34 611 222 333');
    await clientDialog.getByTestId('client-form-instagramHandle').fill('@ana.kicks');
    await clientDialog.getByTestId('client-form-submit').click();
    await expect(page.getByText('Client created successfully')).toBeVisible();

    // Its page, then a booking from it: the client is pre-selected and cannot change.
    await page.getByTestId('client-row').filter({ hasText: 'Ana García' }).getByRole('link').first().click();
    const detail = page.getByTestId('client-detail');
    await expect(detail.getByTestId('client-name')).toHaveText('Ana García');
    await expect(detail.getByTestId('client-bookings-empty')).toBeVisible();
    await detail.getByTestId('client-new-booking').click();
    const form = page.getByTestId('booking-form-dialog');
    await expect(form.getByTestId('booking-form-client')).toBeDisabled();
    await expect(form.getByTestId('booking-form-new-client')).toBeDisabled();
    await form.getByTestId('booking-form-itemSku').fill('DD1391-100');
    await form.getByTestId('booking-form-itemName').fill('Nike Dunk Low Panda');
    await form.getByTestId('booking-form-size').fill('42');
    await form.getByTestId('booking-form-salePrice').fill('150');
    await form.getByTestId('booking-form-prepaidAmount').fill('50');
    await expect(form.getByTestId('booking-form-remaining')).toContainText('100.00');
    await form.getByTestId('booking-form-submit').click();
    await expect(page.getByText('Booking created successfully')).toBeVisible();
    await expect(detail.getByTestId('client-bookings-count')).toHaveText('(1)');

    // booking_confirmation reached the client through the bus and SES.
    const confirmation = await waitForMail(request, clientEmail);
    expect(confirmation).toHaveLength(1);

    // Status found, then a WTB item from the booking.
    await detail.getByTestId('booking-card').click();
    const details = page.getByTestId('booking-details');
    await details.getByTestId('booking-status-select').selectOption('found');
    await expect(page.getByText('Booking updated successfully')).toBeVisible();
    await expect(details.getByTestId('booking-status-badge')).toHaveAttribute('data-status', 'found');
    await details.getByTestId('booking-create-wtb').click();
    await page.getByTestId('booking-wtb-dialog').getByTestId('booking-wtb-confirm').click();
    await expect(page.getByText('WTB item created from booking')).toBeVisible();
    const shareUrl = await details.getByTestId('booking-share-link').getAttribute('href');
    await page.keyboard.press('Escape');

    // The update email follows the status change.
    await expect
      .poll(async () => (await mailsTo(request, clientEmail)).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);

    // The WTB list made public shows the booking's item to anyone.
    await page.goto('/dashboard/wtb');
    await expect(page.getByTestId('share-link')).toContainText(`/share/${userId}/wtb`);
    // The WTB item made from the booking is in the store's own list.
    await expect(page.getByTestId('item-row').filter({ hasText: 'DD1391-100' })).toBeVisible();
    if (!(await page.getByTestId('share-public-wtb').isChecked()))
      await page.getByTestId('share-public-wtb').click();
    await expect(page.getByTestId('share-public-wtb')).toBeChecked();
    const visitor = await signedOutPage(browser);
    await visitor.goto(`/share/${userId}/wtb`);
    await expect(visitor.getByTestId('public-item-card').filter({ hasText: 'DD1391-100' })).toBeVisible();

    // The shareable booking page, signed out, read-only.
    const sharePath = new URL(shareUrl!).pathname;
    expect(sharePath).toMatch(/^\/booking\/[\w-]{16,}$/);
    await visitor.goto(sharePath);
    const shared = visitor.getByTestId('shared-booking');
    await expect(shared).toContainText('Nike Dunk Low Panda');
    await expect(shared.getByTestId('booking-status-badge')).toHaveText('Found');
    await expect(shared.getByTestId('shared-booking-remaining')).toContainText('100.00');
    await expect(shared.getByTestId('shared-booking-store')).toHaveText(account.name);
    await visitor.goto('/booking/not-a-real-share-id-at-all');
    await expect(visitor.getByTestId('shared-booking-not-found')).toBeVisible();
  });

  test('a provider registers through the store link signed out and the store approves it', async ({
    page,
    browser,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    await page.goto('/dashboard/providers');
    const link = await page.getByTestId('registration-link').getAttribute('href');
    expect(link).toMatch(/\/provider-registration\/[^/]+\/[\w-]{16,}$/);

    const visitor = await signedOutPage(browser);
    await visitor.goto(new URL(link!).pathname);
    await expect(visitor.getByTestId('registration-store')).toContainText(account.name);
    await visitor.getByTestId('registration-name').fill('Pedro Proveedor');
    await visitor.getByTestId('registration-email').fill(`pedro-${Date.now()}@example.com`);
    await visitor.getByTestId('registration-iban').fill('ES91 2100 0418 4502 0005 1332');
    await visitor.getByTestId('registration-submit').click();
    await expect(visitor.getByTestId('registration-success')).toContainText('Registration submitted!');

    // A wrong token gets a clear page.
    await visitor.goto(`${new URL(link!).pathname.replace(/\/[^/]+$/, '')}/wrong-token-0123456789abcdef`);
    await expect(visitor.getByTestId('registration-invalid')).toBeVisible();

    await page.reload();
    const row = page.getByTestId('provider-row').filter({ hasText: 'Pedro Proveedor' });
    await expect(row.getByTestId('provider-status')).toHaveAttribute('data-status', 'pending');
    await expect(row).toContainText('•••• 1332');
    await expect(row).not.toContainText('ES9121000418450200051332');
    await row.getByTestId('provider-approve').click();
    await expect(row.getByTestId('provider-status')).toHaveAttribute('data-status', 'approved');
  });

  test('clients survive a CSV round trip: export, then import into another store', async ({
    page,
    browser,
  }) => {
    const first = newAccount('store');
    await signUpByApi(page, first);
    await page.goto('/dashboard/clients');
    for (const [name, email] of [
      ['Lola, "the collector"', `lola-${Date.now()}@example.com`],
      ['Marc Peña', `marc-${Date.now()}@example.com`],
    ]) {
      await page.getByTestId('clients-new').click();
      const dialog = page.getByTestId('client-dialog');
      await dialog.getByTestId('client-form-name').fill(name!);
      await dialog.getByTestId('client-form-email').fill(email!);
      await dialog.getByTestId('client-form-phone').fill('+34 600 000 000');
      await dialog.getByTestId('client-form-submit').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('client-row').filter({ hasText: email! })).toBeVisible();
    }
    const downloadPromise = page.waitForEvent('download');
    await page.getByTestId('clients-export').click();
    const file = await (await downloadPromise).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('name,email,phone,instagram,created_at');
    expect(csv).toContain('"Lola, ""the collector"""');

    const context = await browser.newContext();
    const other = await context.newPage();
    await signUpByApi(other, newAccount('store'));
    await other.goto('/dashboard/clients');
    await other.getByTestId('clients-import').click();
    const dialog = other.getByTestId('client-import-dialog');
    await dialog.getByTestId('client-import-file').setInputFiles(file);
    await expect(dialog.getByTestId('client-import-row')).toHaveCount(2);
    await dialog.getByTestId('client-import-start').click();
    await expect(dialog.getByTestId('client-import-result')).toContainText('2');
    await other.keyboard.press('Escape');
    await expect(other.getByTestId('client-row')).toHaveCount(2);
    await expect(other.getByTestId('clients-list')).toContainText('Lola, "the collector"');
    await expect(other.getByTestId('clients-list')).toContainText('Marc Peña');
  });
});
