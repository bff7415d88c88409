import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import '../../../test/setup';
import { forgetCreatedKey } from '../model/created-key';
import { apiKey, calls, renderStore, storeProfile } from './test-support';

// Sonner keeps its toasts in module state: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
  forgetCreatedKey('sk_live_');
});

const SECRET = 'sk_live_new1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAbcdef';

describe('settings: API keys panel', { timeout: 30_000 }, () => {
  it('shows a new key once, then only its first 12 characters; revokes after a confirmation', async () => {
    let keys = [apiKey(1, { lastUsedAt: '2026-03-02T10:00:00.000Z' })];
    const { fetchMock } = renderStore('/dashboard/settings', (url, init) => {
      if (url.pathname === '/api/api-keys' && init?.method === 'POST') {
        const created = apiKey(2, { name: 'Shop sync', prefix: SECRET.slice(0, 12) });
        keys = [created, ...keys];
        return Response.json({ key: created, secret: SECRET }, { status: 201 });
      }
      if (url.pathname === '/api/api-keys') return Response.json({ keys });
      if (url.pathname === '/api/api-keys/key-1' && init?.method === 'DELETE') {
        const revoked = { ...apiKey(1), active: false, revokedAt: '2026-03-05T10:00:00.000Z' };
        keys = keys.map((k) => (k.id === 'key-1' ? revoked : k));
        return Response.json({ key: revoked });
      }
      return undefined;
    });
    const panel = await screen.findByTestId('api-keys-panel', {}, { timeout: 20_000 });
    const list = await within(panel).findByTestId('api-keys-list');
    expect(within(list).getByTestId('api-key-prefix').textContent).toBe('sk_live_abc1…');
    expect(within(list).getByTestId('api-key-status').textContent).toBe('Active');

    // A blank name is refused in place.
    fireEvent.click(within(panel).getByTestId('api-key-create'));
    expect(await within(panel).findByText('Give the key a name.')).toBeTruthy();
    expect(calls(fetchMock, '/api/api-keys', 'POST')).toHaveLength(0);

    fireEvent.change(within(panel).getByTestId('api-key-name'), { target: { value: 'Shop sync' } });
    fireEvent.click(within(panel).getByTestId('api-key-create'));
    const dialog = await screen.findByTestId('api-key-created-dialog');
    expect(within(dialog).getByTestId('api-key-secret').textContent).toBe(SECRET);
    expect(dialog.textContent).toContain("you won't see it again");
    const [post] = calls(fetchMock, '/api/api-keys', 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ name: 'Shop sync' });
    expect(new Headers(post?.init?.headers).get('idempotency-key')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('api-key-created-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-created-dialog')).toBeNull());
    // Once: the page shows the new key by its first 12 characters only.
    expect(document.body.textContent).not.toContain(SECRET);
    await waitFor(() => expect(within(panel).getAllByTestId('api-key-row')).toHaveLength(2));
    expect(within(panel).getAllByTestId('api-key-prefix')[0]?.textContent).toBe(`${SECRET.slice(0, 12)}…`);

    // Revoke: Cancel keeps the key, the confirmation revokes it.
    const oldRow = within(panel).getAllByTestId('api-key-row')[1];
    if (!oldRow) throw new Error('no second row');
    fireEvent.click(within(oldRow).getByRole('button', { name: 'Revoke Key 1' }));
    const confirm = await screen.findByTestId('api-key-revoke-dialog');
    expect(confirm.textContent).toContain('Revoke this API key?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, '/api/api-keys/key-1', 'DELETE')).toHaveLength(0);
    fireEvent.click(within(oldRow).getByRole('button', { name: 'Revoke Key 1' }));
    fireEvent.click(await screen.findByTestId('api-key-revoke-confirm'));
    await waitFor(() => expect(calls(fetchMock, '/api/api-keys/key-1', 'DELETE')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('api-key-status')
          .map((s) => s.textContent),
      ).toEqual(['Active', 'Revoked']),
    );
    expect(await screen.findByText('API key revoked')).toBeTruthy();
  });

  it('says when the store has no keys', async () => {
    renderStore('/dashboard/settings', (url) =>
      url.pathname === '/api/api-keys' ? Response.json({ keys: [] }) : undefined,
    );
    expect(await screen.findByTestId('api-keys-empty', {}, { timeout: 20_000 })).toHaveProperty(
      'textContent',
      'You have no API keys yet.',
    );
  });

  it('says when the keys cannot be loaded', async () => {
    renderStore('/dashboard/settings', (url) =>
      url.pathname === '/api/api-keys'
        ? Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Boom.' } }, { status: 500 })
        : undefined,
    );
    expect((await screen.findByTestId('api-keys-error', {}, { timeout: 20_000 })).textContent).toContain(
      'Could not load your API keys.',
    );
  });

  it('shows a consignor no API keys panel', async () => {
    renderStore('/dashboard/settings', () => undefined, storeProfile({ role: 'reseller' }));
    await screen.findByTestId('settings-account', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('settings-api-keys')).toBeNull();
  });

  it('demo: lists the demo keys and refuses writes with the demo toast, asking nothing of the API', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { fetchMock } = renderStore('/dashboard/settings', (url) =>
      url.pathname === '/api/api-keys'
        ? Response.json({ keys: [apiKey(1, { name: 'Demo POS' })] })
        : undefined,
    );
    const panel = await screen.findByTestId('api-keys-panel', {}, { timeout: 20_000 });
    expect((await within(panel).findByTestId('api-keys-list')).textContent).toContain('Demo POS');
    fireEvent.change(within(panel).getByTestId('api-key-name'), { target: { value: 'Mine' } });
    fireEvent.click(within(panel).getByTestId('api-key-create'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    fireEvent.click(within(panel).getByTestId('api-key-revoke'));
    fireEvent.click(await screen.findByTestId('api-key-revoke-confirm'));
    expect(calls(fetchMock, '/api/api-keys', 'POST')).toHaveLength(0);
    expect(calls(fetchMock, '/api/api-keys/key-1', 'DELETE')).toHaveLength(0);
  });
});

