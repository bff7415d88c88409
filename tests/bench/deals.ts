import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@sneakers/shared/clock';
import { listDeals as listDealsContract } from '@sneakers/shared/contracts/deals';
import { createItem } from '@sneakers/shared/contracts/lists';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { createDocumentClient } from '@sneakers/shared/table/client';
import {
  allMatches,
  createBoardRepository,
  listDeals,
  sourceOf,
  type ItemFacts,
  type OwnerProfile,
} from '../../services/deals/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { countRequests } from '../support/count-requests';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { benchTrader, settled, subscribedSocket } from './messaging-support';
import { median, percentile, row } from './stats';

const ITEMS = 100_000;
const USERS = 1_000;
/** A store for every 2.5 users: stores want, resellers have. */
const STORES = 400;
const PRODUCTS = 4_000;
const WRITES = 50;
const WARMUP = 5;
const BOARD_SAMPLES = 100;

const BRANDS = ['Nike', 'Jordan', 'adidas', 'New Balance'];
const SIZES_BY_BRAND: Record<string, string[]> = {
  Nike: [
    'US M 8',
    'US M 9',
    'US M 9.5',
    'US M 10',
    'EU 42',
    'EU 42.5',
    'EU 43',
    'UK 8',
    'UK 9',
    '44',
    'BULK',
  ],
  Jordan: ['US M 9', 'US M 10', 'US M 11', 'EU 42.5', 'EU 44', 'UK 8', 'UK 10'],
  adidas: ['US 9', 'US 10', 'EU 42 2/3', 'EU 44', 'UK 8.5', 'UK 9.5'],
  'New Balance': ['US 9', 'US 10', 'EU 42.5', 'EU 44', 'UK 8.5'],
};

/** A small seeded generator: the same population every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One style code in one of three spellings (`DD1391-100`, `dd1391 100`, `DD1391100`). */
function styleCode(product: number, spelling: number): string {
  const base = `BX${String(product).padStart(4, '0')}`;
  const suffix = String(100 + (product % 7));
  if (spelling === 0) return `${base}-${suffix}`;
  if (spelling === 1) return `${base} ${suffix}`.toLowerCase();
  return `${base}${suffix}`;
}

function population() {
  const next = random(29);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const profiles = new Map<string, OwnerProfile>();
  for (let u = 0; u < USERS; u++) {
    const userId = `bench-user-${u}`;
    profiles.set(userId, {
      userId,
      role: u < STORES ? 'store' : 'reseller',
      businessName: `Bench ${u}`,
      location: 'Madrid',
      profileVisibleInDeals: next() > 0.05,
      publicInventory: next() > 0.5,
      publicWtbList: true,
      publicWtsList: true,
      publicWtcList: true,
    });
  }
  const items: ItemFacts[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const u = Math.floor(next() * USERS);
    const store = u < STORES;
    const product = Math.floor(next() * PRODUCTS);
    const brand = BRANDS[product % BRANDS.length]!;
    const listType = store ? 'wtb' : pick(['wts', 'wtc', 'inventory'] as const);
    const sizes = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SIZES_BY_BRAND[brand]!));
    const price = 8_000 + Math.floor(next() * 100) * 100;
    items.push({
      userId: `bench-user-${u}`,
      id: `item-${i}`,
      listType,
      status: listType === 'inventory' ? 'available' : 'pending',
      visibility: next() > 0.1 ? 'public' : 'private',
      isBulk: false,
      productCatalogId: next() > 0.5 ? `prod-${product}` : null,
      sku: styleCode(product, Math.floor(next() * 3)),
      name: `Bench Sneaker ${product}`,
      brand,
      imageUrl: null,
      sizes,
      targetPrice: listType === 'wtb' ? price : null,
      desiredPrice: listType === 'wts' || listType === 'wtc' ? price : null,
      askingPrice: listType === 'inventory' ? price : null,
      currency: 'EUR',
      updatedAt: new Date(0).toISOString(),
    });
  }
  return { items, profiles };
}

/** (a) Every match of 100,000 items from scratch, with the matcher's own pure function. */
export function benchDealsFromScratch() {
  const { items, profiles } = population();
  const t0 = performance.now();
  const sources = items.map((item) => sourceOf(item, profiles.get(item.userId) ?? null));
  const t1 = performance.now();
  const deals = allMatches(sources);
  const t2 = performance.now();
  row(
    `${ITEMS} items of ${USERS} users: items as matching sees them`,
    `${(t1 - t0).toFixed(0)} ms (${sources.filter((s) => s.participates).length} take part)`,
  );
  row(
    `every match from scratch (allMatches)`,
    `${((t2 - t1) / 1000).toFixed(2)} s, ${deals.size / 2} matches (${deals.size} stored deals)`,
  );
}

