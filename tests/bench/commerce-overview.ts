import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserActor } from '@sneakers/shared/actor';
import { createApiClient } from '@sneakers/shared/api-client';
import { DAY_MS, systemClock } from '@sneakers/shared/clock';
import { getOverview, OVERVIEW_PERIODS } from '@sneakers/shared/contracts/overview';
import { ulid } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { toRow } from '@sneakers/shared/table/entity';
import {
  createOverviewReader,
  getStoreOverview,
  readStoreBalances,
  saleEntity,
  type SaleRecord,
} from '../../services/commerce/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { countRequests } from '../support/count-requests';
import { storeUser } from './bench-user';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, row } from './stats';

const SALES = 10_000;
const SAMPLES = 100;
const BRANDS = [
  'Nike',
  'Adidas',
  'New Balance',
  'Asics',
  'Jordan',
  'Puma',
  'Reebok',
  'Vans',
  'Converse',
  'Salomon',
];
const PRODUCTS = 300;
/** Sales spread over the last 300 days: all inside the 12-month period. */
const SPREAD_DAYS = 300;

function saleAt(storeUserId: string, i: number, now: number): SaleRecord {
  const created = now - Math.floor((i / SALES) * SPREAD_DAYS * DAY_MS);
  const product = i % PRODUCTS;
  const salePrice = 10_000 + (i % 50) * 500;
  const purchasePrice = 8_000 + (i % 30) * 200;
  const fees = 500;
  const at = new Date(created).toISOString();
  return {
    storeUserId,
    id: ulid(created),
    source: 'inventory',
    itemId: null,
    providerId: null,
    consignmentId: null,
    orderId: null,
    productCatalogId: null,
    sku: `BENCH-${String(product).padStart(4, '0')}`,
    name: `Bench sneaker ${product}`,
    brand: BRANDS[product % BRANDS.length] ?? 'Nike',
    colorway: 'White/Black',
    imageUrl: null,
    size: String(36 + (i % 12)),
    quantity: 1,
    salePrice,
    purchasePrice,
    fees,
    profit: salePrice - purchasePrice - fees,
    currency: 'EUR',
    saleDate: at.slice(0, 10),
    clientId: null,
    buyerName: `Buyer ${i}`,
    shippingCarrier: null,
    trackingNumber: null,
    notes: null,
    paymentMethod: null,
    confirmationQueuedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The store's overview with 10,000 sales (budget: at most 3 DynamoDB requests): the sales
 * are written straight to the table (BatchWriteItem) and reach the aggregates the honest
 * way, through the table stream and the ledger consumer (the catch-up is timed); then the
 * requests of the use case, counted on the real DocumentClient, and GET /api/overview
 * through the gateway.
 */
export async function benchCommerceOverview(): Promise<{ requests: number; apiMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-overview-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh', '--memory']);
  try {
    console.log(
      `\n## Store overview with ${SALES.toLocaleString('en')} sales (budget: at most 3 DynamoDB requests)`,
    );
    const { token, userId } = await storeUser(appUrl, ports.cognito);
    const call = createApiClient({ baseUrl: appUrl, getToken: () => token });
    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });

    const now = Date.now();
    const rows = Array.from({ length: SALES }, (_, i) => toRow(saleAt(userId, i, now)));
    const seedStart = performance.now();
    for (let i = 0; i < rows.length; i += 1000) {
      const { unprocessed } = await saleEntity
        .put(rows.slice(i, i + 1000))
        .go({ client: doc, table: LOCAL_NAMES.table, concurrency: 4 });
      if (unprocessed.length > 0) throw new Error(`${unprocessed.length} sales were not written`);
    }
    const written = performance.now();
    row(`write ${SALES} sale rows (BatchWriteItem)`, `${((written - seedStart) / 1000).toFixed(1)} s`);
    for (;;) {
      const sales = (await readStoreBalances(doc, LOCAL_NAMES.table, userId)).find(
        (b) => b.currency === 'EUR',
      )?.sales;
      if (sales === SALES) break;
      if (performance.now() - written > 15 * 60_000) throw new Error(`the ledger stopped at ${sales} sales`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const caughtUp = performance.now();
    row(
      'ledger stream catch-up after the last write',
      `${((caughtUp - written) / 1000).toFixed(1)} s (${Math.round(SALES / ((caughtUp - seedStart) / 1000))} sales/s end to end)`,
    );

    const requests = countRequests(doc);
    const deps = { reader: createOverviewReader(doc, LOCAL_NAMES.table), clock: systemClock };
    const actor: UserActor = { kind: 'user', userId, isSuperuser: false, isDemo: false };
    let most = 0;
    for (const period of OVERVIEW_PERIODS) {
      requests.length = 0;
      const overview = await getStoreOverview(deps, actor, { period });
      most = Math.max(most, requests.length);
      if (period === '12m' && overview.totals.sales !== SALES)
        throw new Error(`12m shows ${overview.totals.sales} sales`);
    }
    row(
      `DynamoDB requests per overview (each of ${OVERVIEW_PERIODS.join(', ')})`,
      `at most ${most} ${most <= 3 ? '(within budget)' : '(OVER BUDGET)'}`,
    );

    let apiMs = 0;
    for (const period of ['30d', '12m'] as const) {
      for (let i = 0; i < 10; i++) await call(getOverview, { query: { period } });
      const api: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t = performance.now();
        await call(getOverview, { query: { period } });
        api.push(performance.now() - t);
      }
      row(
        `GET /api/overview?period=${period} (n=${SAMPLES})`,
        `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
      );
      apiMs = Math.max(apiMs, median(api));
    }
    return { requests: most, apiMs };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
