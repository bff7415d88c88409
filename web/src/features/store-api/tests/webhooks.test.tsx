import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import type { WebhookDelivery, WebhookEndpoint } from '@sneakers/shared/contracts/webhooks';
import '../../../test/setup';
import { calls, renderStore } from './test-support';

afterEach(() => {
  toast.dismiss();
});

const endpoint = (patch: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'we-1',
  url: 'https://hooks.example.com/in',
  description: 'ERP',
  events: ['sale.created'],
  enabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_abcd',
  previousSecretExpiresAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...patch,
});
const delivery: WebhookDelivery = {
  id: 'wd-1',
  endpointId: 'we-1',
  event: 'sale.created',
  messageId: 'msg_1',
  status: 'failed',
  responseCode: 500,
  durationMs: 120,
  attempts: 3,
  nextAttemptAt: '2026-03-01T12:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  payload: '{}',
  attemptLog: [],
};

const hooks =
  (endpoints: WebhookEndpoint[]) =>
  (url: URL, init: RequestInit | undefined): Response | undefined => {
    if (url.pathname === '/api/api-keys') return Response.json({ keys: [] });
    if (url.pathname === '/api/webhooks/endpoints' && init?.method === 'POST')
      return Response.json(
        { endpoint: endpoint({ id: 'we-2' }), secret: 'whsec_NEWSECRET' },
        { status: 201 },
      );
    if (url.pathname === '/api/webhooks/endpoints') return Response.json({ endpoints });
    if (url.pathname === '/api/webhooks/endpoints/we-1/deliveries')
      return Response.json({ deliveries: [delivery], cursor: null });
    if (url.pathname === '/api/webhooks/endpoints/we-1/deliveries/wd-1/redeliver')
      return Response.json({ delivery: { ...delivery, status: 'pending' } });
    if (url.pathname === '/api/webhooks/endpoints/we-1' && init?.method === 'DELETE')
      return Response.json({ deleted: true });
    return undefined;
  };

describe('settings: webhooks panel', { timeout: 30_000 }, () => {
  it('adds an endpoint and shows its secret once; shows the delivery log and redelivers', async () => {
    const { fetchMock } = renderStore('/dashboard/settings', hooks([endpoint()]));
    const panel = await screen.findByTestId('webhooks-panel', {}, { timeout: 20_000 });

    fireEvent.click(within(panel).getByTestId('webhook-create'));
    expect(await within(panel).findByText('Choose at least one event.')).toBeTruthy();
    expect(within(panel).getByText('Enter a valid URL.')).toBeTruthy();
    fireEvent.change(within(panel).getByTestId('webhook-url'), {
      target: { value: 'https://erp.example.com/h' },
    });
    fireEvent.click(within(panel).getByTestId('webhook-event-sale.created'));
    fireEvent.click(within(panel).getByTestId('webhook-create'));
    const dialog = await screen.findByTestId('webhook-secret-dialog');
    expect(within(dialog).getByTestId('webhook-secret').textContent).toBe('whsec_NEWSECRET');
    const [post] = calls(fetchMock, '/api/webhooks/endpoints', 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      url: 'https://erp.example.com/h',
      events: ['sale.created'],
    });
    fireEvent.click(within(dialog).getByTestId('webhook-secret-done'));

    const card = await within(panel).findByTestId('webhook-endpoint');
    expect(within(card).getByTestId('webhook-status').textContent).toBe('Enabled');
    fireEvent.click(within(card).getByTestId('webhook-deliveries-toggle'));
    const row = await within(card).findByTestId('webhook-delivery');
    expect(row.textContent).toContain('sale.created');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('500');
    expect(row.textContent).toContain('120 ms');
    fireEvent.click(within(row).getByTestId('webhook-redeliver'));
    await waitFor(() =>
      expect(calls(fetchMock, '/api/webhooks/endpoints/we-1/deliveries/wd-1/redeliver', 'POST')).toHaveLength(
        1,
      ),
    );

    fireEvent.click(within(card).getByTestId('webhook-delete'));
    fireEvent.click(await screen.findByTestId('webhook-delete-confirm'));
    await waitFor(() => expect(calls(fetchMock, '/api/webhooks/endpoints/we-1', 'DELETE')).toHaveLength(1));
  });

  it('demo: shows the demo endpoint and refuses writes without asking the API', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { fetchMock } = renderStore(
      '/dashboard/settings',
      hooks([endpoint({ url: 'https://demo.example.com/hook' })]),
    );
    const card = await screen.findByTestId('webhook-endpoint', {}, { timeout: 20_000 });
    expect(card.textContent).toContain('https://demo.example.com/hook');
    fireEvent.click(within(card).getByTestId('webhook-send-test'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    fireEvent.click(within(card).getByTestId('webhook-toggle'));
    expect(calls(fetchMock, '/api/webhooks/endpoints/we-1/test', 'POST')).toHaveLength(0);
    expect(calls(fetchMock, '/api/webhooks/endpoints/we-1', 'PATCH')).toHaveLength(0);
  });
});
