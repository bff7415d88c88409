import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { bookingCreated, buildEvent } from '@sneakers/events';
import { createWebhookEndpoint } from '@sneakers/shared/contracts/webhooks';
import { startLocalCloud } from '../../localstack/src/cloud';
import { freePorts } from '../../localstack/src/ports';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { startReceiver } from '../../tests/support/webhook-receiver';
import { benchTrader } from '../../tests/bench/messaging-support';

const N = Number(process.argv[2] ?? 50);
const ports = await freePorts();
const receiver = await startReceiver();
const lines: string[] = [];
const cloud = await startLocalCloud({ ports, dataDir: mkdtempSync(join(tmpdir(), 'hk-')), persist: false, web: 'none', seed: false, log: (l) => { lines.push(l); if (!l.includes('done at')) console.log('[log]', l.slice(0, 300)); } });
const store = await benchTrader(cloud.urls.app, ports.cognito, 'Dbg');
for (let i = 0; i < 10; i++) await store.call(createWebhookEndpoint, { body: { url: receiver.url(`/h${i}`), events: ['booking.created'] } });
const bus = new EventBridgeClient({ region: 'eu-west-1', endpoint: cloud.urls.events, credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
const t = performance.now();
for (let i = 0; i < N; i += 10) {
  const entries = Array.from({ length: 10 }, (_, j) => { const e = buildEvent(bookingCreated, { bookingId: `b${i+j}`, storeUserId: store.userId, shareId: 'x', clientName: 'c', clientEmail: '', itemName: 'i', itemSku: 's', size: '42', salePrice: 1, prepaidAmount: 0, currency: 'EUR', status: 'pending', language: 'en', storeBusinessName: 'b', notifyClient: false }, { eventId: randomUUID(), occurredAt: new Date().toISOString() }); return { Source: e.source, DetailType: e.detailType, Detail: JSON.stringify(e.detail), EventBusName: LOCAL_NAMES.eventBus }; });
  await bus.send(new PutEventsCommand({ Entries: entries }));
}
for (let k = 0; k < 60; k++) {
  await new Promise((r) => setTimeout(r, 1000));
  console.log(`${((performance.now() - t) / 1000).toFixed(0)}s received ${receiver.received.length} bus`, JSON.stringify(cloud.bus.stats()), 'queue busy', cloud.webhookQueue.busy());
  if (receiver.received.length >= N * 10) break;
}
await cloud.stop(); await receiver.close();
process.exit(0);
