import { expect, test } from '@playwright/test';
import { updateComingSoonSettings } from '@sneakers/shared/contracts/settings';
import { adminApi } from './support';

test.describe('landing and coming-soon', () => {
  test('a signed-out visitor sees the landing route', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('try-demo')).toBeVisible();
    await expect(page.getByTestId('sign-in')).toHaveAttribute('href', '/auth');
    await expect(page.getByTestId('start-now')).toHaveAttribute('href', '/auth?tab=signup');
  });

  test('the coming-soon page follows the database and updates open browsers without a reload', async ({
    page,
    request,
    baseURL,
  }) => {
    const call = await adminApi(request, baseURL ?? '');
    await page.goto('/');
    await expect(page.getByTestId('try-demo')).toBeVisible();

    await call(updateComingSoonSettings, {
      body: { isEnabled: true, title: 'Drop day is near', launchDate: '2027-03-01' },
    });
    await expect(page.getByTestId('coming-soon-title')).toHaveText('Drop day is near');
    await expect(page.getByTestId('launch-date')).toContainText('2027');
    await expect(page.getByText('Profit Increase')).toBeVisible();

    // The early-access form only confirms; an empty submit does nothing.
    await page.getByRole('button', { name: 'Get Early Access' }).click();
    await expect(page.getByTestId('early-access-confirmation')).toHaveCount(0);
    await page.getByLabel('Email address').fill('fan@example.com');
    await page.getByRole('button', { name: 'Get Early Access' }).click();
    await expect(page.getByTestId('early-access-confirmation')).toContainText("You're on the list!");

    await call(updateComingSoonSettings, { body: { isEnabled: false, launchDate: null } });
    await expect(page.getByTestId('try-demo')).toBeVisible();
  });
});

test.describe('dashboard shell in demo mode', () => {
  test('Try Demo opens the dashboard; the sidebar toggles, remembers its state and selects sections', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sidebar:state')?.value).toBe('false');
    await page.getByTestId('sidebar-trigger').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');

    await page.getByTestId('nav-clients').click();
    await expect(page).toHaveURL(/\/dashboard\/clients$/);
    await expect(page.getByTestId('breadcrumb')).toContainText('Clients');
    await expect(page.getByTestId('client-row').first()).toBeVisible();

    await page.goto('/dashboard?page=bookings');
    await expect(page.getByTestId('breadcrumb')).toContainText('Bookings');
  });

  test('switching the language to Spanish translates the shell and survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page.getByTestId('nav-clients')).toContainText('Clients');
    await page.getByTestId('language-switcher').selectOption('es');
    await expect(page.getByTestId('nav-clients')).toContainText('Clientes');
    await page.reload();
    await expect(page.getByTestId('nav-clients')).toContainText('Clientes');
    await page.getByTestId('language-switcher').selectOption('en');
    await expect(page.getByTestId('nav-clients')).toContainText('Clients');
  });

  test('Exit demo returns to the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await page.getByTestId('exit-demo').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('try-demo')).toBeVisible();
  });
});

test.describe('layout and routing', () => {
  test('below 768 px the sidebar is a sheet behind the trigger', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('try-demo').click();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByTestId('sidebar-trigger').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('unknown paths show the not-found page and the theme test page works', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/theme-test');
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByTestId('theme-light').click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});
