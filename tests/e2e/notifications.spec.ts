import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createOffers } from '@sneakers/shared/contracts/offers';
import { getMyProfile, updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { apiOf, newAccount, signUpByApi } from './accounts';

/**
 * Issue 11, notifications: texts in the reader's language, the unread badge updated live,
 * the language choice saved to the profile, and the section on a 360 px phone.
 */

const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways past `width`, and the deepest elements sticking out. */
async function overflow(page: Page, width: number) {
  return page.evaluate((limit) => {
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
      return box.width > 0 && box.right > limit + 0.5;
    });
    const deepest = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      scroll: doc.documentElement.scrollWidth,
      offenders: deepest
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${el.getAttribute('data-testid') ?? ''}]`,
        ),
    };
  }, width);
}

test.describe('notifications', () => {
  test('a store with the UI in Spanish gets an offer: Spanish text, the badge appears live, marking read clears it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const store = newAccount('store');
    await signUpByApi(page, store);
    const owner = await apiOf(page, baseURL ?? '');
    await owner.call(updateMyProfile, { body: { publicWtbList: true } });
    const { item } = await owner.call(createItem, {
      body: {
        listType: 'wtb',
        // A style code no other journey lists: a pair matching it elsewhere in the shared local
        // cloud would add a deals notification to the count this journey reads.
        sku: `NTF-${Date.now().toString(36).toUpperCase()}`,
        name: 'Dunk Low Panda',
        sizes: ['42'],
        targetPrice: 12000,
        visibility: 'public',
        status: 'pending',
      },
    });

    // The UI goes Spanish from the header's switcher; the choice is saved to the profile,
    // so the store's emails are Spanish too.
    await page.goto('/dashboard/wtb');
    await page.getByTestId('language-switcher').selectOption('es');
    await expect(page.getByTestId('nav-notifications')).toHaveAccessibleName('Notificaciones');
    await expect
      .poll(async () => (await owner.call(getMyProfile)).profile?.language, { timeout: 10_000 })
      .toBe('es');
    await expect(page.getByTestId('badge-notifications')).toHaveCount(0);

    // A reseller, in another browser, makes an offer on the store's list.
    const resellerPage = await (await browser.newContext()).newPage();
    await signUpByApi(resellerPage, newAccount('reseller'));
    const reseller = await apiOf(resellerPage, baseURL ?? '');
    await reseller.call(createOffers, {
      body: {
        listOwnerId: owner.userId,
        listType: 'wtb',
        lines: [{ itemId: item.id, size: '42', offeredPrice: 13000, quantity: 1 }],
      },
      idempotencyKey: `e2e-${randomUUID()}`,
    });
    await resellerPage.context().close();

    // No reload: the realtime push makes the sidebar refetch its count.
    const badge = page.getByTestId('badge-notifications');
    await expect(badge).toHaveText(/^1/, { timeout: 20_000 });
    await expect(page.getByTestId('nav-notifications')).toHaveAccessibleName(
      /^Notificaciones\s*, 1 sin leer$/,
    );

    await page.getByTestId('nav-notifications').click();
    await expect(page).toHaveURL(/\/dashboard\/notifications$/);
    const row = page.getByTestId('notification-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('notification-title')).toHaveText('Nueva oferta en tu lista WTB');
    await expect(row.getByTestId('notification-body')).toContainText('ha hecho una oferta en tu lista WTB');

    // Switching back to English re-renders the same notification in English.
    await page.getByTestId('language-switcher').selectOption('en');
    await expect(row.getByTestId('notification-title')).toHaveText('New offer on your WTB list');
    await page.getByTestId('language-switcher').selectOption('es');
    await expect(row.getByTestId('notification-title')).toHaveText('Nueva oferta en tu lista WTB');

    // The section on a 360 px phone, unread row and its button included: nothing scrolls
    // or sticks out sideways.
    const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.setViewportSize(PHONE);
    await expect(row.getByTestId('notification-mark-read')).toBeVisible();
    const fit = await overflow(page, PHONE.width);
    expect(fit.scroll, 'page scroll width at 360 px').toBeLessThanOrEqual(PHONE.width);
    expect(fit.offenders, 'elements past the right edge at 360 px').toEqual([]);
    await page.setViewportSize(desktop);

    await row.getByTestId('notification-mark-read').click();
    await expect(badge).toHaveCount(0);
    await expect(page.getByTestId('nav-notifications')).toHaveAccessibleName('Notificaciones');
  });
});
