import { expect, test, type Page } from '@playwright/test';
import { ApiError } from '@sneakers/shared/api-client';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createSale } from '@sneakers/shared/contracts/sales';
import { apiOf, newAccount, signUpByApi } from './accounts';

/**
 * Issue 25 item 5: every amount has a published bound (docs/product/constants.md#amounts) said
 * in words, and no zod wording reaches a person. The issue's own case: a sale price of
 * 99999999999999 in the sell dialog, in English and in Spanish, with no absurd profit preview.
 */
const HUGE = '99999999999999';
const ZOD_WORDING = /expected|Too big|Invalid input|<=/;

async function tryHugePrice(page: Page, itemId: string) {
  await page.goto(`/dashboard/inventory-item/${itemId}`);
  await page.getByTestId('item-sell').click();
  const dialog = page.getByTestId('sell-dialog');
  await dialog.getByTestId('sell-buyer-name').click();
  await dialog.getByTestId('sell-buyerName').fill('Walk-in buyer');
  await dialog.getByTestId('sell-salePrice').fill(HUGE);
  await expect(dialog.getByTestId('sell-profit-preview')).toHaveCount(0);
  await dialog.getByTestId('sell-submit').click();
  return dialog;
}

test('a sale price above the bound is refused in words, in English and in Spanish', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpByApi(page, newAccount('store'));
  const { call } = await apiOf(page, baseURL ?? '');
  const { item } = await call(createItem, {
    body: {
      listType: 'inventory',
      sku: 'DD1391-100',
      name: 'Nike Dunk Low Panda',
      brand: 'Nike',
      sizes: ['42'],
      purchasePrice: 16000,
      askingPrice: 15000,
    },
  });

  // The API itself answers the bound as a code with words, whoever calls it.
  const refusal = await call(createSale, {
    body: {
      source: 'inventory',
      itemId: item.id,
      size: '42',
      salePrice: 99_999_999_999_999_00,
      fees: 0,
      currency: 'EUR',
      saleDate: '2026-01-01',
      buyerName: 'Walk-in buyer',
    },
    idempotencyKey: 'amount-bounds-sale',
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(ApiError);
  expect((refusal as ApiError).issues).toEqual({
    salePrice: [{ code: 'AMOUNT_TOO_LARGE', limit: 100_000_000 }],
  });
  expect((refusal as ApiError).fields).toEqual({ salePrice: ['Enter an amount of 1,000,000.00 or less.'] });

  const en = await tryHugePrice(page, item.id);
  await expect(en.getByText('Enter an amount of 1,000,000.00 or less.')).toBeVisible();
  await expect(en.getByTestId('sell-salePrice')).toHaveAttribute('aria-invalid', 'true');
  expect(await en.textContent()).not.toMatch(ZOD_WORDING);
  // A price within the bound previews its profit again (150.00 − 160.00).
  await en.getByTestId('sell-salePrice').fill('150');
  await expect(en.getByTestId('sell-profit-preview')).toContainText('10.00');

  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'language',
      'es',
    ),
  );
  const es = await tryHugePrice(page, item.id);
  await expect(es.getByText('Introduce un importe de 1.000.000,00 o menos.')).toBeVisible();
  expect(await es.textContent()).not.toMatch(ZOD_WORDING);
});
