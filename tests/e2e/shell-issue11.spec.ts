import { expect, test, type Page } from '@playwright/test';
import { newAccount, signUp } from './accounts';

/** Issue 11, the shell's part: sign-up, language, profile errors, flags, dialogs, phone width. */

// The browser-side checks are expressions: this code compiles without the DOM's types.

/** How far the page scrolls sideways (0 when everything fits the viewport). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/**
 * Visible elements that stick out of the viewport's width: a clipped header or section does
 * not scroll the page but is cut off all the same. Visually hidden text (sr-only) is skipped.
 */
function outOfView(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const element of document.querySelectorAll('body *')) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (rect.right > width + 1 || rect.left < -1)
        out.push(element.tagName.toLowerCase() + ' ' + Math.round(rect.left) + '..' + Math.round(rect.right));
    }
    return out;
  })()`);
}

test.describe('sign-up from the landing page', () => {
  test('Start Now opens the Sign Up tab, Sign In the Sign In tab', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('start-now').click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(page.getByTestId('tab-signup')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('signup-start')).toBeVisible();

    await page.goto('/');
    await page.getByTestId('sign-in').click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('tab-signin')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('signin-email')).toBeVisible();
  });

  test('the profile form shows an empty business name at the field, and a long name fits a phone', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const account = newAccount('store');
    await signUp(page, account);
    // The profile form: an empty business name is shown at its field.
    await page.getByTestId('profile-link').click();
    const name = page.getByTestId('profile-business-name');
    await name.fill('');
    await page.getByTestId('profile-save').click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Enter your business name.');
    await expect(page.getByText('Failed to update profile')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('profile-business-name')).toHaveValue(account.name, { timeout: 15_000 });

    // A business name that is one long word wraps on a phone instead of widening the page.
    const longName = `Sneakerheadsupplycompany${account.name.replace(/\W/g, '')}`;
    await page.getByTestId('profile-business-name').fill(longName);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/profile', '/dashboard']) {
      await page.goto(path);
      await expect(page.getByText(longName).first()).toBeVisible({ timeout: 15_000 });
      expect(await overflowX(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await outOfView(page), `${path} is cut off`).toEqual([]);
    }
  });

  test('an email already registered is told at the account step, with a Sign in instead link', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const account = newAccount('store');
    await signUp(page, account);
    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('try-demo')).toBeVisible();

    await page.goto('/onboarding');
    await page.getByTestId('onboarding-email').fill(account.email);
    await page.getByTestId('onboarding-password').fill('another-pass-1');
    await page.getByTestId('onboarding-continue').click();
    await expect(page.getByTestId('onboarding-email-taken')).toContainText(
      'An account with this email already exists.',
    );
    await expect(page.getByTestId('onboarding-step-1')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByTestId('onboarding-email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByTestId('onboarding-sign-in-instead').click();
    await expect(page).toHaveURL(/\/auth\?email=/);
    await expect(page.getByTestId('tab-signin')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('signin-email')).toHaveValue(account.email);
    await page.getByTestId('signin-password').fill(account.password);
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('sidebar-business-name')).toHaveText(account.name, { timeout: 20_000 });
  });

  test('the phone-prefix picker draws flags as SVG images', async ({ page }) => {
    const account = newAccount('reseller');
    await page.goto('/onboarding');
    await page.getByTestId('onboarding-email').fill(account.email);
    await page.getByTestId('onboarding-password').fill(account.password);
    await page.getByTestId('onboarding-continue').click();
    await expect(page.getByTestId('onboarding-step-2')).toHaveAttribute('aria-current', 'step', {
      timeout: 20_000,
    });
    const flag = page.locator('img[data-testid="country-flag"]');
    await expect(flag).toHaveAttribute('data-country', 'ES');
    await expect(flag).toHaveAttribute('src', /^data:image\/svg\+xml/);
    // Really drawn: a decoded image with a size, not an empty box.
    await expect
      .poll(() =>
        page.evaluate<number>(`document.querySelector('img[data-testid="country-flag"]')?.naturalWidth ?? 0`),
      )
      .toBeGreaterThan(0);
    const picker = page.getByTestId('onboarding-phone-country');
    await expect(picker.locator('option:checked')).toHaveText('+34 Spain');
    await picker.selectOption('IT');
    await expect(page.getByTestId('country-flag')).toHaveAttribute('data-country', 'IT');
  });
});

test.describe('a browser in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('opens the landing page in Spanish, and English once chosen, also after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByTestId('start-now')).toHaveText('Empezar ahora');
    await page.getByTestId('language-switcher').selectOption('en');
    await expect(page.getByTestId('start-now')).toHaveText('Start Now');
    await page.reload();
    await expect(page.getByTestId('start-now')).toHaveText('Start Now');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('dialogs', () => {
  test('closing a dialog returns focus to the control that opened it', async ({ page }) => {
    await page.goto('/auth');
    const opener = page.getByTestId('forgot-password-open');
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('forgot-email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('forgot-email')).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(opener).toBeFocused();
  });
});

test.describe('the dashboard shell on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('header, breadcrumb, sidebar and the shell sections fit 360 px without sideways scrolling', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page.getByTestId('sidebar-trigger')).toBeVisible();

    for (const path of [
      '/dashboard',
      '/dashboard/settings',
      '/dashboard/releases',
      '/dashboard/pricing-strategies',
      '/dashboard/sale/a-rather-long-sale-id',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await overflowX(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await outOfView(page), `${path} is cut off`).toEqual([]);
      const header = await page.locator('header').first().boundingBox();
      expect(header?.width ?? 0).toBeLessThanOrEqual(360);
    }

    // In Spanish too (longer words).
    await page.getByTestId('language-switcher').selectOption('es');
    await expect(page.getByTestId('language-switcher')).toHaveValue('es');
    await page.goto('/dashboard/settings');
    await expect(page.locator('main h1').first()).toHaveText('Ajustes');
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('language-switcher').selectOption('en');

    // The sidebar is a sheet: it opens within the screen and gives focus back when closed.
    const trigger = page.getByTestId('sidebar-trigger');
    await trigger.click();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    const box = await sidebar.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});
