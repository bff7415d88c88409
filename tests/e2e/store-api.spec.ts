import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createItem } from '@sneakers/shared/contracts/lists';
import { startReceiver } from '../support/webhook-receiver';
import { apiOf, newAccount, signUpByApi } from './accounts';

/**
 * The store API in the browser (docs/product/store-api.md): a key created in Settings and
 * shown once, the playground's call with it and its curl run for real, a revoked key's 401;
 * a webhook endpoint added in Settings receiving a signed test event, seen in the delivery log.
 */
test.describe('store API', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a key shown once calls the API from the playground and from its curl; revoked, it answers 401', async ({
    page,
    baseURL,
  }) => {
    const account = newAccount('store');
    await signUpByApi(page, account);
    const store = await apiOf(page, baseURL ?? '');
    await store.call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        sizes: ['42'],
        askingPrice: 15000,
      },
    });

    await page.goto('/dashboard/settings');
    const keys = page.getByTestId('api-keys-panel');
    await keys.getByTestId('api-key-name').fill('Till integration');
    await keys.getByTestId('api-key-create').click();
    const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^sk_live_[0-9A-Za-z]{38}$/);
    await page.getByTestId('api-key-created-done').click();
    await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
    await expect(keys.getByTestId('api-key-prefix').first()).toContainText(secret.slice(0, 12));
    await expect(keys).not.toContainText(secret);

    await page.goto('/dashboard/api-playground');
    await expect(page.getByTestId('api-playground')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('playground-endpoint').selectOption('inventory');
    await page.getByTestId('playground-secret').fill(secret);
    await page.getByTestId('playground-test').click();
    await expect(page.getByTestId('playground-status')).toHaveText(/^200/);
    await expect(page.getByTestId('playground-body')).toContainText('DD1391-100');

    // The curl the playground shows, run for real.
    const curl = (await page.getByTestId('playground-curl').textContent()) ?? '';
    expect(curl).toContain('x-api-key');
    const output = execFileSync('bash', ['-c', `${curl} --silent --show-error`], { encoding: 'utf8' });
    const answer = JSON.parse(output) as { items: { sku: string }[] };
    expect(answer.items.map((i) => i.sku)).toContain('DD1391-100');

    await page.goto('/dashboard/settings');
    await page.getByTestId('api-key-revoke').first().click();
    await page.getByTestId('api-key-revoke-confirm').click();
    await expect(page.getByTestId('api-key-status').first()).toContainText('Revoked');
    await page.goto('/dashboard/api-playground');
    await page.getByTestId('playground-endpoint').selectOption('inventory');
    await page.getByTestId('playground-secret').fill(secret);
    await page.getByTestId('playground-test').click();
    await expect(page.getByTestId('playground-status')).toHaveText(/^401/);
    await expect(page.getByTestId('playground-body')).toContainText('API_KEY_INVALID');
  });

  test('a webhook endpoint added in Settings receives a signed test event, shown in its delivery log', async ({
    page,
  }) => {
    const receiver = await startReceiver();
    try {
      await signUpByApi(page, newAccount('store'));
      await page.goto('/dashboard/settings');
      const panel = page.getByTestId('webhooks-panel');
      await panel.getByTestId('webhook-url').fill(receiver.url('/hooks'));
      await panel.getByTestId('webhook-event-sale.created').check();
      await panel.getByTestId('webhook-create').click();
      const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_/);
      await page.getByTestId('webhook-secret-done').click();

      const endpoint = panel.getByTestId('webhook-endpoint').first();
      await endpoint.getByTestId('webhook-send-test').click();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const [delivery] = receiver.received;
      const event = new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers ?? {}) as {
        type: string;
      };
      expect(event.type).toBe('webhook.test');
      await expect(endpoint.getByTestId('webhook-delivery-status').first()).toContainText('Succeeded', {
        timeout: 20_000,
      });
    } finally {
      await receiver.close();
    }
  });
});
