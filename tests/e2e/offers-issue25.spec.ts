import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createOffers, respondToOffer } from '@sneakers/shared/contracts/offers';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { apiOf, newAccount, signUpByApi } from './accounts';
import { mailsTo, type SentMail } from './support';

/**
 * Issue 25, items 2 and 11: the agreed total of a countered offer on both sides, in the
 * email and on the order made from it (docs/product/offers.md#offer-total); the browser's
 * Back inside the offer modal (docs/product/offers.md#back-and-leaving).
 */

async function mailWith(request: APIRequestContext, address: string, pattern: RegExp): Promise<SentMail> {
  for (let i = 0; i < 75; i++) {
    const mail = (await mailsTo(request, address)).find((m) => pattern.test(m.body.text ?? ''));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email matching ${pattern} for ${address}`);
}

test('a countered offer shows its agreed total on both sides, in the email and on its order', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const storeAccount = newAccount('store');
  await signUpByApi(page, storeAccount);
  const store = await apiOf(page, baseURL ?? '');
  await store.call(updateMyProfile, { body: { publicWtbList: true } });
  const items = [];
  for (const sku of ['DD1391-100', 'DZ5485-612'])
    items.push(
      (
        await store.call(createItem, {
          body: {
            listType: 'wtb',
            sku,
            name: `Sneaker ${sku}`,
            sizes: ['42'],
            targetPrice: 20000,
            visibility: 'public',
            status: 'pending',
          },
        })
      ).item,
    );
  const resellerPage = await (await browser.newContext()).newPage();
  await signUpByApi(resellerPage, newAccount('reseller'));
  const reseller = await apiOf(resellerPage, baseURL ?? '');

  // €125 + €210; the store accepts the first and counters the second at €215; the reseller accepts.
  const { offers } = await reseller.call(createOffers, {
    body: {
      listOwnerId: store.userId,
      listType: 'wtb',
      lines: items.map((item, i) => ({
        itemId: item.id,
        size: '42',
        offeredPrice: i === 0 ? 12500 : 21000,
        quantity: 1,
      })),
    },
    idempotencyKey: `e2e-${randomUUID()}`,
  });
  const [first, second] = offers;
  await store.call(respondToOffer, { params: { offerId: first!.id }, body: { action: 'accept' } });
  await store.call(respondToOffer, {
    params: { offerId: second!.id },
    body: { action: 'counter', price: 21500 },
  });
  await reseller.call(respondToOffer, { params: { offerId: second!.id }, body: { action: 'accept' } });

  // The reseller's Sent list.
  await resellerPage.goto('/dashboard/offers');
  await resellerPage.getByTestId('offers-tab-sent').click();
  await expect(resellerPage.getByTestId('offer-card')).toContainText('Total: €340.00');
  await resellerPage.context().close();

  // The store's Received list, then the offer page.
  await page.goto('/dashboard/offers');
  await expect(page.getByTestId('offer-card')).toContainText('Total: €340.00');
  await page.goto(`/dashboard/offers/${first!.id}`);
  const detail = page.getByTestId('offer-detail');
  await expect(detail).toContainText('Total: €340.00');

  // The email of the reseller's acceptance lists the whole offer and its agreed total.
  const mail = await mailWith(request, storeAccount.email, /Total: €340\.00/);
  expect(mail.body.text).toContain('1 × €210.00 = €210.00 · agreed at €215.00');

  // The order made from it.
  await detail.getByTestId('offer-create-order').click();
  await expect(page).toHaveURL(/\/dashboard\/order\//);
  await expect(page.getByTestId('order-detail').getByTestId('order-detail-total')).toHaveText('€340.00');
});

test("the browser's Back steps back inside the offer modal and keeps the visitor on the list with the draft", async ({
  page,
}) => {
  await page.goto('/');
  await page.goto('/share/demo-store/wtb');
  const list = page.url();
  await page.getByTestId('public-item-card').first().getByTestId('size-chip').first().click();
  await page.getByTestId('make-offer').click();
  const modal = page.getByTestId('offer-modal');
  await modal.getByTestId('offer-next').click();
  await modal.getByTestId('offer-contact-name').fill('Ana Visitor');
  await modal.getByTestId('offer-contact-email').fill('ana@example.com');
  await modal.getByTestId('offer-contact-phone').fill('+34 600 111 222');
  await modal.getByTestId('offer-contact-instagram').fill('@ana.kicks');
  await modal.getByTestId('offer-next').click();
  await modal.getByTestId('offer-price-0').fill('140');

  // Back: one step at a time, the typed contact still there.
  await page.goBack();
  await expect(modal.getByTestId('offer-step-1')).toHaveAttribute('aria-current', 'step');
  await expect(modal.getByTestId('offer-contact-name')).toHaveValue('Ana Visitor');
  await page.goBack();
  await expect(modal.getByTestId('offer-step-0')).toHaveAttribute('aria-current', 'step');
  // From the first step Back closes the modal: still the list, focus back on Make offer.
  await page.goBack();
  await expect(modal).toHaveCount(0);
  expect(page.url()).toBe(list);
  await expect(page.getByTestId('make-offer')).toBeFocused();

  // Make offer reopens the draft as it was.
  await page.getByTestId('make-offer').click();
  await modal.getByTestId('offer-next').click();
  await expect(modal.getByTestId('offer-contact-email')).toHaveValue('ana@example.com');
  await modal.getByTestId('offer-next').click();
  await expect(modal.getByTestId('offer-price-0')).toHaveValue('140');
});
