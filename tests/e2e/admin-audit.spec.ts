import { expect, test } from '@playwright/test';
import { LOCAL_SUPERUSER, signInAsSuperuser } from './accounts';

/**
 * Issue 25 item 8: after an impersonation the audit log names people by business name and
 * email (never a bare id), and opening the dashboard as someone else records nothing: the
 * WebSocket ticket every screen asks for is plumbing, not a change made as them.
 */
/** A trader the demo seed makes (localstack/src/demo-seed/messaging.ts). */
const TARGET = { name: 'Hype Vault Lisboa', email: 'orders@hypevault.example' };

test('the audit log after an impersonation names people and records no realtime ticket', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsSuperuser(page);
  await page.goto('/dashboard?page=admin');
  await page.getByTestId('admin-users-search').fill(TARGET.email);
  const row = page.getByTestId('admin-user-row').filter({ hasText: TARGET.email });
  await expect(row).toHaveCount(1);

  // The impersonated dashboard asks for its socket ticket: the call the audit used to record.
  const ticket = page.waitForResponse(
    (r) => r.url().endsWith('/api/realtime/tickets') && r.request().method() === 'POST',
  );
  await row.getByTestId('admin-impersonate').click();
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText(TARGET.name);
  expect((await ticket).status()).toBe(201);
  await banner.getByTestId('impersonation-stop').click();
  await expect(banner).toBeHidden();

  await page.getByTestId('admin-tab-audit').click();
  await page.getByTestId('admin-audit-action').selectOption('impersonation.started');
  const started = page.getByTestId('admin-audit-row').filter({ hasText: TARGET.email }).first();
  await expect(started).toContainText(`${TARGET.name} (${TARGET.email})`);
  await expect(started.getByTestId('admin-audit-by')).toHaveText(
    `By ${LOCAL_SUPERUSER.name} (${LOCAL_SUPERUSER.email})`,
  );

  await page.getByTestId('admin-audit-action').selectOption('impersonation.write');
  // Settled: no entry of the previous filter left, and the list (or its empty state) shown.
  await expect(
    page.getByTestId('admin-audit-action-label').filter({ hasNotText: 'Change while impersonating' }),
  ).toHaveCount(0);
  await expect(page.getByTestId('admin-audit-list').or(page.getByTestId('admin-audit-empty'))).toBeVisible();
  await expect(page.getByTestId('admin-audit-row').filter({ hasText: 'realtime.ticket' })).toHaveCount(0);
  await expect(page.getByTestId('admin-audit-row').filter({ hasText: 'flags.seen' })).toHaveCount(0);
});
