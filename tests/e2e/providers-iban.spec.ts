import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, signUpByApi } from './accounts';

const IBAN = 'ES9121000418450200051332';
const SPACED = 'ES91 2100 0418 4502 0005 1332';

// Browser-side shapes, typed by hand because the test code compiles without DOM types.
interface Box {
  right: number;
}
interface Node {
  tagName: string;
  className: unknown;
  scrollWidth: number;
  clientWidth: number;
  parentElement: Node | null;
  getBoundingClientRect(): Box;
}
interface Doc {
  documentElement: Node;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): Iterable<Node>;
}
type PrintSpy = { print: () => void; printed: number };

/** The page scrolls sideways when its document is wider than the viewport; names what sticks out. */
async function expectNoHorizontalScroll(page: Page, where: string) {
  const { width, wide } = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: Doc }).document;
    const limit = doc.documentElement.clientWidth;
    const wide = [...doc.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 80)} ${Math.round(e.getBoundingClientRect().right)}`,
      );
    return { width: doc.documentElement.scrollWidth, wide };
  });
  expect(
    width,
    `${where}: document.documentElement.scrollWidth; wider: ${wide.join(' | ')}`,
  ).toBeLessThanOrEqual(360);
}

async function addProvider(page: Page, name: string, iban?: string) {
  await page.getByTestId('provider-add').click();
  const dialog = page.getByTestId('provider-form-dialog');
  await dialog.getByTestId('provider-form-name').fill(name);
  await dialog.getByTestId('provider-form-email').fill(`provider-${randomUUID()}@example.com`);
  if (iban) await dialog.getByTestId('provider-form-iban').fill(iban);
  await dialog.getByTestId('provider-form-submit').click();
  await expect(dialog).toBeHidden();
}

test.describe('provider IBAN', () => {
  // Long journeys (sign-up, then every screen): room for a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('the store sees the IBAN masked, reveals it on purpose, and prints the pickup sheet with it when chosen', async ({
    page,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    await page.goto('/dashboard/providers');
    await addProvider(page, 'Iris Proveedora', SPACED);

    const row = page.getByTestId('provider-row').filter({ hasText: 'Iris Proveedora' });
    await expect(row).toContainText('•••• 1332');
    await row.getByRole('link', { name: 'Iris Proveedora' }).click();
    const detail = page.getByTestId('provider-detail');
    const iban = detail.getByTestId('provider-iban');
    await expect(iban).toHaveText('•••• 1332');
    await expect(page.locator('body')).not.toContainText('0418');
    await expect(page.locator('body')).not.toContainText(IBAN);

    await detail.getByTestId('provider-iban-reveal').click();
    await expect(iban).toHaveText(SPACED);
    // The reveal is recorded and shown in the history.
    await detail.getByTestId('iban-reveal-history').locator('summary').click();
    await expect(detail.getByTestId('iban-reveal-entry')).toHaveCount(1);
    await expect(detail.getByTestId('iban-reveal-entry').first()).toContainText('Viewed by');
    await detail.getByTestId('provider-iban-hide').click();
    await expect(iban).toHaveText('•••• 1332');

    // Edit: the field shows it masked; Reveal fills it in full.
    await detail.getByTestId('provider-edit').click();
    const form = page.getByTestId('provider-form-dialog');
    await expect(form.getByTestId('provider-form-iban')).toHaveValue('•••• 1332');
    await form.getByTestId('provider-form-iban-reveal').click();
    await expect(form.getByTestId('provider-form-iban')).toHaveValue(SPACED);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    // The pickup sheet: masked by default; "Print with full IBAN" reveals it for printing.
    await detail.getByTestId('provider-pickup-link').click();
    const sheet = page.getByTestId('pickup-sheet');
    await expect(sheet.getByTestId('pickup-iban')).toHaveText('•••• 1332');
    await page.evaluate(() => {
      const w = globalThis as unknown as PrintSpy;
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    await page.getByTestId('pickup-print-full-iban').click();
    await expect(sheet.getByTestId('pickup-iban')).toHaveText(SPACED);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PrintSpy).printed)).toBe(1);
    // What the printer gets: the sheet with the full IBAN, without the dashboard around it.
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.getByTestId('pickup-iban')).toBeVisible();
    await expect(sheet.getByTestId('pickup-iban')).toHaveText(SPACED);
    await expect(page.getByTestId('pickup-print')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    await page.goBack();
    await detail.getByTestId('iban-reveal-history').locator('summary').click();
    await expect(detail.getByTestId('iban-reveal-entry')).toHaveCount(3);
    await expect(detail.getByTestId('iban-reveal-entry').first()).toContainText('Printed by');
  });

  test('the providers and consignments screens fit a 360 px phone without horizontal scrolling', async ({
    page,
    browser,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/providers');
    await addProvider(page, 'Bartolomé Fernández-Villaverde', SPACED);
    await expect(page.getByTestId('provider-row').first()).toBeVisible();
    await expectNoHorizontalScroll(page, 'providers list');

    await page.getByTestId('provider-add').click();
    await expect(page.getByTestId('provider-form-dialog')).toBeVisible();
    await expectNoHorizontalScroll(page, 'new provider form');
    await page.keyboard.press('Escape');

    const link = await page.getByTestId('registration-link').getAttribute('href');
    await page.getByRole('link', { name: 'Bartolomé Fernández-Villaverde' }).click();
    const detail = page.getByTestId('provider-detail');
    await expect(detail).toBeVisible();
    await detail.getByTestId('provider-iban-reveal').click();
    await expect(detail.getByTestId('provider-iban')).toHaveText(SPACED);
    await expectNoHorizontalScroll(page, 'provider detail with the IBAN revealed');

    await detail.getByTestId('consignment-add').click();
    const consignment = page.getByTestId('consignment-form-dialog');
    await consignment.getByTestId('consignment-form-itemSku').fill('DD1391-100');
    await consignment
      .getByTestId('consignment-form-itemName')
      .fill('Nike Dunk Low Retro White Black Panda Special Edition');
    await consignment.getByTestId('consignment-form-size').fill('EU 42.5');
    await consignment.getByTestId('consignment-form-price').fill('110');
    await expectNoHorizontalScroll(page, 'add consignment form');
    await consignment.getByTestId('consignment-form-submit').click();
    await expect(consignment).toBeHidden();
    await expect(page.getByTestId('consignment-row')).toHaveCount(1);
    await expectNoHorizontalScroll(page, 'provider detail with a consignment');

    await page.getByTestId('consignment-mark-sold').click();
    await expect(page.getByTestId('consignment-sold-dialog')).toBeVisible();
    await expectNoHorizontalScroll(page, 'mark sold form');
    await page.keyboard.press('Escape');

    await detail.getByTestId('provider-edit').click();
    const form = page.getByTestId('provider-form-dialog');
    await form.getByTestId('provider-form-iban-reveal').click();
    await expect(form.getByTestId('provider-form-iban')).toHaveValue(SPACED);
    await expectNoHorizontalScroll(page, 'edit provider form');
    await page.keyboard.press('Escape');

    await detail.getByTestId('provider-pickup-link').click();
    await expect(page.getByTestId('pickup-sheet')).toBeVisible();
    await expect(page.getByTestId('pickup-consignment-row')).toHaveCount(1);
    await expectNoHorizontalScroll(page, 'pickup sheet');
    // Nor does its table scroll sideways inside the sheet.
    const tableOverflow = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: Doc }).document;
      const box = doc.querySelector('[data-testid="pickup-table"]')?.parentElement;
      return box ? box.scrollWidth - box.clientWidth : Number.NaN;
    });
    expect(tableOverflow).toBeLessThanOrEqual(0);

    const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await visitor.goto(new URL(link!).pathname);
    await expect(visitor.getByTestId('registration-form')).toBeVisible();
    await expectNoHorizontalScroll(visitor, 'provider registration page');
    await visitor.getByTestId('registration-submit').click();
    await expectNoHorizontalScroll(visitor, 'provider registration page with errors');
    await visitor.close();
  });
});
