import { expect, test, type Page } from '@playwright/test';
import { newAccount } from './accounts';
import { DEMO_LIST_PATH, expectAccessible, storeSections, walkDashboardSections } from './a11y-support';

/**
 * axe (WCAG 2.1 A and AA) over the screens a visitor, a new store and a store with data reach:
 * no serious or critical violation, in the light theme and (where it matters most) the dark.
 */
test.use({ locale: 'en-US' });

async function openOfferModal(page: Page) {
  await page.goto(DEMO_LIST_PATH);
  await expect(page.getByTestId('public-item-card').first()).toBeVisible();
  await page.getByTestId('size-chip').first().click();
  await page.getByTestId('make-offer').click();
  await expect(page.getByTestId('offer-modal')).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('try-demo')).toBeVisible();
      await expectAccessible(page, `landing (${colorScheme})`);
    });

    test('the public list and the offer modal, step by step', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(DEMO_LIST_PATH);
      await expect(page.getByTestId('public-item-card').first()).toBeVisible();
      await expectAccessible(page, `public list (${colorScheme})`, { strict: true });

      await openOfferModal(page);
      await expectAccessible(page, `offer modal, select step (${colorScheme})`);
      await page.getByTestId('offer-next').click();
      await expectAccessible(page, `offer modal, contact step (${colorScheme})`);
      await page.getByTestId('offer-contact-name').fill('Lola Reseller');
      await page.getByTestId('offer-contact-email').fill('lola@example.com');
      await page.getByTestId('offer-contact-phone').fill('+34 600 000 000');
      await page.getByTestId('offer-contact-instagram').fill('@lola.kicks');
      await page.getByTestId('offer-next').click();
      await page.getByTestId('offer-price-0').fill('140');
      await page.getByTestId('offer-message').fill('Can pick up on Friday.');
      await expectAccessible(page, `offer modal, products step (${colorScheme})`);
      await page.getByTestId('offer-next').click();
      await expect(page.getByTestId('offer-summary')).toBeVisible();
      await expectAccessible(page, `offer modal, summary step (${colorScheme})`);
    });

    // Dark mode checks a few sections: the colours are shared, the layouts are not.
    const sections = colorScheme === 'light' ? storeSections() : storeSections().slice(0, 3);
    test(`every dashboard section of the demo store (${sections.length})`, async ({ page }) => {
      test.setTimeout(sections.length * 20_000);
      await walkDashboardSections(page, sections, async (id) => {
        await expect(page.getByTestId(`nav-${id}`)).toHaveAttribute('aria-current', 'page');
        await expectAccessible(page, `dashboard section ${id} (${colorScheme})`);
      });
    });
  });
}

test('the offer modal gives focus back to Make offer when it closes', async ({ page }) => {
  await page.goto(DEMO_LIST_PATH);
  const chip = page.getByRole('button', { name: /, size / }).first();
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const makeOffer = page.getByTestId('make-offer');
  await makeOffer.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('offer-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('offer-modal')).toHaveCount(0);
  await expect(makeOffer).toBeFocused();
});

test('/auth: the sign in and the sign up tabs', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByTestId('signin-email')).toBeVisible();
  await expectAccessible(page, '/auth sign in');
  await page.getByTestId('tab-signup').click();
  await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, '/auth sign up');
});

test('every onboarding step of a new store', async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount('store');
  await page.goto('/onboarding');
  await expect(page.getByTestId('onboarding-step-1')).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page, 'onboarding step 1 (account)');
  await page.getByTestId('onboarding-email').fill(account.email);
  await page.getByTestId('onboarding-password').fill(account.password);
  await page.getByTestId(`role-${account.role}`).click();
  await page.getByTestId('onboarding-continue').click();
  await expect(page.getByTestId('onboarding-step-2')).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page, 'onboarding step 2 (profile)');
  await page.getByTestId('onboarding-name').fill(account.name);
  await page.getByTestId('onboarding-phone').fill('600 123 456');
  await page.getByTestId('onboarding-location').fill('Madrid, Spain');
  await page.getByTestId('onboarding-continue').click();
  await expect(page.getByTestId('onboarding-step-3')).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page, 'onboarding step 3 (preferences)');
  await page.getByTestId('onboarding-complete').click();
  await expect(page.getByTestId('sidebar-business-name')).toHaveText(account.name, { timeout: 20_000 });
  await expectAccessible(page, 'the new store’s first dashboard');
});
