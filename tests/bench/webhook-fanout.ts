import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { bookingCreated, buildEvent } from '@sneakers/events';
import { createWebhookEndpoint } from '@sneakers/shared/contracts/webhooks';
import { freePorts } from '../../localstack/src/ports';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { startReceiver } from '../support/webhook-receiver';
import { startCloudProcess, stopCloudProcess, settled } from './cloud-process';
import { benchTrader } from './messaging-support';
import { row } from './stats';

const EVENTS = 1000;
const ENDPOINTS = 10;
const BUDGET_MS = 60_000;

/**
 * Issue 27's fan-out budget: 1,000 events to 10 endpoints delivered within 60 s locally, each
 * exactly once to a healthy endpoint. The events (`Booking.Created` without a client email, so
 * no other consumer sends anything) go onto the local bus as the outbox would put them; timed
 * from the first PutEvents until the receiver has all 10,000 requests, which are then counted
 * per endpoint and per `webhook-id`.
 */
export async function benchWebhookFanout(): Promise<{ ms: number; exactlyOnce: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-webhooks-'));
  const ports = await freePorts();
  const receiver = await startReceiver();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    console.log(`\n## Webhook fan-out: ${EVENTS} events to ${ENDPOINTS} endpoints`);
    const store = await benchTrader(appUrl, ports.cognito, 'Bench Webhooks');
    for (let i = 0; i < ENDPOINTS; i++)
      await store.call(createWebhookEndpoint, {
        body: { url: receiver.url(`/hook-${i}`), events: ['booking.created'] },
      });
    await settled(appUrl);
    receiver.received.length = 0;

    const bus = new EventBridgeClient({
      region: LOCAL_NAMES.region,
      endpoint: `http://127.0.0.1:${ports.events}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const entries = Array.from({ length: EVENTS }, (_, i) => {
      const event = buildEvent(
        bookingCreated,
        {
          bookingId: `bench-${i}`,
          storeUserId: store.userId,
          shareId: randomUUID(),
          clientName: 'Bench Client',
          clientEmail: '',
          itemName: 'Samba OG',
          itemSku: 'IE3437',
          size: '42',
          salePrice: 12000,
          prepaidAmount: 0,
          currency: 'EUR',
          status: 'pending',
          language: 'en',
          storeBusinessName: 'Bench Webhooks',
          notifyClient: false,
        },
        { eventId: randomUUID(), occurredAt: new Date().toISOString() },
      );
      return {
        Source: event.source,
        DetailType: event.detailType,
        Detail: JSON.stringify(event.detail),
        EventBusName: LOCAL_NAMES.eventBus,
      };
    });
    const t = performance.now();
    for (let i = 0; i < entries.length; i += 10)
      await bus.send(new PutEventsCommand({ Entries: entries.slice(i, i + 10) }));
    const putMs = performance.now() - t;
    const expected = EVENTS * ENDPOINTS;
    while (receiver.received.length < expected && performance.now() - t < BUDGET_MS * 2)
      await new Promise((r) => setTimeout(r, 50));
    const ms = performance.now() - t;
    // Late duplicates would arrive after the last first delivery: give them a moment.
    await new Promise((r) => setTimeout(r, 2000));

    const perEndpoint = new Map<string, { count: number; ids: Set<string> }>();
    for (const r of receiver.received) {
      const entry = perEndpoint.get(r.path) ?? { count: 0, ids: new Set<string>() };
      entry.count += 1;
      entry.ids.add(r.headers['webhook-id'] ?? '');
      perEndpoint.set(r.path, entry);
    }
    const counts = [...perEndpoint.values()];
    const exactlyOnce =
      perEndpoint.size === ENDPOINTS && counts.every((c) => c.count === EVENTS && c.ids.size === EVENTS);
    row(`put ${EVENTS} events on the bus`, `${(putMs / 1000).toFixed(1)} s`);
    row(
      `all ${expected} deliveries received (budget ${BUDGET_MS / 1000} s)`,
      `${(ms / 1000).toFixed(1)} s${receiver.received.length < expected ? ` — only ${receiver.received.length}` : ''}`,
    );
    row(
      'requests per endpoint (min / max), distinct webhook-ids per endpoint (min)',
      `${Math.min(...counts.map((c) => c.count))} / ${Math.max(...counts.map((c) => c.count))}, ${Math.min(...counts.map((c) => c.ids.size))}`,
    );
    row('each event exactly once to each endpoint', exactlyOnce ? 'yes' : 'NO');
    return { ms, exactlyOnce };
  } finally {
    await stopCloudProcess(child);
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
