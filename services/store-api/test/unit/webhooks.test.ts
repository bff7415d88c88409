import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  addressAllowed,
  checkWebhookUrl,
  isBlockedAddress,
  urlPolicyFrom,
} from '../../src/webhooks/addresses';
import * as webhooks from '../../src/webhooks/domain';
import { nextRetryDelaySeconds, RETRY_SPAN_SECONDS } from '../../src/webhooks/retry';
import { newWebhookSecret, signWebhook } from '../../src/webhooks/signing';
import { memoryWebhooks } from './memory';

const store: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: false };
const reseller: Actor = { kind: 'user', userId: 'reseller-1', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: true };

/** The verifier checks the timestamp against the real clock: run it at the test clock's time. */
function verifyAt(at: Date, secret: string, body: string, headers: Record<string, string>) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    return new Webhook(secret).verify(body, headers);
  } finally {
    vi.useRealTimers();
  }
}
afterEach(() => {
  vi.useRealTimers();
});

function setUp(options?: Parameters<typeof memoryWebhooks>[0]) {
  const m = memoryWebhooks(options);
  m.stores.add('store-1');
  return m;
}

describe('signing (Standard Webhooks)', () => {
  it('is accepted by the standardwebhooks verifier, and a changed body is not', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const at = new Date();
    const payload = JSON.stringify({ type: 'sale.created', data: { sale_id: 's1' } });
    const headers = signWebhook([secret], { id: 'msg_1', at, payload });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(payload, { ...headers })).toEqual(JSON.parse(payload));
    expect(() => new Webhook(secret).verify(payload.replace('s1', 's2'), { ...headers })).toThrow();
  });

  it('signs with both secrets during a rotation: a receiver holding either accepts', () => {
    const [current, previous, other] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const payload = '{"type":"webhook.test"}';
    const headers = signWebhook([current, previous], { id: 'msg_2', at: new Date(), payload });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(payload, { ...headers })).not.toThrow();
    expect(() => new Webhook(previous).verify(payload, { ...headers })).not.toThrow();
    expect(() => new Webhook(other).verify(payload, { ...headers })).toThrow();
  });
});

describe('retry schedule', () => {
  it('backs off and keeps trying for at least 24 hours, then stops', () => {
    const delays: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const d = nextRetryDelaySeconds(attempt);
      if (d === null) break;
      delays.push(d);
    }
    expect(delays[0]).toBe(5);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(RETRY_SPAN_SECONDS);
    expect(RETRY_SPAN_SECONDS).toBeGreaterThanOrEqual(24 * 3600);
  });
});

