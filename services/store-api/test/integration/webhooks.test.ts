import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createMyProfile, startDemoSession } from '@sneakers/shared/contracts/profiles';
import { createSale } from '@sneakers/shared/contracts/sales';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  sendWebhookTestEvent,
} from '@sneakers/shared/contracts/webhooks';
import { api, newUser, poll, rejection } from '../../../../tests/support/cloud-client';
import { startReceiver } from '../../../../tests/support/webhook-receiver';
import { key } from './support';

/**
 * Issue 27's webhook checks on the local cloud: a sale reaches a subscribed endpoint as
 * `sale.created` signed so the standardwebhooks verifier accepts it; an endpoint answering 500
 * is retried and the attempts show in the log; redelivery and the test event work.
 */
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function store(role: 'store' | 'reseller' = 'store') {
  const user = await newUser();
  const { call } = api(user.token);
  await call(createMyProfile, {
    body: {
      role,
      businessName: `Hooks ${role}`,
      contactEmail: `hooks-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return call;
}

const arrivedAt = (path: string, count = 1) =>
  poll(
    async () => receiver.received.filter((r) => r.path === path),
    (list) => list.length >= count,
    20_000,
  );

describe('outgoing webhooks', () => {
  it('a sale reaches a subscribed endpoint as sale.created, signed as Standard Webhooks says', async () => {
    const call = await store();
    const path = `/sale-${randomUUID()}`;
    const { endpoint, secret } = await call(createWebhookEndpoint, {
      body: { url: receiver.url(path), events: ['sale.created'] },
    });
    expect(endpoint.secretPrefix).toBe(secret.slice(0, 10));
    const { item } = await call(createItem, {
      body: { listType: 'inventory', sku: 'IE3437', name: 'Samba OG', sizes: ['42'] },
    });
    const { sale } = await call(createSale, {
      body: { source: 'inventory', itemId: item.id, size: '42', salePrice: 12000, buyerName: 'Walk-in' },
      idempotencyKey: key(),
    });
    const [got] = await arrivedAt(path);
    if (!got) throw new Error('nothing arrived');
    const payload = new Webhook(secret).verify(got.body, got.headers) as {
      type: string;
      data: { sale_id: string; sale_price: number; size: string };
    };
    expect(payload.type).toBe('sale.created');
    expect(payload.data).toMatchObject({ sale_id: sale.id, sale_price: 12000, size: '42' });
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 24 byte').toString('base64')}`).verify(
        got.body,
        got.headers,
      ),
    ).toThrow();

    const { deliveries } = await poll(
      () => call(listWebhookDeliveries, { params: { endpointId: endpoint.id }, query: {} }),
      (r) => r.deliveries[0]?.status === 'succeeded',
    );
    expect(deliveries).toEqual([
      expect.objectContaining({ event: 'sale.created', status: 'succeeded', attempts: 1, responseCode: 204 }),
    ]);
  });

  it('retries an endpoint answering 500, logs every attempt, and redelivers the same message', async () => {
    const call = await store();
    const path = `/failing-${randomUUID()}`;
    receiver.answer(path, 500);
    const { endpoint, secret } = await call(createWebhookEndpoint, {
      body: { url: receiver.url(path), events: ['offer.received'] },
    });
    const { delivery } = await call(sendWebhookTestEvent, { params: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });

    // The first retry comes 5 s after the first failure.
    const { deliveries } = await poll(
      () => call(listWebhookDeliveries, { params: { endpointId: endpoint.id }, query: {} }),
      (r) => (r.deliveries[0]?.attempts ?? 0) >= 2,
      30_000,
    );
    const [logged] = deliveries;
    expect(logged).toMatchObject({ status: 'pending', responseCode: 500, attempts: 2 });
    expect(logged?.attemptLog.map((a) => a.responseCode)).toEqual([500, 500]);
    expect(logged?.nextAttemptAt).not.toBeNull();
    const ids = new Set((await arrivedAt(path, 2)).map((r) => r.headers['webhook-id']));
    expect(ids).toEqual(new Set([delivery.messageId]));

    receiver.answer(path, 200);
    await call(redeliverWebhook, { params: { endpointId: endpoint.id, deliveryId: delivery.id } });
    const after = await poll(
      () => call(listWebhookDeliveries, { params: { endpointId: endpoint.id }, query: {} }),
      (r) => r.deliveries[0]?.status === 'succeeded',
    );
    expect(after.deliveries[0]).toMatchObject({ status: 'succeeded', responseCode: 200, attempts: 3 });
    const last = receiver.received.filter((r) => r.path === path).at(-1);
    if (!last) throw new Error('nothing arrived');
    expect(last.headers['webhook-id']).toBe(delivery.messageId);
    expect(new Webhook(secret).verify(last.body, last.headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('refuses http to a public host and resellers', async () => {
    const call = await store();
    const bad = await rejection(
      call(createWebhookEndpoint, { body: { url: 'http://example.com/hook', events: ['sale.created'] } }),
    );
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const reseller = await store('reseller');
    const refused = await rejection(
      reseller(createWebhookEndpoint, { body: { url: receiver.url('/r'), events: ['sale.created'] } }),
    );
    expect([refused.status, refused.code]).toEqual([403, 'STORE_ONLY']);
  });

  it('Try Demo shows the demo endpoint and its deliveries and refuses writes with DEMO_MODE', async () => {
    const { accessToken } = await api().call(startDemoSession, {});
    const demo = api(accessToken).call;
    const { endpoints } = await demo(listWebhookEndpoints, {});
    const [endpoint] = endpoints;
    if (!endpoint) throw new Error('no demo endpoint');
    expect(endpoint).toMatchObject({ enabled: true, url: expect.stringMatching(/^https:\/\//) });
    const { deliveries } = await demo(listWebhookDeliveries, {
      params: { endpointId: endpoint.id },
      query: {},
    });
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(deliveries.some((d) => d.attempts > 1)).toBe(true);
    for (const write of [
      demo(createWebhookEndpoint, { body: { url: 'https://example.com/x', events: ['sale.created'] } }),
      demo(sendWebhookTestEvent, { params: { endpointId: endpoint.id } }),
    ])
      expect(await rejection(write)).toMatchObject({ status: 403, code: 'DEMO_MODE' });
  });
});
