import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createApiClient } from '@sneakers/shared/api-client';
import { createBooking, createClient, type Booking } from '@sneakers/shared/contracts/crm';
import { listMyItems } from '@sneakers/shared/contracts/lists';
import { accessTokenOf, newAccount, signUpByApi } from './accounts';
import { mailsTo, pipelineAtRest } from './support';

/**
 * Issue 11, CRM: Create WTB once per booking at a confirmed price, the booking form's
 * "email the client" switch, and the CRM screens on a 360 px phone.
 */

const PHONE = { width: 360, height: 740 };

async function signedInStore(page: Page, baseURL: string) {
  await signUpByApi(page, newAccount('store'));
  const token = await accessTokenOf(page);
  return createApiClient({ baseUrl: baseURL, getToken: () => token });
}
type Call = Awaited<ReturnType<typeof signedInStore>>;

async function clientWithBooking(call: Call, over: { name?: string; itemName?: string } = {}) {
  const { client } = await call(createClient, {
    body: {
      name: over.name ?? 'Ana García',
      email: `ana-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      phone: '+39 333 000 1111',
      instagramHandle: 'ana.kicks',
    },
  });
  const { booking } = await call(createBooking, {
    body: {
      clientId: client.id,
      itemSku: 'DD1391-100',
      itemName: over.itemName ?? 'Nike Dunk Low Retro White Black Panda',
      itemColorway: 'White/Black',
      size: '42',
      salePrice: 15000,
      prepaidAmount: 5000,
    },
    idempotencyKey: `key-${Date.now()}-${Math.random()}`,
  });
  return { client, booking };
}

async function wtbItemsOf(call: Call, bookingId: string) {
  const { items } = await call(listMyItems, { query: { listType: 'wtb' } });
  return items.filter((i) => i.bookingId === bookingId);
}

/**
 * Nothing reaches past the phone's right edge (dialogs are fixed, so the page's scroll
 * width alone would not see them) and the page does not scroll sideways.
 */
async function expectFitsPhone(page: Page, what: string) {
  const { scroll, offenders } = await page.evaluate((width) => {
    // Runs in the browser; typed by hand because the test code compiles without DOM types.
    interface El {
      tagName: string;
      className: unknown;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): { right: number; width: number };
      contains(other: El): boolean;
    }
    const doc = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number }; querySelectorAll(s: string): Iterable<El> };
      }
    ).document;
    const past = [...doc.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5;
    });
    const deepest = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      scroll: doc.documentElement.scrollWidth,
      offenders: deepest
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${el.getAttribute('data-testid') ?? ''}] right=${Math.round(el.getBoundingClientRect().right)}`,
        ),
    };
  }, PHONE.width);
  expect(offenders, `${what}: elements past the right edge`).toEqual([]);
  expect(scroll, `${what}: page scroll width`).toBeLessThanOrEqual(PHONE.width);
}

