import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ApiError } from '@sneakers/shared/api-client';
import { listUsers } from '@sneakers/shared/contracts/admin';
import { createClient, listClients } from '@sneakers/shared/contracts/crm';
import { deleteFlag, listFlags } from '@sneakers/shared/contracts/flags';
import { localAdminApi } from '../../localstack/src/admin-session';
import { apiOf, LOCAL_SUPERUSER, newAccount, signInAsSuperuser, signUpByApi, type Account } from './accounts';

/**
 * Issue 12 "Checks": a flag gates a section a store sees (ratings, which no other journey
 * opens), a grant reaches an open browser through the realtime push, rollout 100 reaches a new
 * user, audited impersonation, the admin screen and API refused to a store, and /theme-test.
 */
const GATED = 'ratings';

async function ownContext(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function newStore(browser: Browser): Promise<{ page: Page; account: Account }> {
  const page = await ownContext(browser);
  const account = newAccount('store');
  await signUpByApi(page, account);
  return { page, account };
}

/** A full load of a dashboard address: the start-up spinner holds the shell until the features are read. */
async function openFresh(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible({ timeout: 20_000 });
}

test.describe('access control', () => {
  /** The flag the journey made, deleted afterwards so no other journey finds ratings gated. */
  let created: string | null = null;

  test.afterAll(async ({ baseURL }) => {
    if (!created) return;
    if (!baseURL) throw new Error(`baseURL is not configured: delete the flag ${created} by hand`);
    const api = await localAdminApi(baseURL);
    await api(deleteFlag, { params: { name: created } }).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
    const { flags } = await api(listFlags, { query: {} });
    expect(flags.map((f) => f.name)).not.toContain(created);
  });

  test('a flag gates a section, a grant reaches an open browser, rollout 100 reaches a new user, audited impersonation, the admin screen refused to a store, theme switching', async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    if (!baseURL) throw new Error('baseURL is not configured');
    const flag = `e2e-${GATED}-${randomUUID().slice(0, 8)}`;
    created = flag;
    const admin = await ownContext(browser);
    const pages: Page[] = [admin];

    try {
      await test.step('the superuser creates a flag at rollout 0 gating ratings for stores', async () => {
        await signInAsSuperuser(admin);
        await admin.goto('/dashboard/feature-flags');
        await admin.getByTestId('flag-add').click();
        const form = admin.getByTestId('flag-form-dialog');
        await form.getByTestId('flag-form-name').fill(flag);
        await form.getByTestId('flag-form-description').fill('Ratings for stores, rolled out by hand');
        const enabled = form.getByTestId('flag-form-enabled');
        await expect(enabled).toHaveAttribute('aria-checked', 'false');
        await enabled.click();
        await expect(enabled).toHaveAttribute('aria-checked', 'true');
        await form.getByTestId('flag-form-target-store').check();
        await form.getByTestId('flag-form-target-reseller').uncheck();
        await form.getByTestId('flag-form-rollout').focus();
        await admin.keyboard.press('Home');
        await expect(form.getByTestId('flag-form-rollout-value')).toHaveText('0%');
        await form.getByTestId(`flag-form-gate-${GATED}`).check();
        await form.getByTestId('flag-form-submit').click();
        await expect(admin.getByText(`Flag ${flag} created`)).toBeVisible();
        const row = admin.locator(`[data-flag="${flag}"]`);
        await expect(row.getByTestId('flag-rollout')).toContainText('0%');
        await expect(row.getByTestId('flag-gates')).toContainText('Ratings');
        await expect(row.getByTestId('flag-enabled')).toHaveAttribute('aria-checked', 'true');
      });

      const first = await newStore(browser);
      pages.push(first.page);
      const firstApi = await apiOf(first.page, baseURL);

      await test.step('a new store does not see ratings: not in the sidebar, Feature Not Available at its address', async () => {
        await openFresh(first.page, `/dashboard/${GATED}`);
        await expect(first.page.getByTestId('nav-messages')).toBeVisible();
        await expect(first.page.getByTestId(`nav-${GATED}`)).toHaveCount(0);
        await expect(first.page.getByRole('heading', { name: 'Feature Not Available' })).toBeVisible();
        await expect(
          first.page.getByText('This feature is not currently available for your account.'),
        ).toBeVisible();
      });

      await test.step('a grant to that store reaches its open page without a reload', async () => {
        let loads = 0;
        const countLoad = () => {
          loads += 1;
        };
        first.page.on('load', countLoad);

        await admin.locator(`[data-flag="${flag}"]`).getByTestId('flag-grants').click();
        const grants = admin.getByTestId('flag-grants-dialog');
        await expect(grants.getByTestId('flag-grants-empty')).toBeVisible();
        await grants.getByTestId('grant-user-input').fill(first.account.email);
        await grants.getByTestId('grant-user-result').filter({ hasText: first.account.email }).click();
        await expect(grants.getByTestId('grant-user-selected')).toContainText(first.account.email);
        await grants.getByTestId('grant-allow').click();
        const granted = grants.getByTestId('flag-grant-row').filter({ hasText: first.account.email });
        await expect(granted.getByTestId('flag-grant-state')).toHaveText('Granted');
        await admin.keyboard.press('Escape');
        await expect(grants).toBeHidden();

        // The realtime push makes the open tab read its features again: the item appears and
        // the section it is on opens in place.
        await expect(first.page.getByTestId(`nav-${GATED}`)).toBeVisible({ timeout: 15_000 });
        await expect(first.page.getByRole('heading', { level: 1, name: 'Ratings' })).toBeVisible();
        await expect(first.page.getByRole('heading', { name: 'Feature Not Available' })).toHaveCount(0);
        first.page.off('load', countLoad);
        expect(loads).toBe(0);
      });

      await test.step('rollout 100 reaches a second, new store', async () => {
        await admin.locator(`[data-flag="${flag}"]`).getByTestId('flag-edit').click();
        const form = admin.getByTestId('flag-form-dialog');
        await form.getByTestId('flag-form-rollout').focus();
        await admin.keyboard.press('End');
        await expect(form.getByTestId('flag-form-rollout-value')).toHaveText('100%');
        await form.getByTestId('flag-form-submit').click();
        await expect(admin.getByText(`Flag ${flag} saved`)).toBeVisible();
        await expect(admin.locator(`[data-flag="${flag}"]`).getByTestId('flag-rollout')).toContainText(
          '100%',
        );

        const second = await newStore(browser);
        pages.push(second.page);
        await openFresh(second.page, `/dashboard/${GATED}`);
        await expect(second.page.getByTestId(`nav-${GATED}`)).toBeVisible();
        await expect(second.page.getByRole('heading', { level: 1, name: 'Ratings' })).toBeVisible();
        await expect(second.page.getByRole('heading', { name: 'Feature Not Available' })).toHaveCount(0);
      });

      const tag = randomUUID().slice(0, 6);
      const theirClient = `Ana Before ${tag}`;
      const writtenAs = `Written As ${tag}`;

      await test.step('impersonating the first store: banner, their data, an audited write, Stop', async () => {
        await firstApi.call(createClient, {
          body: { name: theirClient, email: `before-${tag}@example.com`, phone: '600 111 222' },
        });

        await admin.goto('/dashboard?page=admin');
        await admin.getByTestId('admin-users-search').fill(first.account.email);
        const row = admin.getByTestId('admin-user-row').filter({ hasText: first.account.email });
        await expect(row).toHaveCount(1);
        await row.getByTestId('admin-impersonate').click();

        const banner = admin.getByTestId('impersonation-banner');
        await expect(banner).toContainText(first.account.name);
        await expect(banner).toContainText(first.account.email);
        await expect(admin).toHaveURL(/impersonating=1/);
        await expect(admin).toHaveURL(new RegExp(`as=${firstApi.userId}`));
        // The superuser's own sidebar stays, showing whose account this is.
        await expect(admin.getByTestId('sidebar-business-name')).toHaveText(first.account.name);

        await admin.getByTestId('nav-clients').click();
        await expect(admin.getByTestId('client-row').filter({ hasText: theirClient })).toBeVisible();

        await admin.getByTestId('clients-new').click();
        const dialog = admin.getByTestId('client-dialog');
        await dialog.getByTestId('client-form-name').fill(writtenAs);
        await dialog.getByTestId('client-form-email').fill(`as-${tag}@example.com`);
        await dialog.getByTestId('client-form-phone').fill('600 333 444');
        await dialog.getByTestId('client-form-submit').click();
        await expect(admin.getByText('Client created successfully')).toBeVisible();
        await expect(admin.getByTestId('client-row').filter({ hasText: writtenAs })).toBeVisible();

        await banner.getByTestId('impersonation-stop').click();
        await expect(banner).toBeHidden();
        await expect(admin).toHaveURL(/\/dashboard\?page=admin$/);
        await expect(admin.getByTestId('sidebar-business-name')).toHaveText(LOCAL_SUPERUSER.name);
        await expect(admin.getByTestId('admin-users-list')).toBeVisible();

        // The write landed in the store's own account...
        const { clients } = await firstApi.call(listClients, { query: {} });
        expect(clients.map((c) => c.name)).toEqual(expect.arrayContaining([theirClient, writtenAs]));

        // ...and the audit log has it as the superuser's, made as the store.
        await admin.getByTestId('admin-tab-audit').click();
        await admin.getByTestId('admin-audit-action').selectOption('impersonation.write');
        // Named by business name and email (issue 25), never by id.
        const as = `as ${first.account.name} (${first.account.email})`;
        const entry = admin
          .getByTestId('admin-audit-row')
          .filter({ hasText: 'crm.clients.create' })
          .filter({ has: admin.getByTestId('admin-audit-as').filter({ hasText: as }) });
        await expect(entry).toHaveCount(1);
        await expect(entry.getByTestId('admin-audit-by')).toHaveText(
          `By ${LOCAL_SUPERUSER.name} (${LOCAL_SUPERUSER.email}) ${as}`,
        );
        await expect(entry.getByTestId('admin-audit-action-label')).toHaveText('Change while impersonating');
      });

      await test.step('a store can neither open the admin screen nor call its API', async () => {
        await openFresh(first.page, '/dashboard?page=admin');
        await expect(first.page.getByTestId('nav-admin')).toHaveCount(0);
        // Decided from the store's profile: the screen calls no admin route.
        await expect(first.page.getByText('Feature Not Available')).toBeVisible();
        await expect(first.page.getByTestId('admin-users-list')).toHaveCount(0);
        await expect(first.page.getByTestId('admin-user-row')).toHaveCount(0);

        const refused = await firstApi.call(listUsers, { query: {} }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(ApiError);
        expect(refused).toMatchObject({ status: 403, code: 'SUPERUSER_REQUIRED' });
      });
    } finally {
      for (const opened of pages) await opened.context().close();
    }

    await test.step('/theme-test switches between dark, light and the system theme', async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/theme-test');
      const html = page.locator('html');
      const resolved = page
        .getByTestId('theme-flags')
        .locator('dt', { hasText: /^Resolved theme$/ })
        .locator('xpath=following-sibling::dd[1]');

      await page.getByTestId('theme-dark').click();
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(resolved).toHaveText('Dark');
      await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-pressed', 'true');

      await page.getByTestId('theme-light').click();
      await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(resolved).toHaveText('Light');

      // System follows the device, and keeps following it when it changes.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByTestId('theme-system').click();
      await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-pressed', 'true');
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(resolved).toHaveText('Dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(resolved).toHaveText('Light');
    });
  });
});
