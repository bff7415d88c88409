import { expect, test } from '@playwright/test';
import { createItem } from '@sneakers/shared/contracts/lists';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { apiOf, newAccount, signUp } from './accounts';
import { scrollWidth } from './support';

/**
 * Deals (docs/product/deals.md): a store's public WTB and a reseller's public item for the
 * same style, written differently and sized in two systems, meet on both boards without a
 * reload; the store's offer from the deal is one the reseller accepts in Offers.
 */
test.describe('deals', () => {
  test('a match appears live on both boards with the badge; Make offer reaches the reseller, who accepts it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signUp(page, newAccount('store'));
    const store = await apiOf(page, baseURL ?? '');
    await store.call(updateMyProfile, { body: { publicWtbList: true } });
    await store.call(createItem, {
      body: {
        listType: 'wtb',
        sku: 'DD1391-100',
        name: 'Nike Dunk Low Retro Panda',
        brand: 'Nike',
        sizes: ['US M 9'],
        targetPrice: 12000,
        visibility: 'public',
        status: 'pending',
      },
    });

    const resellerPage = await (await browser.newContext()).newPage();
    await signUp(resellerPage, newAccount('reseller'));
    const reseller = await apiOf(resellerPage, baseURL ?? '');
    // A WTC item: offers go to WTB and WTC lists (docs/product/offers.md#who-can-offer).
    await reseller.call(updateMyProfile, { body: { publicWtcList: true } });

    await page.goto('/dashboard/deals');
    await expect(page.getByTestId('deals-empty')).toBeVisible();
    await resellerPage.goto('/dashboard/deals');
    await expect(resellerPage.getByTestId('deals-empty')).toBeVisible();

    await reseller.call(createItem, {
      body: {
        listType: 'wtc',
        sku: 'dd1391 100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        sizes: ['EU 42.5'],
        desiredPrice: 11000,
        visibility: 'public',
        status: 'pending',
      },
    });

    // No reload: the server's push refetches both boards and the store's badge. Roomy: a fresh
    // local cloud's matcher may still be working through the demo seed's items.
    const storeDeal = page.getByTestId('deal-row');
    await expect(storeDeal).toHaveCount(1, { timeout: 30_000 });
    await expect(storeDeal.getByTestId('deal-sizes')).toContainText('US M 9');
    await expect(storeDeal.getByTestId('deal-sizes')).toContainText('EU 42.5');
    await expect(storeDeal.getByTestId('deal-ready')).toBeVisible();
    await expect(page.getByTestId('badge-deals')).toContainText('1');
    await expect(resellerPage.getByTestId('deal-row')).toHaveCount(1, { timeout: 30_000 });

    await storeDeal.getByTestId('deal-make-offer').click();
    const dialog = page.getByTestId('deal-offer-dialog');
    await expect(dialog.getByTestId('deal-offer-price')).toHaveValue('110.00');
    await dialog.getByTestId('deal-offer-send').click();
    await expect(page.getByText('Offer sent')).toBeVisible();

    await resellerPage.goto('/dashboard/offers');
    const line = resellerPage.getByTestId('offer-card').first().getByTestId('offer-row').first();
    await line.getByTestId('offer-accept').click();
    await resellerPage.getByTestId('offer-accept-confirm').click();
    await expect(line.getByTestId('offer-agreed-price')).toContainText('€110.00');
    await resellerPage.context().close();
  });

  test('Try Demo shows a deals board; hiding a deal shows the demo toast; the board fits a 390 px phone', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    await page.getByTestId('nav-deals').click();
    const first = page.getByTestId('deal-row').first();
    // The matcher finds the demo deals from the seed's items on the stream, pushed when they land.
    await expect(first).toBeVisible({ timeout: 30_000 });
    const count = await page.getByTestId('deal-row').count();
    await first.getByTestId('deal-hide').click();
    await page.getByTestId('deal-hide-confirm').click();
    await expect(page.getByText('Demo mode: changes cannot be saved')).toBeVisible();
    // Refused: the deal comes back.
    await expect(page.getByTestId('deal-row')).toHaveCount(count);

    // Phone: the cards stack and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(390);
  });
});
