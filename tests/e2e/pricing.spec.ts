import { expect, test } from '@playwright/test';
import { getProduct, searchProducts } from '@sneakers/shared/contracts/catalog';
import { createItem } from '@sneakers/shared/contracts/lists';
import { apiOf, newAccount, signUpByApi } from './accounts';
import { expectAccessible } from './a11y-support';
import { scrollWidth } from './support';

/**
 * Pricing strategies (docs/product/pricing-strategies.md): a reseller's strategy "beat the
 * lowest ask by €5, floor cost + 10%" is created in the editor, previewed, two of its rows
 * applied (the public list shows the new price to a visitor), and the run undone from the
 * history (the old price is back). Set-up through the API; the screens are the point.
 */
test.describe('pricing strategies', () => {
  test('create a strategy, preview, apply two rows, see the new price on the public list, undo the run', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpByApi(page, newAccount('reseller'));
    const { call, userId } = await apiOf(page, baseURL ?? '');

    // Three public WTS items of catalogue products, priced well above any market (€999), cost €100.
    const { products } = await call(searchProducts, { query: { brand: 'Nike' } });
    const items = new Map<string, string>();
    for (const product of products) {
      if (items.size === 3) break;
      const { variants } = await call(getProduct, { params: { productId: product.id } });
      const variant = variants.find((v) => v.size.eu);
      if (!variant) continue;
      const { item } = await call(createItem, {
        body: {
          listType: 'wts',
          sku: product.sku,
          name: product.name,
          brand: product.brand,
          productCatalogId: product.id,
          productVariantId: variant.id,
          sizes: [String(variant.size.eu)],
          desiredPrice: 99_900,
          purchasePrice: 10_000,
          visibility: 'public',
          status: 'pending',
        },
      });
      items.set(item.id, item.sku);
    }
    expect(items.size).toBe(3);

    await page.goto('/dashboard/pricing-strategies');
    await page.getByTestId('pricing-new-strategy').click();
    const editor = page.getByTestId('pricing-editor');
    await editor.getByTestId('pricing-field-name').fill('Beat the market');
    // The defaults are the strategy: WTS, beat the lowest ask by €5, floor cost + 10%.
    await expect(editor.getByTestId('pricing-field-list-wts')).toBeChecked();
    await expect(editor.getByTestId('pricing-field-ruleKind')).toHaveValue('beat_lowest_ask');
    await expect(editor.getByTestId('pricing-field-beatBy')).toHaveValue('5');
    await expect(editor.getByTestId('pricing-field-floorKind')).toHaveValue('cost_plus');
    await expect(editor.getByTestId('pricing-field-floorMargin')).toHaveValue('10');
    // A product the marketplace has no data for still gets a price: cost + 20%.
    await editor.getByTestId('pricing-field-noMarketKind').selectOption('cost_plus');
    await expect(page.getByTestId('pricing-example-sentence')).toHaveText(
      'With a lowest ask of €210.00 this rule gives €205.00',
    );
    await editor.getByTestId('pricing-editor-save').click();
    await expect(page.getByText('Strategy "Beat the market" saved')).toBeVisible();

    const strategy = page.getByTestId('pricing-strategy-row');
    await expect(strategy.getByTestId('pricing-strategy-rule')).toHaveText('Beat lowest ask by €5.00');
    await strategy.getByTestId('pricing-strategy-preview').click();
    const run = page.getByTestId('pricing-run');
    await expect(run.getByTestId('pricing-row')).toHaveCount(3, { timeout: 30_000 });

    // Two rows ticked: their new prices, by item.
    const chosen = run.getByTestId('pricing-row').filter({ has: page.getByTestId('pricing-row-select') });
    const applied = new Map<string, string>();
    for (const index of [0, 1]) {
      const row = chosen.nth(index);
      await row.getByTestId('pricing-row-select').check();
      const prices = (await row.getByTestId('pricing-row-prices').textContent()) ?? '';
      const itemId = (await row.getAttribute('data-item-id')) ?? '';
      applied.set(itemId, prices.split('→')[1]?.trim() ?? '');
    }
    await run.getByTestId('pricing-apply').click();
    await page.getByTestId('pricing-confirm').click();
    await expect(page.getByText('Applied 2 · skipped 0')).toBeVisible();

    // A visitor sees the new prices on the public WTS list.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/share/${userId}/wts`);
    for (const [itemId, price] of applied) {
      const card = visitor.getByTestId('public-item-card').filter({ hasText: items.get(itemId) ?? '' });
      await expect(card).toContainText(price);
    }

    // Undo the run from the history: the old price is back.
    await run.getByTestId('pricing-run-back').click();
    await page.getByTestId('pricing-tab-history').click();
    const history = page.getByTestId('pricing-run-row').filter({ hasText: 'Applied' }).first();
    await history.getByTestId('pricing-run-open').click();
    await page.getByTestId('pricing-undo').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(
      'Items changed since the run are left alone',
    );
    await page.getByTestId('pricing-confirm').click();
    await expect(page.getByText('Undone 2 · skipped 0')).toBeVisible();

    await visitor.reload();
    for (const itemId of applied.keys()) {
      const card = visitor.getByTestId('public-item-card').filter({ hasText: items.get(itemId) ?? '' });
      await expect(card).toContainText('€999.00');
    }
    await visitor.context().close();
  });

  test('Try Demo shows the demo strategies, a preview and the history; Preview shows the demo toast; a 390 px phone fits', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    await page.goto('/dashboard/pricing-strategies');
    const strategy = page.getByTestId('pricing-strategy-row').first();
    await expect(strategy).toBeVisible({ timeout: 20_000 });
    await strategy.getByTestId('pricing-strategy-preview').click();
    await expect(page.getByText('Demo mode: changes cannot be saved')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(390);

    // The seeded history has a preview: it opens with its rows.
    await page.getByTestId('pricing-tab-history').click();
    const preview = page.getByTestId('pricing-run-row').filter({ hasText: 'Preview' }).first();
    await preview.getByTestId('pricing-run-open').click();
    await expect(page.getByTestId('pricing-row').first()).toBeVisible();
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'pricing preview (demo, phone)');

    // The editor with its live example, on the phone too.
    await page.getByTestId('pricing-run-back').click();
    await page.getByTestId('pricing-tab-strategies').click();
    await page.getByTestId('pricing-strategy-edit').first().click();
    await expect(page.getByTestId('pricing-example-sentence')).toBeVisible();
    await expect.poll(() => scrollWidth(page)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'pricing strategy editor (demo, phone)');
  });
});