describe('address checks (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    '[::1]',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('wants https, and loopback http only where the local stage allows it', () => {
    const aws = urlPolicyFrom({ STAGE: 'aws', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    const local = urlPolicyFrom({ STAGE: 'local', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    expect(aws.allowLoopbackHttp).toBe(false);
    expect(urlPolicyFrom({ STAGE: 'local' }).allowLoopbackHttp).toBe(false);
    expect(checkWebhookUrl('http://example.com/hook', aws)).toBe('not_https');
    expect(checkWebhookUrl('https://example.com/hook', aws)).toBeNull();
    expect(checkWebhookUrl('https://127.0.0.1/hook', aws)).toBe('blocked_address');
    expect(checkWebhookUrl('https://[::1]/hook', aws)).toBe('blocked_address');
    expect(checkWebhookUrl('https://localhost/hook', aws)).toBe('blocked_address');
    expect(checkWebhookUrl('https://user:pw@example.com/', aws)).toBe('credentials');
    expect(checkWebhookUrl('http://127.0.0.1:9999/hook', local)).toBeNull();
    expect(checkWebhookUrl('http://10.0.0.1/hook', local)).toBe('not_https');
    expect(addressAllowed('127.0.0.1', local)).toBe(true);
    expect(addressAllowed('10.0.0.1', local)).toBe(false);
  });

  it('refuses a name that resolves to loopback', async () => {
    const m = setUp({ addresses: { 'sneaky.example.com': ['93.184.216.34', '127.0.0.1'] } });
    await expect(
      webhooks.createEndpoint(m.deps, store, {
        url: 'https://sneaky.example.com/hook',
        events: ['sale.created'],
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(m.endpoints.size).toBe(0);
  });
});

describe('endpoints', () => {
  it('answers the secret once, and only stores may use webhooks; demo writes are refused', async () => {
    const m = setUp();
    const created = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://example.com/hook',
      events: ['sale.created'],
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await webhooks.listEndpoints(m.deps, store)).endpoints)).not.toContain(
      created.secret,
    );
    await expect(webhooks.listEndpoints(m.deps, reseller)).rejects.toMatchObject({ code: 'STORE_ONLY' });
    await expect(
      webhooks.createEndpoint(m.deps, demo, { url: 'https://example.com/x', events: ['sale.created'] }),
    ).rejects.toMatchObject({ code: 'DEMO_MODE' });
  });

  it('rotation: the new secret answers once, the old one signs beside it for 24 hours, then not', async () => {
    const m = setUp();
    const { endpoint, secret: first } = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://example.com/hook',
      events: ['sale.created'],
    });
    const rotated = await webhooks.rotateSecret(m.deps, store, endpoint.id);
    expect(rotated.secret).not.toBe(first);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe('2026-01-02T00:00:00.000Z');

    const { delivery } = await webhooks.sendTestEvent(m.deps, store, endpoint.id);
    const [queued] = m.queued;
    if (!queued) throw new Error('nothing queued');
    await webhooks.deliver(m.deps, queued.message);
    const sent = m.posts[0];
    if (!sent) throw new Error('nothing sent');
    expect(sent.headers['webhook-id']).toBe(delivery.messageId);
    for (const s of [first, rotated.secret])
      expect(() => verifyAt(m.clock.now(), s, sent.body, sent.headers)).not.toThrow();

    m.clock.advance(24 * 3600_000 + 1000);
    await webhooks.redeliver(m.deps, store, endpoint.id, delivery.id);
    const again = m.queued.at(-1);
    if (!again) throw new Error('nothing queued');
    await webhooks.deliver(m.deps, again.message);
    const late = m.posts.at(-1);
    if (!late) throw new Error('nothing sent');
    expect(late.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => verifyAt(m.clock.now(), rotated.secret, late.body, late.headers)).not.toThrow();
    expect(() => verifyAt(m.clock.now(), first, late.body, late.headers)).toThrow();
  });
});

