import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { payloadOf } from './domain';
import type { DeliveryRecord, EndpointRecord } from './ports';
import { createWebhooksRepository } from './repository';

/**
 * Try Demo's webhooks (docs/product/store-api.md#webhooks): one endpoint of the demo store and a
 * short delivery log (a success, a retried failure, a test event). Written below the routes:
 * a create checks the URL resolves to a public address, which a sample host never does. The
 * host is under `.example`, which never resolves, so a seed-time event fanned out to it only
 * logs a failed attempt. Re-running writes nothing twice.
 */
const ENDPOINT_ID = '01JDEMOWEBHOOKENDPOINT0001';
const SECRET = `whsec_${Buffer.from('demo-webhook-secret-never-used').toString('base64')}`;

export async function seedDemoWebhookData(storeUserId: string, now = new Date()): Promise<boolean> {
  const { client, table } = tableAccess();
  const repo = createWebhooksRepository(client, table);
  if (await repo.getEndpoint(storeUserId, ENDPOINT_ID)) return false;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const endpoint: EndpointRecord = {
    storeUserId,
    id: ENDPOINT_ID,
    url: 'https://hooks.kicks.example/sneaker-crm',
    description: 'Stock sync with the online shop',
    events: ['sale.created', 'order.updated'],
    enabled: true,
    disabledReason: null,
    secret: SECRET,
    previousSecret: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    createdAt: at(60 * 24 * 12),
    updatedAt: at(60 * 24 * 12),
  };
  await repo.createEndpoint(endpoint);
  const delivery = (
    id: string,
    event: string,
    minutesAgo: number,
    data: unknown,
    attempts: { minutesAgo: number; code: number | null; ms: number; error?: string }[],
  ): DeliveryRecord => {
    const last = attempts.at(-1);
    const ok = last?.code !== undefined && last.code !== null && last.code < 300;
    return {
      endpointId: ENDPOINT_ID,
      id,
      storeUserId,
      event,
      messageId: `msg_${id}`,
      payload: payloadOf(event, at(minutesAgo), data),
      status: ok ? 'succeeded' : 'failed',
      responseCode: last?.code ?? null,
      durationMs: last?.ms ?? null,
      attempts: attempts.length,
      nextAttemptAt: null,
      attemptLog: attempts.map((a) => ({
        at: at(a.minutesAgo),
        responseCode: a.code,
        durationMs: a.ms,
        error: a.error ?? null,
      })),
      createdAt: at(minutesAgo),
      updatedAt: at(attempts.at(-1)?.minutesAgo ?? minutesAgo),
    };
  };
  const sale = {
    sale_id: 'demo-sale',
    sale_price: 18000,
    currency: 'EUR',
    item_name: 'Air Jordan 1 High OG',
    sku: 'DZ5485-612',
    size: '42',
  };
  const rows = [
    delivery(
      '01JDEMOWEBHOOKDELIVERY0001',
      'webhook.test',
      60 * 24 * 12,
      { message: 'This is a test event.' },
      [{ minutesAgo: 60 * 24 * 12, code: 200, ms: 143 }],
    ),
    delivery('01JDEMOWEBHOOKDELIVERY0002', 'sale.created', 60 * 26, sale, [
      { minutesAgo: 60 * 26, code: 503, ms: 2210 },
      { minutesAgo: 60 * 26 - 1, code: null, ms: 15000, error: 'timeout' },
      { minutesAgo: 60 * 25, code: 200, ms: 187 },
    ]),
    delivery(
      '01JDEMOWEBHOOKDELIVERY0003',
      'sale.created',
      60 * 3,
      { ...sale, sale_id: 'demo-sale-2', size: '43' },
      [{ minutesAgo: 60 * 3, code: 200, ms: 121 }],
    ),
  ];
  for (const row of rows) await repo.createDelivery(row);
  return true;
}