async function waitForMails(request: APIRequestContext, address: string, count: number) {
  await expect
    .poll(async () => (await mailsTo(request, address)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(request, address);
}

async function openBooking(page: Page, booking: Booking): Promise<Locator> {
  await page.goto(`/dashboard/bookings/${booking.id}`);
  const details = page.getByTestId('booking-details');
  await expect(details.getByTestId('booking-details-name')).toHaveText(booking.itemName);
  return details;
}

test.describe('CRM (issue 11)', () => {
  // Each journey makes a store first (tests/e2e/accounts.ts, signUpByApi).
  test.describe.configure({ timeout: 120_000 });
  test('Create WTB asks for the target price, publishes one item, and a second click opens it', async ({
    page,
    baseURL,
  }) => {
    const call = await signedInStore(page, baseURL ?? '');
    const { booking } = await clientWithBooking(call);

    // A second tab with the booking open from before the item exists.
    const other = await page.context().newPage();
    const stale = await openBooking(other, booking);
    await expect(stale.getByTestId('booking-create-wtb')).toBeVisible();

    const details = await openBooking(page, booking);
    await details.getByTestId('booking-create-wtb').click();
    const dialog = page.getByTestId('booking-wtb-dialog');
    // Prefilled with the sale price, and nothing published until the store confirms.
    await expect(dialog.getByTestId('booking-wtb-price')).toHaveValue('150.00');
    expect(await wtbItemsOf(call, booking.id)).toHaveLength(0);
    await dialog.getByTestId('booking-wtb-price').fill('12.345');
    await dialog.getByTestId('booking-wtb-confirm').click();
    await expect(dialog.getByRole('alert')).toContainText('at most 2 decimals');
    expect(await wtbItemsOf(call, booking.id)).toHaveLength(0);
    await dialog.getByTestId('booking-wtb-price').fill('140');
    // A double click is one request.
    await dialog.getByTestId('booking-wtb-confirm').dblclick();
    await expect(page.getByText('WTB item created from booking')).toBeVisible();
    await expect(dialog).toBeHidden();
    const [item, ...more] = await wtbItemsOf(call, booking.id);
    expect(more).toHaveLength(0);
    expect(item).toMatchObject({ targetPrice: 14000, visibility: 'public', sizes: ['42'] });

    // The second click opens the item, now and after a reload.
    await expect(details.getByTestId('booking-create-wtb')).toHaveCount(0);
    await expect(details.getByTestId('booking-open-wtb')).toHaveText('Open WTB item');
    await page.reload();
    await page.getByTestId('booking-details').getByTestId('booking-open-wtb').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/wtb-item/${item!.id}$`));

    // The stale tab still offers Create WTB: confirming opens the existing item, no second one.
    await stale.getByTestId('booking-create-wtb').click();
    await other.getByTestId('booking-wtb-dialog').getByTestId('booking-wtb-confirm').click();
    await expect(other.getByText('This booking already has a WTB item: opening it')).toBeVisible();
    await expect(other).toHaveURL(new RegExp(`/dashboard/wtb-item/${item!.id}$`));
    expect(await wtbItemsOf(call, booking.id)).toHaveLength(1);

    // Spanish: the dialog and the button speak it.
    await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('language', 'es'),
    );
    const es = await openBooking(page, booking);
    await expect(es.getByTestId('booking-open-wtb')).toHaveText('Abrir artículo WTB');
  });

  test('the booking form says the client will be emailed; switched off, no email is sent', async ({
    page,
    request,
    baseURL,
  }) => {
    const call = await signedInStore(page, baseURL ?? '');
    const quiet = `quiet-${Date.now()}@example.com`;
    const loud = `loud-${Date.now()}@example.com`;
    const { client: quietClient } = await call(createClient, {
      body: { name: 'Quiet Client', email: quiet, phone: '+34 600 000 001' },
    });
    const { client: loudClient } = await call(createClient, {
      body: { name: 'Loud Client', email: loud, phone: '+34 600 000 002' },
    });

    const book = async (clientId: string, email: string, notify: boolean) => {
      await page.goto(`/dashboard/clients/${clientId}`);
      await page.getByTestId('client-new-booking').click();
      const form = page.getByTestId('booking-form-dialog');
      const notice = form.getByTestId('booking-form-notify');
      await expect(notice).toContainText(`The client will be emailed a confirmation at ${email}.`);
      const toggle = form.getByTestId('booking-form-notify-switch');
      await expect(toggle).toBeChecked();
      if (!notify) {
        await toggle.click();
        await expect(notice).toContainText('The client will not be emailed this time.');
      }
      await form.getByTestId('booking-form-itemSku').fill('DD1391-100');
      await form.getByTestId('booking-form-itemName').fill(`Dunk Low for ${email}`);
      await form.getByTestId('booking-form-size').fill('42');
      await form.getByTestId('booking-form-salePrice').fill('150');
      await form.getByTestId('booking-form-submit').click();
      await expect(page.getByText('Booking created successfully')).toBeVisible();
      await expect(form).toBeHidden();
    };
    await book(quietClient.id, quiet, false);
    await book(loudClient.id, loud, true);

    const sent = await waitForMails(request, loud, 1);
    expect(sent.map((m) => m.subject)).toEqual(['Booking confirmed: Dunk Low for ' + loud]);
    // Everything the two bookings set off has been handled: no email is still on its way.
    await pipelineAtRest(request);
    expect(await mailsTo(request, quiet)).toHaveLength(0);

    // An edit with the switch off sends nothing either; with it on, the update email.
    await page.goto(`/dashboard/clients/${quietClient.id}`);
    await page.getByTestId('booking-card').click();
    const details = page.getByTestId('booking-details');
    await details.getByTestId('booking-edit').click();
    await expect(details.getByTestId('booking-form-notify')).toContainText(
      `The client will be emailed about the changes at ${quiet}.`,
    );
    await details.getByTestId('booking-form-notify-switch').click();
    await details.getByTestId('booking-form-size').fill('43');
    await details.getByTestId('booking-form-submit').click();
    await expect(page.getByText('Booking updated successfully')).toBeVisible();
    await details.getByTestId('booking-edit').click();
    await expect(details.getByTestId('booking-form-notify-switch')).toBeChecked();
    await details.getByTestId('booking-form-size').fill('44');
    await details.getByTestId('booking-form-submit').click();
    await expect(page.getByText('Booking updated successfully').first()).toBeVisible();
    const updates = await waitForMails(request, quiet, 1);
    await pipelineAtRest(request);
    expect((await mailsTo(request, quiet)).map((m) => m.subject)).toEqual([
      `Booking updated: Dunk Low for ${quiet}`,
    ]);
    expect(updates[0]!.body.text ?? '').toContain('44');
  });

  test('the clients CSV shows phone numbers as typed and still defuses formulas', async ({
    page,
    baseURL,
  }) => {
    const call = await signedInStore(page, baseURL ?? '');
    await call(createClient, {
      body: {
        name: '=HYPERLINK("http://evil.example")',
        email: `f-${Date.now()}@example.com`,
        phone: '-2+3',
      },
    });
    await call(createClient, {
      body: { name: 'Giulia Rossi', email: `g-${Date.now()}@example.com`, phone: '+39 333 000 1111' },
    });
    await page.goto('/dashboard/clients');
    await expect(page.getByTestId('client-row')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByTestId('clients-export').click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines.find((l) => l.startsWith('Giulia Rossi'))).toContain(',+39 333 000 1111,');
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example""\)",.*,'-2\+3,/,
    );
  });

  test('clients, bookings and their dialogs fit a 360 px phone', async ({ page, baseURL }) => {
    const call = await signedInStore(page, baseURL ?? '');
    const { client, booking } = await clientWithBooking(call, {
      name: 'Maria de los Ángeles Fernández-Villaverde Longname',
      itemName: 'Air Jordan 1 Retro High OG Chicago Lost and Found Reimagined Varsity Red',
    });
    await page.setViewportSize(PHONE);

    await page.goto('/dashboard/clients');
    const row = page.getByTestId('client-row').first();
    await expect(row).toBeVisible();
    await expectFitsPhone(page, 'clients');
    for (const testId of ['client-edit', 'client-delete']) {
      const box = await row.getByTestId(testId).boundingBox();
      expect(box!.x + box!.width, testId).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByTestId('clients-new').click();
    await expect(page.getByTestId('client-dialog')).toBeVisible();
    await expectFitsPhone(page, 'new client dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('clients-import').click();
    await expect(page.getByTestId('client-import-dialog')).toBeVisible();
    await expectFitsPhone(page, 'import dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/dashboard/clients/${client.id}`);
    await expect(page.getByTestId('client-detail')).toBeVisible();
    await expect(page.getByTestId('booking-card')).toBeVisible();
    await expectFitsPhone(page, 'client detail');
    await page.getByTestId('client-new-booking').click();
    await expect(page.getByTestId('booking-form-dialog')).toBeVisible();
    await expectFitsPhone(page, 'new booking dialog');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/bookings');
    await expect(page.getByTestId('booking-card')).toBeVisible();
    await expectFitsPhone(page, 'bookings');

    const details = await openBooking(page, booking);
    await expectFitsPhone(page, 'booking details');
    await details.getByTestId('booking-create-wtb').click();
    await expect(page.getByTestId('booking-wtb-dialog')).toBeVisible();
    await expectFitsPhone(page, 'WTB dialog');
    await page.keyboard.press('Escape');
    await details.getByTestId('booking-edit').click();
    await expect(details.getByTestId('booking-form')).toBeVisible();
    await expectFitsPhone(page, 'edit booking');

    // Spanish texts are longer: the same screens still fit.
    await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('language', 'es'),
    );
    for (const path of ['/dashboard/clients', `/dashboard/clients/${client.id}`, '/dashboard/bookings']) {
      await page.goto(path);
      await expect(
        page.getByTestId(path.endsWith('clients') ? 'client-row' : 'booking-card').first(),
      ).toBeVisible();
      await expectFitsPhone(page, `${path} (es)`);
    }
    await openBooking(page, booking);
    await expectFitsPhone(page, 'booking details (es)');
  });
});