/**
 * The deals budgets (issue 29): (a) building every match of 100,000 items over 1,000 users
 * from scratch; (b) an item's write through the API until its deals are stored and pushed to
 * the other user's socket, p95 ≤ 2 s; (c) the board's first page: at most 2 DynamoDB
 * requests, median through the gateway ≤ 2x the raw requests.
 */
export async function benchDeals(): Promise<{ p95Ms: number; ratio: number }> {
  console.log(
    `\n## Deals (budgets: write → stored and pushed p95 <= 2 s; board first page <= 2 DynamoDB requests and <= 2x the raw requests)`,
  );
  benchDealsFromScratch();

  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-deals-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  const wsUrl = `ws://127.0.0.1:${ports.ws}`;
  const sockets: { close: () => void }[] = [];
  try {
    const store = await benchTrader(appUrl, ports.cognito, 'Bench Deals Store', 'store');
    const reseller = await benchTrader(appUrl, ports.cognito, 'Bench Deals Reseller', 'reseller');
    await reseller.call(updateMyProfile, { body: { publicWtsList: true } });
    for (let i = 0; i < WARMUP + WRITES; i++)
      await store.call(createItem, {
        body: {
          listType: 'wtb',
          sku: styleCode(i, 0),
          name: `Bench Sneaker ${i}`,
          brand: 'Nike',
          sizes: ['US M 9', 'US M 10'],
          targetPrice: 12_000 + i * 10,
          visibility: 'public',
        },
      });
    await settled(store);
    const socket = await subscribedSocket(wsUrl, store);
    sockets.push(socket);

    // (b) The reseller lists a pair each WTB wants, in another spelling and size system.
    const latency: number[] = [];
    for (let i = 0; i < WARMUP + WRITES; i++) {
      const pushed = socket.waitFor((f) => f.type === 'invalidate' && f.topic === 'deals', 20_000);
      const t = performance.now();
      await reseller.call(createItem, {
        body: {
          listType: 'wts',
          sku: styleCode(i, 1),
          name: `Bench Sneaker ${i}`,
          brand: 'Nike',
          sizes: ['EU 42.5'],
          desiredPrice: 11_000 + (i % 20) * 100,
          visibility: 'public',
        },
      });
      const at = await pushed;
      if (i >= WARMUP) latency.push(at - t);
    }
    const p95Ms = percentile(latency, 95);
    row(
      `WTS write → deals stored and pushed to the store (n=${WRITES})`,
      `median ${median(latency).toFixed(0)} ms, p95 ${p95Ms.toFixed(0)} ms ${p95Ms <= 2_000 ? 'ok' : 'OVER BUDGET'} (budget 2 s)`,
    );

    // (c) The store's board: its first page, counted, then timed against the gateway.
    const counted = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const sent = countRequests(counted);
    const deps = { repo: createBoardRepository(counted, LOCAL_NAMES.table), clock: systemClock };
    const actor = { kind: 'user' as const, userId: store.userId, isSuperuser: false, isDemo: false };
    const raw = async () => {
      sent.length = 0;
      const page = await listDeals(deps, actor, {});
      if (page.deals.length === 0) throw new Error('the board is empty');
      return sent.length;
    };
    const requests = await raw();
    row(
      'board first page: DynamoDB requests',
      `${requests} (${sent.join(', ')}) ${requests <= 2 ? 'ok' : 'OVER BUDGET'} (budget 2)`,
    );
    const callApi = async () => {
      const page = await store.call(listDealsContract, { query: {} });
      if (page.deals.length === 0) throw new Error('the API answered an empty board');
    };
    for (let i = 0; i < 10; i++) {
      await raw();
      await callApi();
    }
    const rawMs: number[] = [];
    const apiMs: number[] = [];
    for (let i = 0; i < BOARD_SAMPLES; i++) {
      let t = performance.now();
      await raw();
      rawMs.push(performance.now() - t);
      t = performance.now();
      await callApi();
      apiMs.push(performance.now() - t);
    }
    const ratio = median(apiMs) / median(rawMs);
    row(
      `board first page (${WARMUP + WRITES} deals): gateway vs raw requests (median)`,
      `${median(apiMs).toFixed(2)} ms vs ${median(rawMs).toFixed(2)} ms = ${ratio.toFixed(2)}x ${ratio <= 2 ? 'ok' : 'OVER BUDGET'} (p95 ${percentile(apiMs, 95).toFixed(1)} / ${percentile(rawMs, 95).toFixed(1)} ms)`,
    );
    return { p95Ms, ratio };
  } finally {
    for (const s of sockets) s.close();
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
