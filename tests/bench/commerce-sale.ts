import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { UserActor } from '@sneakers/shared/actor';
import { createApiClient } from '@sneakers/shared/api-client';
import { systemClock } from '@sneakers/shared/clock';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createSale } from '@sneakers/shared/contracts/sales';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { createSalesRepository, recordSale } from '../../services/commerce/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { storeUser } from './bench-user';
import { keptTransactionClient } from './kept-transaction';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, row } from './stats';

const SAMPLES = 100;
const WARMUP = 10;

/**
 * Recording a sale through the gateway against the raw TransactWriteItems it performs
 * (budget: 2x). The raw transaction is the sale use case's own: the use case runs over a
 * DocumentClient that lets its reads through and keeps its transaction instead of sending
 * it (so the item stays available), then that exact transaction goes straight to DynamoDB
 * Local. Every sample sells a fresh inventory item, interleaved so both see the same load.
 */
export async function benchCommerceSale(): Promise<{ ratio: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-sale-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    console.log('\n## Recording a sale vs the raw transaction it performs (budget: 2x)');
    const { token, userId } = await storeUser(appUrl, ports.cognito);
    const call = createApiClient({ baseUrl: appUrl, getToken: () => token });
    const env = { AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}` };
    const raw = createDocumentClient(env);

    // One client for both modes: an ElectroDB Service binds the shared entities to the client
    // it was given, so a second repository over another client would take them over.
    const kept = keptTransactionClient(env);
    const deps = {
      repo: createSalesRepository(kept.client, LOCAL_NAMES.table),
      idempotency: createIdempotencyStore(kept.client, LOCAL_NAMES.table),
      clock: systemClock,
      ids: ulidGenerator,
    };
    const actor: UserActor = { kind: 'user', userId, isSuperuser: false, isDemo: false };

    let n = 0;
    const newItem = async () =>
      (
        await call(createItem, {
          body: {
            listType: 'inventory',
            sku: `BENCH-${++n}`,
            name: `Bench sneaker ${n}`,
            brand: 'Nike',
            sizes: ['42'],
            purchasePrice: 9_000,
            currency: 'EUR',
          },
        })
      ).item;
    const body = (itemId: string) => ({
      source: 'inventory' as const,
      itemId,
      size: '42',
      salePrice: 15_000,
      fees: 700,
      buyerName: 'Bench buyer',
      notifyClient: false,
    });

    const api: number[] = [];
    const direct: number[] = [];
    const useCase: number[] = [];
    let transactItems = 0;
    // Each figure is taken with the event pipeline idle: otherwise the previous sale's
    // consumers (relay, ledger, emails, pushes) share the CPU with whichever call comes next.
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const sold = await newItem();
      await settled(appUrl);
      let t = performance.now();
      await call(createSale, { idempotencyKey: randomUUID(), body: body(sold.id) });
      const apiMs = performance.now() - t;

      const held = await newItem();
      kept.keep(true);
      await recordSale(deps, actor, { 'idempotency-key': randomUUID() }, body(held.id));
      const transaction = kept.take();
      transactItems = transaction.TransactItems?.length ?? 0;
      await settled(appUrl);
      t = performance.now();
      await raw.send(new TransactWriteCommand(transaction));
      const rawMs = performance.now() - t;
      // The same use case sending everything: its reads plus its transaction.
      const whole = await newItem();
      kept.keep(false);
      await settled(appUrl);
      t = performance.now();
      await recordSale(deps, actor, { 'idempotency-key': randomUUID() }, body(whole.id));
      const useCaseMs = performance.now() - t;
      if (i >= WARMUP) {
        api.push(apiMs);
        direct.push(rawMs);
        useCase.push(useCaseMs);
      }
    }
    const ratio = median(api) / median(direct);
    row(
      `raw TransactWriteItems, ${transactItems} items (n=${SAMPLES})`,
      `median ${median(direct).toFixed(2)} ms, p95 ${percentile(direct, 95).toFixed(2)} ms`,
    );
    row(
      `sale use case over DynamoDB Local: reads + transaction (n=${SAMPLES})`,
      `median ${median(useCase).toFixed(2)} ms, p95 ${percentile(useCase, 95).toFixed(2)} ms`,
    );
    row(
      `POST /api/sales via gateway (n=${SAMPLES})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    row('ratio of medians', `${ratio.toFixed(2)}x ${ratio <= 2 ? '(within budget)' : '(OVER BUDGET)'}`);
    return { ratio };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
