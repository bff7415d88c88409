import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createOffers } from '@sneakers/shared/contracts/offers';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { apiOf, newAccount, signUpByApi } from './accounts';
import { mailsTo, scrollWidth, type SentMail } from './support';

/**
 * Issue 11, answering anonymous offers: a visitor offers on a public list, the store opens
 * the offer itself from the notification, counters with a message, and the visitor's email
 * links to a status page showing the counter. Every offers screen fits a 360 px phone.
 */

const PHONE = { width: 360, height: 740 };

async function mailWith(request: APIRequestContext, address: string, pattern: RegExp): Promise<SentMail> {
  for (let i = 0; i < 75; i++) {
    const mail = (await mailsTo(request, address)).find((m) => pattern.test(m.body.text ?? ''));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email matching ${pattern} for ${address}`);
}

test.describe('answering offers', () => {
  test('a visitor offers on a public list; the store opens it from the notification, counters with a message; the email links to the status', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const store = newAccount('store');
    await signUpByApi(page, store);
    const owner = await apiOf(page, baseURL ?? '');
    await owner.call(updateMyProfile, { body: { publicWtbList: true } });
    for (const [sku, name, size] of [
      ['DZ5485-612', 'air jordan 1 retro high og chicago', '43'],
      ['FQ8138-002', 'nike dunk low panda', '40'],
    ] as const)
      await owner.call(createItem, {
        body: {
          listType: 'wtb',
          sku,
          name,
          sizes: [size],
          targetPrice: 15000,
          visibility: 'public',
          status: 'pending',
        },
      });

    // The visitor, without an account, offers on both items.
    const visitorEmail = `visitor-${randomUUID()}@example.com`;
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 844 } })).newPage();
    await visitor.goto(`/share/${owner.userId}/wtb`);
    await expect(visitor.getByTestId('public-item-card')).toHaveCount(2);
    for (const card of await visitor.getByTestId('public-item-card').all())
      await card.getByTestId('size-chip').first().click();
    await visitor.getByTestId('make-offer').click();
    await visitor.getByTestId('offer-next').click();
    await visitor.getByTestId('offer-contact-name').fill('Ana Visitor');
    await visitor.getByTestId('offer-contact-email').fill(visitorEmail);
    await visitor.getByTestId('offer-contact-phone').fill('+34 600 111 222');
    await visitor.getByTestId('offer-contact-instagram').fill('@ana.kicks');
    await visitor.getByTestId('offer-next').click();
    await visitor.getByTestId('offer-price-0').fill('140');
    await visitor.getByTestId('offer-price-1').fill('120');
    await visitor.getByTestId('offer-next').click();
    await visitor.getByTestId('offer-submit').click();
    await expect(visitor.getByTestId('offer-success')).toBeVisible();

    // The notification's Open link lands on the offer itself, not on an empty tab.
    await page.goto('/dashboard/notifications');
    const notification = page.getByTestId('notification-row').filter({ hasText: 'Ana Visitor' });
    await expect(notification).toHaveCount(1, { timeout: 20_000 });
    await notification.getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/offers\/anonymous\/[\w-]+$/);
    const detail = page.getByTestId('offer-detail');
    await expect(detail.getByTestId('anonymous-offer-name')).toHaveText('Ana Visitor');
    await expect(detail.getByTestId('anonymous-offer-contact')).toContainText(visitorEmail);
    await expect(detail.getByTestId('anonymous-offer-contact')).toContainText('@ana.kicks');
    await expect(detail.getByTestId('anonymous-offer-line')).toHaveCount(2);
    await expect(detail.getByTestId('offer-total')).toHaveText('€260.00');

    // The offer page on a phone, before answering.
    await page.setViewportSize(PHONE);
    // Polled: one CI run measured 411 px for a moment after the resize (something transient,
    // likely a toast sliding in) and the page fit on the retry.
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Counter with a message: one price for both pairs.
    await detail.getByTestId('offer-counter').click();
    await page.getByTestId('counter-price').fill('250');
    await page.getByTestId('counter-message').fill('Both pairs for 250, ready this week');
    await page.getByTestId('counter-submit').click();
    await expect(detail.getByTestId('offer-status')).toHaveText('Countered');
    await expect(detail.getByTestId('offer-counter-quote')).toContainText('€250.00');

    // The visitor's email carries the status link; the page shows the counter and its price.
    const mail = await mailWith(request, visitorEmail, /\/offer-status\//);
    expect(mail.subject).toContain('counter-offer');
    const path = /\/offer-status\/[\w-]+/.exec(mail.body.text ?? '')?.[0];
    expect(path).toBeTruthy();
    await visitor.goto(path ?? '');
    await expect(visitor.getByTestId('offer-status-badge')).toHaveText('Countered');
    await expect(visitor.getByTestId('offer-status-counter')).toContainText('€250.00');
    await expect(visitor.getByTestId('offer-status-counter')).toContainText('Both pairs for 250');
    await expect(visitor.getByTestId('offer-status-store')).toHaveText(store.name);
    await expect(visitor.getByTestId('offer-status-line')).toHaveCount(2);
    await expect(visitor.getByText(store.email)).toHaveCount(0);
    await visitor.setViewportSize(PHONE);
    expect(await scrollWidth(visitor)).toBeLessThanOrEqual(PHONE.width);
    await visitor.goto(`/offer-status/${randomUUID()}`);
    await expect(visitor.getByTestId('offer-status-not-found')).toBeVisible();
    await visitor.context().close();
  });

  test('a signed-in offer of two lines shows as one offer; Accept asks first and shows the agreed price; every offers screen fits 360 px', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signUpByApi(page, newAccount('store'));
    const owner = await apiOf(page, baseURL ?? '');
    await owner.call(updateMyProfile, { body: { publicWtbList: true } });
    const items = [];
    for (const sku of ['DD1391-100', 'CW2288-111'])
      items.push(
        (
          await owner.call(createItem, {
            body: {
              listType: 'wtb',
              sku,
              name: `Sneaker ${sku}`,
              sizes: ['42'],
              targetPrice: 12000,
              visibility: 'public',
              status: 'pending',
            },
          })
        ).item,
      );
    const resellerPage = await (await browser.newContext()).newPage();
    await signUpByApi(resellerPage, newAccount('reseller'));
    const reseller = await apiOf(resellerPage, baseURL ?? '');
    const { offers } = await reseller.call(createOffers, {
      body: {
        listOwnerId: owner.userId,
        listType: 'wtb',
        message: 'Both are DS with receipt',
        lines: items.map((item) => ({ itemId: item.id, size: '42', offeredPrice: 11000, quantity: 1 })),
      },
      idempotencyKey: `e2e-${randomUUID()}`,
    });
    await resellerPage.context().close();

    await page.goto('/dashboard/offers');
    const card = page.getByTestId('offer-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('offer-row')).toHaveCount(2);
    await expect(card.getByTestId('offer-message')).toContainText('Both are DS with receipt');

    // A link to the second line opens the whole offer.
    await page.goto(`/dashboard/offers/${offers[1]?.id ?? ''}`);
    const detail = page.getByTestId('offer-detail');
    await expect(detail.getByTestId('offer-row')).toHaveCount(2);
    const line = detail.getByTestId('offer-row').first();
    await line.getByTestId('offer-accept').click();
    await expect(page.getByTestId('offer-accept-dialog')).toContainText('€110.00');
    await page.getByTestId('offer-accept-confirm').click();
    await expect(detail.getByTestId('offer-row').first().getByTestId('offer-agreed-price')).toContainText(
      '€110.00',
    );

    await page.setViewportSize(PHONE);
    // Polled: the "Offer accepted" toast may still be sliding in from the right edge when the
    // viewport shrinks; the page itself must settle within the phone's width.
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/dashboard\/offers$/);
    for (const tab of ['received', 'sent', 'anonymous'] as const) {
      await page.getByTestId(`offers-tab-${tab}`).click();
      await expect(page.getByTestId(`offers-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => scrollWidth(page), { message: tab }).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
