import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Item } from '@sneakers/shared/contracts/lists';
import { updateStorefrontSetup } from '@sneakers/shared/contracts/storefront';
import { systemClock } from '@sneakers/shared/clock';
import { ulid } from '@sneakers/shared/ids';
import { createMemoryRateLimiter } from '@sneakers/shared/rate-limit/memory';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { createItemRepository, newItem } from '../../services/lists/src/published';
import { createStorefrontReader, getStorefront } from '../../services/storefront/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { countRequests } from '../support/count-requests';
import { storeWithProfile } from './bench-user';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { lighthouseScore } from './lighthouse';
import { median, percentile, REPO_ROOT, row } from './stats';

const ITEMS = 1_000;
const PAGE = 48;
const SAMPLES = 150;
const WARMUP = 20;
const BRANDS = ['Nike', 'Jordan', 'Adidas', 'New Balance', 'Asics', 'Puma'];
/** Under the public read limit (20 per 10 s per visitor and store): the bench measures the call, not the 429. */
const PAUSE_MS = 520;

/** store.html's initial JavaScript (gzip): its entry and every chunk it imports statically. */
function storeInitialJs(): { bytes: number; files: number } {
  const dist = join(REPO_ROOT, 'web', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit('store.html');
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  return { bytes, files: files.size };
}

/**
 * The online store's budgets (issue 28): a storefront with 1,000 published items on a phone
 * (Lighthouse mobile median of 5 ≥ 95, initial JS ≤ 100 KB gzip, LCP ≤ 2.5 s, CLS ≤ 0.1; a
 * product page the same), and its first page through the gateway: at most 2 DynamoDB requests,
 * median ≤ 2x the raw requests it makes.
 */
export async function benchStorefront(): Promise<{ ratio: number }> {
  console.log(
    `\n## Online store with ${ITEMS} published items (budgets: first page <= 2 DynamoDB requests and <= 2x the raw requests; pages: Lighthouse mobile >= 95, initial JS <= 100 KB gzip)`,
  );
  if (!existsSync(join(REPO_ROOT, 'web', 'dist', 'store.html')))
    execFileSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const js = storeInitialJs();
  row(
    'initial JS of store.html (storefront and product pages)',
    `${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files} files ${js.bytes <= 100 * 1024 ? 'ok' : 'OVER BUDGET'}`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-store-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=dist', '--fresh']);
  try {
    const { userId, call } = await storeWithProfile(appUrl, ports.cognito, 'Bench Kicks');
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
          brand: BRANDS[i % BRANDS.length],
          colorway: 'White/Black',
          // No remote images: this machine has no network, and the placeholder is what loads.
          imageUrl: null,
          sizes: [String(38 + (i % 9)), String(39 + (i % 9))],
          askingPrice: 12_000 + (i % 40) * 500,
          purchasePrice: 8_000,
        },
        ulid(now - i * 1000),
        new Date(now - i * 1000),
      ),
    );
    await call(updateStorefrontSetup, {
      body: {
        enabled: true,
        name: 'Bench Kicks',
        logoUrl: null,
        bannerUrl: null,
        description: 'A thousand pairs.',
        contact: 'bench@example.com',
        returnsText: '',
        lists: ['inventory'],
        virtualProductIds: [],
      },
    });
    const seeded = performance.now();
    await createItemRepository(doc, table).putMany(items, 8);
    // The storefront is a projection kept from the table's stream: wait until it shows every item.
    const storeUrl = `${appUrl}/api/store/${encodeURIComponent(userId)}?limit=${PAGE}`;
    for (;;) {
      const res = await fetch(storeUrl);
      if (res.ok) {
        const body = (await res.json()) as { store: { productCount: number } };
        if (body.store.productCount === ITEMS) break;
      }
      if (performance.now() - seeded > 300_000) throw new Error('the storefront never showed every item');
      await new Promise((r) => setTimeout(r, 500));
    }
    row(
      `seed ${ITEMS} items until the storefront lists them all (the projection)`,
      `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    row('event pipeline idle after the seed', `waited ${((await settled(appUrl)) / 1000).toFixed(1)} s`);

    // The use case on its own client: the DynamoDB requests of a first page, counted.
    const counted = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const sent = countRequests(counted);
    // The use case with the function's own deps but this counted client (the limiter is the
    // route's, not the use case's).
    const deps = {
      reader: createStorefrontReader(counted, table),
      limiter: createMemoryRateLimiter(),
      clock: systemClock,
    };
    const raw = async () => {
      sent.length = 0;
      const page = await getStorefront(deps, userId, { limit: PAGE });
      if (page.products.length !== PAGE) throw new Error(`the use case answered ${page.products.length}`);
      return sent.length;
    };
    const requests = await raw();
    row(
      'first page: DynamoDB requests',
      `${requests} (${[...sent].join(', ')}) ${requests <= 2 ? 'ok' : 'OVER BUDGET'} (budget 2)`,
    );
    const callApi = async () => {
      const res = await fetch(storeUrl);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { products: unknown[] };
      if (body.products.length !== PAGE) throw new Error(`API returned ${body.products.length}`);
    };
    for (let i = 0; i < WARMUP; i++) {
      await raw();
      await callApi();
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
    const rawMs: number[] = [];
    const apiMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      let t = performance.now();
      await raw();
      rawMs.push(performance.now() - t);
      t = performance.now();
      await callApi();
      apiMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
    const ratio = median(apiMs) / median(rawMs);
    row(
      `first page of ${PAGE}: gateway vs the use case's raw requests (median, p95)`,
      `${median(apiMs).toFixed(2)} ms vs ${median(rawMs).toFixed(2)} ms = ${ratio.toFixed(2)}x ${ratio <= 2 ? 'ok' : 'OVER BUDGET'} (p95 ${percentile(apiMs, 95).toFixed(1)} / ${percentile(rawMs, 95).toFixed(1)} ms)`,
    );

    const vitals = { lcpMs: 2_500, cls: 0.1 };
    await lighthouseScore(
      `${appUrl}/store/${encodeURIComponent(userId)}`,
      `storefront (${ITEMS} items)`,
      95,
      vitals,
    );
    const first = (await (await fetch(storeUrl)).json()) as { products: { productId: string }[] };
    const productId = first.products[0]?.productId ?? '';
    await lighthouseScore(
      `${appUrl}/store/${encodeURIComponent(userId)}/product/${encodeURIComponent(productId)}`,
      'product page',
      95,
      vitals,
    );
    return { ratio };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