describe('fan-out and sending', () => {
  it('one delivery per subscribed, enabled endpoint, once per event id', async () => {
    const m = setUp();
    const a = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://a.example.com/',
      events: ['sale.created'],
    });
    await webhooks.createEndpoint(m.deps, store, {
      url: 'https://b.example.com/',
      events: ['offer.received'],
    });
    const c = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://c.example.com/',
      events: ['sale.created'],
    });
    await webhooks.updateEndpoint(m.deps, store, c.endpoint.id, { enabled: false });
    const input = {
      eventId: 'evt-1',
      storeUserId: 'store-1',
      event: 'sale.created' as const,
      occurredAt: '2026-01-01T00:00:00.000Z',
      data: { sale_id: 's1' },
    };
    expect(await webhooks.fanOut(m.deps, input)).toBe(1);
    expect(await webhooks.fanOut(m.deps, input)).toBe(0);
    expect([...m.deliveries.values()].map((d) => d.endpointId)).toEqual([a.endpoint.id]);
    expect(await webhooks.fanOut(m.deps, { ...input, storeUserId: 'someone-else' })).toBe(0);
  });

  it('a fan-out that stored its deliveries but could not queue them queues them when its event comes again', async () => {
    const m = setUp();
    const { endpoint } = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://a.example.com/',
      events: ['sale.created'],
    });
    const input = {
      eventId: 'evt-queue-down',
      storeUserId: store.userId,
      event: 'sale.created' as const,
      occurredAt: '2026-01-01T00:00:00.000Z',
      data: { sale_id: 's1' },
    };
    const sendNow = m.deps.queue.sendNow;
    m.deps.queue.sendNow = () => Promise.reject(new Error('queue unavailable'));
    await expect(webhooks.fanOut(m.deps, input)).rejects.toThrow('queue unavailable');
    expect(m.queued).toHaveLength(0);
    m.deps.queue.sendNow = sendNow;

    expect(await webhooks.fanOut(m.deps, input)).toBe(0);
    expect(m.queued.map((q) => q.message.endpointId)).toEqual([endpoint.id]);

    // Once attempted, the event coming again queues nothing.
    const first = m.queued.shift();
    if (!first) throw new Error('nothing queued');
    await webhooks.deliver(m.deps, first.message);
    m.queued.length = 0;
    expect(await webhooks.fanOut(m.deps, input)).toBe(0);
    expect(m.queued).toHaveLength(0);
  });

  it('a 3xx or 500 is a failure, retried with backoff and logged; a stale message sends nothing', async () => {
    const m = setUp();
    const { endpoint } = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://a.example.com/',
      events: ['sale.created'],
    });
    m.answerWith(() => ({ responseCode: 302, durationMs: 7, error: null }));
    await webhooks.sendTestEvent(m.deps, store, endpoint.id);
    const first = m.queued.shift();
    if (!first) throw new Error('nothing queued');
    expect(await webhooks.deliver(m.deps, first.message)).toBe('failed');
    expect(await webhooks.deliver(m.deps, first.message)).toBe('stale');
    expect(m.posts).toHaveLength(1);
    const retry = m.queued.shift();
    expect(retry?.delaySeconds).toBe(5);
    const [delivery] = [...m.deliveries.values()];
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseCode: 302 });
    expect(delivery?.attemptLog).toHaveLength(1);

    // Early: a chained wait, nothing sent.
    if (!retry) throw new Error('no retry');
    expect(await webhooks.deliver(m.deps, retry.message)).toBe('waiting');
    m.clock.advance(5000);
    m.answerWith(() => ({ responseCode: 500, durationMs: 3, error: null }));
    const chained = m.queued.shift();
    if (!chained) throw new Error('no chained message');
    expect(await webhooks.deliver(m.deps, chained.message)).toBe('failed');
    expect(m.queued.shift()?.delaySeconds).toBe(300);
    expect([...m.deliveries.values()][0]).toMatchObject({ attempts: 2, responseCode: 500 });
  });

  it('disables an endpoint failing for 5 days and publishes the notice once', async () => {
    const m = setUp();
    const { endpoint } = await webhooks.createEndpoint(m.deps, store, {
      url: 'https://a.example.com/',
      events: ['sale.created'],
    });
    m.answerWith(() => ({ responseCode: 500, durationMs: 1, error: null }));
    const attempt = async () => {
      await webhooks.sendTestEvent(m.deps, store, endpoint.id);
      const q = m.queued.pop();
      if (!q) throw new Error('nothing queued');
      await webhooks.deliver(m.deps, q.message);
    };
    await attempt();
    expect(m.endpoints.get(endpoint.id)?.failingSince).toBe('2026-01-01T00:00:00.000Z');
    m.clock.advance(4 * 86_400_000);
    await attempt();
    expect(m.endpoints.get(endpoint.id)?.enabled).toBe(true);
    m.clock.advance(86_400_000);
    await attempt();
    expect(m.endpoints.get(endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(m.events.map((e) => e.detailType)).toEqual(['WebhookEndpoint.Disabled']);
    // Re-enabling starts a new streak.
    const { endpoint: back } = await webhooks.updateEndpoint(m.deps, store, endpoint.id, { enabled: true });
    expect(back.disabledReason).toBeNull();
    expect(m.endpoints.get(endpoint.id)?.failingSince).toBeNull();
  });
});
