import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Item } from '@sneakers/shared/contracts/lists';
import { createApiKey } from '@sneakers/shared/contracts/store-api';
import { ulid } from '@sneakers/shared/ids';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { createItemRepository, newItem } from '../../services/lists/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { storeWithProfile } from './bench-user';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, row } from './stats';

const ITEMS = 200;
const PAGE = 50;
const SAMPLES = 100;
const WARMUP = 10;
/** Under the per-key rate (20 per 2 s window): the bench measures the call, not the 429. */
const PAUSE_MS = 110;

/**
 * `GET /v1/inventory` (a first page of 50) through the gateway, the key check (the
 * authorizer's lookup, cached as it is in a warm container) and the per-key limits write,
 * against the raw DynamoDB Query the use case needs (budget: 2x).
 */
export async function benchStoreApiInventory(): Promise<{ ratio: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-v1-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    console.log(
      `\n## GET /v1/inventory (first page of ${PAGE}) with an API key vs the raw Query (budget: 2x)`,
    );
    const { userId, call } = await storeWithProfile(appUrl, ports.cognito, 'Bench Integrations');
    const { secret } = await call(createApiKey, { idempotencyKey: randomUUID(), body: { name: 'Bench' } });

    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const table = LOCAL_NAMES.table;
    const now = Date.now();
    const items: Item[] = Array.from({ length: ITEMS }, (_, i) =>
      newItem(
        userId,
        {
          listType: 'inventory',
          sku: `BN${String(i).padStart(5, '0')}-100`,
          name: `Bench Sneaker ${i}`,
          sizes: [String(38 + (i % 9))],
          askingPrice: 15_000 + i * 100,
        },
        ulid(now - i * 1000),
        new Date(now - i * 1000),
      ),
    );
    await createItemRepository(doc, table).putMany(items, 8);
    await settled(appUrl);

    // The exact Query the use case sends, from the entity itself.
    const params = itemEntity.query
      .byOwner({ userId, listType: 'inventory' })
      .params({ table, limit: PAGE, order: 'desc' }) as QueryCommandInput;
    const rawQuery = async () => {
      const out = await doc.send(new QueryCommand(params));
      if ((out.Items?.length ?? 0) !== PAGE) throw new Error(`raw Query returned ${out.Items?.length}`);
    };
    const apiCall = async () => {
      const res = await fetch(`${appUrl}/v1/inventory?limit=${PAGE}`, { headers: { 'x-api-key': secret } });
      const body = (await res.json()) as { items?: unknown[] };
      if (res.status !== 200 || body.items?.length !== PAGE)
        throw new Error(`GET /v1/inventory answered ${res.status} with ${body.items?.length} items`);
    };
    const pause = () => new Promise((r) => setTimeout(r, PAUSE_MS));

    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      await pause();
      let t = performance.now();
      await apiCall();
      const apiMs = performance.now() - t;
      t = performance.now();
      await rawQuery();
      const rawMs = performance.now() - t;
      if (i >= WARMUP) {
        api.push(apiMs);
        raw.push(rawMs);
      }
    }
    const ratio = median(api) / median(raw);
    row(
      `raw DynamoDB Query, limit ${PAGE} (n=${SAMPLES})`,
      `median ${median(raw).toFixed(2)} ms, p95 ${percentile(raw, 95).toFixed(2)} ms`,
    );
    row(
      `GET /v1/inventory via gateway, key check and limits (n=${SAMPLES})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    row('ratio of medians', `${ratio.toFixed(2)}x ${ratio <= 2 ? '(within budget)' : '(OVER BUDGET)'}`);
    return { ratio };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