describe('API playground', { timeout: 30_000 }, () => {
  const withKeys =
    (keys = [apiKey(1), apiKey(2)], v1?: (url: URL, init: RequestInit | undefined) => Response | undefined) =>
    (url: URL, init: RequestInit | undefined) => {
      if (url.pathname === '/api/api-keys') return Response.json({ keys });
      return v1?.(url, init);
    };

  it("says 'Feature Not Available' without the api-playground feature", async () => {
    renderStore('/api-playground', withKeys(), storeProfile(), []);
    expect(await screen.findByText('Feature Not Available', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByTestId('api-playground')).toBeNull();
  });

  it('lists active keys newest first, clears parameters on an endpoint switch and masks the key in the curl', async () => {
    renderStore('/dashboard/api-playground', withKeys([apiKey(1), apiKey(3), apiKey(2, { active: false })]));
    const key = await screen.findByTestId('playground-key', {}, { timeout: 20_000 });
    expect(
      within(key)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['sk_live_abc3… (Key 3)', 'sk_live_abc1… (Key 1)']);
    expect(screen.getByText(/paste the full key to test/)).toBeTruthy();
    expect((screen.getByTestId('playground-secret') as HTMLInputElement).type).toBe('password');

    fireEvent.change(screen.getByTestId('playground-endpoint'), { target: { value: 'get-pricing' } });
    fireEvent.change(screen.getByTestId('playground-param-productId'), { target: { value: 'p-9' } });
    expect(screen.getByTestId('playground-curl').textContent).toBe(
      [
        "curl -X GET 'http://api.test/v1/prices/p-9'",
        "-H 'x-api-key: sk_live_abc3••••••••'",
        "-H 'Content-Type: application/json'",
      ].join(' \\\n  '),
    );
    fireEvent.change(screen.getByTestId('playground-endpoint'), { target: { value: 'create-sale' } });
    fireEvent.change(screen.getByTestId('playground-endpoint'), { target: { value: 'get-pricing' } });
    expect((screen.getByTestId('playground-param-productId') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('playground-curl').textContent).toContain('/v1/prices/example-product-id');

    const docs = screen.getByTestId('playground-docs');
    expect(docs.getAttribute('href')).toBe('/api-reference');
    expect(docs.getAttribute('target')).toBe('_blank');
  });

  it('needs an endpoint and a key before Test', async () => {
    const { fetchMock } = renderStore('/api-playground', withKeys());
    fireEvent.click(await screen.findByTestId('playground-test', {}, { timeout: 20_000 }));
    expect(await screen.findByText('Please select an endpoint and enter an API key')).toBeTruthy();
    fireEvent.change(screen.getByTestId('playground-endpoint'), { target: { value: 'inventory' } });
    fireEvent.click(screen.getByTestId('playground-test'));
    expect(calls(fetchMock, '/v1/inventory')).toHaveLength(0);
  });

  it('sends the pasted key with plain fetch and shows the answer as it came, 401 included', async () => {
    const { fetchMock } = renderStore(
      '/api-playground',
      withKeys(undefined, (url) =>
        url.pathname === '/v1/sales'
          ? Response.json(
              { error: { code: 'API_KEY_INVALID', message: 'Invalid API key.' } },
              { status: 401, statusText: 'Unauthorized', headers: { 'ratelimit-remaining': '9' } },
            )
          : undefined,
      ),
    );
    fireEvent.change(await screen.findByTestId('playground-endpoint', {}, { timeout: 20_000 }), {
      target: { value: 'create-sale' },
    });
    fireEvent.change(screen.getByTestId('playground-secret'), { target: { value: 'sk_live_abc2XYZ' } });
    fireEvent.change(screen.getByTestId('playground-param-price'), { target: { value: '99.5' } });
    fireEvent.change(screen.getByTestId('playground-param-is_virtual'), { target: { value: 'true' } });
    // The pasted key picks its listed key and shows in full in the curl.
    expect((screen.getByTestId('playground-key') as HTMLSelectElement).value).toBe('key-2');
    expect(screen.getByTestId('playground-curl').textContent).toContain("x-api-key: sk_live_abc2XYZ'");
    fireEvent.click(screen.getByTestId('playground-test'));
    expect((await screen.findByTestId('playground-status')).textContent).toBe('401 Unauthorized');
    expect(screen.getByTestId('playground-headers').textContent).toContain('ratelimit-remaining: 9');
    expect(JSON.parse(screen.getByTestId('playground-body').textContent ?? '')).toEqual({
      error: { code: 'API_KEY_INVALID', message: 'Invalid API key.' },
    });
    const [sale] = calls(fetchMock, '/v1/sales', 'POST');
    const headers = new Headers(sale?.init?.headers);
    expect(headers.get('x-api-key')).toBe('sk_live_abc2XYZ');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBeTruthy();
    expect(headers.get('authorization')).toBeNull();
    expect(JSON.parse(String(sale?.init?.body))).toEqual({
      item_id: 'example-item-id',
      size: '42',
      price: 99.5,
      buyer_name: 'API customer',
      is_virtual: true,
    });
  });

  it('shows a failed call as JSON with error and details', async () => {
    renderStore(
      '/api-playground',
      withKeys(undefined, (url) => {
        if (url.pathname === '/v1/inventory') throw new TypeError('Failed to fetch');
        return undefined;
      }),
    );
    fireEvent.change(await screen.findByTestId('playground-endpoint', {}, { timeout: 20_000 }), {
      target: { value: 'inventory' },
    });
    fireEvent.change(screen.getByTestId('playground-secret'), { target: { value: 'sk_live_abc1XYZ' } });
    fireEvent.click(screen.getByTestId('playground-test'));
    const response = await screen.findByTestId('playground-response');
    expect(JSON.parse(response.textContent ?? '')).toEqual({
      error: 'Request failed',
      details: 'Failed to fetch',
    });
  });

  it('with no key, points to Settings → API keys', async () => {
    const { router } = renderStore('/dashboard/api-playground', withKeys([apiKey(1, { active: false })]));
    const text = await screen.findByTestId('playground-no-key', {}, { timeout: 20_000 });
    expect(text.textContent).toContain('Create one in Settings, then API keys.');
    fireEvent.click(within(text).getByRole('link', { name: 'Go to Settings → API keys' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'));
  });

  it('says so with a toast when the keys cannot be loaded', async () => {
    renderStore('/api-playground', (url) =>
      url.pathname === '/api/api-keys'
        ? Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Boom.' } }, { status: 500 })
        : undefined,
    );
    expect(await screen.findByText('Failed to load API keys', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
