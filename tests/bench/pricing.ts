import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserActor } from '@sneakers/shared/actor';
import { systemClock } from '@sneakers/shared/clock';
import { getProduct, searchProducts, type Product, type Variant } from '@sneakers/shared/contracts/catalog';
import type { Item } from '@sneakers/shared/contracts/lists';
import {
  applyPricingRun,
  createPricingStrategy,
  NEW_STRATEGY_CONFIG,
  previewPricingStrategy,
  undoPricingRun,
  type PricingRun,
} from '@sneakers/shared/contracts/pricing';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulid, ulidGenerator } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { createItemRepository, newItem } from '../../services/lists/src/published';
import {
  applyRun,
  createRunsRepository,
  createStrategiesRepository,
} from '../../services/pricing/src/published';
import { generateCatalogue, DEMO_CATALOGUE_SIZE } from '../../localstack/src/marketplace/catalogue';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { countRequests } from '../support/count-requests';
import { storeWithProfile } from './bench-user';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { row } from './stats';

const ITEMS = 5_000;
const PRODUCTS = 300;
/** Past the curated products the demo items use, so the demo seed's preview warmed none of these. */
const FIRST_PRODUCT = 150;
const key = () => `bench-pricing-${ulid()}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function tally(names: string[]) {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${n} ${name.replace(/Command$/, '')}`).join(', ');
}

/**
 * The pricing budgets (issue 30): previewing a strategy over 5,000 items end to end through the
 * gateway with the market data cached ≤ 5 s, with the marketplace requests printed (cold and
 * cached, and the rate-limit answers retried); applying 5,000 price changes: time and DynamoDB
 * requests. Its own local cloud, one store's 5,000 WTS items over 300 demo catalogue products.
 */
export async function benchPricing(): Promise<{ previewMs: number; applyMs: number }> {
  console.log(
    `\n## Pricing strategies (budgets: preview of ${ITEMS} items with market data cached <= 5 s; apply ${ITEMS}: time and DynamoDB requests printed)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-pricing-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const table = LOCAL_NAMES.table;
    const store = await storeWithProfile(appUrl, ports.cognito, 'Bench Pricing Store');
    // The demo catalogue is written in the background after start: wait for it at rest.
    await settled(appUrl, 300_000);

    const generated = generateCatalogue({ count: DEMO_CATALOGUE_SIZE }).slice(
      FIRST_PRODUCT,
      FIRST_PRODUCT + PRODUCTS,
    );
    const sizes: { product: Product; variants: Variant[] }[] = [];
    for (const g of generated) {
      const { products } = await store.call(searchProducts, { query: { q: g.styleId } });
      const product = products.find((p) => p.marketplaceProductId === g.productId);
      if (!product) throw new Error(`the demo catalogue has no ${g.styleId}`);
      const { variants } = await store.call(getProduct, { params: { productId: product.id } });
      sizes.push({ product, variants: variants.filter((v) => v.size.eu !== null) });
    }
    const now = Date.now();
    const items: Item[] = Array.from({ length: ITEMS }, (_, i) => {
      const { product, variants } = sizes[i % sizes.length]!;
      const variant = variants[Math.floor(i / sizes.length) % variants.length]!;
      const at = new Date(now - i * 1000);
      return newItem(
        store.userId,
        {
          listType: 'wts',
          sku: product.sku,
          name: product.name,
          brand: product.brand,
          sizes: [variant.size.eu ?? variant.label],
          productCatalogId: product.id,
          productVariantId: variant.id,
          desiredPrice: 30_000 + (i % 40) * 500,
          purchasePrice: 12_000 + (i % 30) * 300,
          visibility: i % 2 === 0 ? 'public' : 'private',
        },
        ulid(at.getTime()),
        at,
      );
    });
    const seedStart = performance.now();
    await createItemRepository(doc, table).putMany(items, 8);
    row(
      `seed ${ITEMS} WTS items over ${PRODUCTS} products (BatchWriteItem)`,
      seconds(performance.now() - seedStart),
    );
    row(
      'event pipeline idle after the seed',
      `waited ${((await settled(appUrl, 300_000)) / 1000).toFixed(1)} s`,
    );

    const { strategy } = await store.call(createPricingStrategy, {
      idempotencyKey: key(),
      body: {
        name: 'Beat the lowest ask by €5',
        selection: { listTypes: ['wts'], brands: [], itemIds: [] },
        // A new strategy's, reading the network too (so the deals index is read) and rounding to whole euros.
        config: {
          ...NEW_STRATEGY_CONFIG,
          market: 'both',
          guards: { ...NEW_STRATEGY_CONFIG.guards, rounding: 'whole' },
        },
        target: 'list',
        schedule: 'off',
      },
    });
    const runs = createRunsRepository(doc, table);
    const preview = async (label: string): Promise<PricingRun> => {
      const t = performance.now();
      const { run } = await store.call(previewPricingStrategy, { params: { strategyId: strategy.id } });
      const ms = performance.now() - t;
      const stored = await runs.getRun(store.userId, run.id);
      row(
        label,
        `${seconds(ms)}, ${run.counts.items} rows (${run.counts.changes} changes, ${run.counts.warnings} with warnings), ` +
          `${run.marketRequests} marketplace requests, ${stored?.retried429 ?? '?'} 429s retried, ` +
          `${run.marketPending} products not refreshed within the preview's budget`,
      );
      return Object.assign(run, { ms });
    };
    let cold = await preview(`preview, market data cold (${PRODUCTS} products refreshed)`);
    // The preview's refresh stops at PRICING_PREVIEW_MARKET_BUDGET_MS: as a user would, preview again for the rest.
    for (let again = 1; cold.marketPending > 0 && again <= 3; again++)
      cold = await preview(`preview again (${cold.marketPending} products were pending)`);
    const t0 = performance.now();
    const warm = await preview('preview, market data cached (budget 5 s)');
    const previewMs = performance.now() - t0;
    row('  preview budget', previewMs <= 5_000 ? 'ok' : 'OVER BUDGET');

    const a0 = performance.now();
    const applied = await store.call(applyPricingRun, {
      params: { runId: warm.id },
      body: { all: true, except: [] },
      idempotencyKey: key(),
    });
    const applyMs = performance.now() - a0;
    row(
      `apply every change through the gateway`,
      `${seconds(applyMs)}, ${applied.run.counts.applied} applied, ${applied.run.counts.skipped} skipped`,
    );
    const u0 = performance.now();
    const undone = await store.call(undoPricingRun, { params: { runId: warm.id }, idempotencyKey: key() });
    row(
      'undo it through the gateway',
      `${seconds(performance.now() - u0)}, ${undone.run.counts.undone} undone`,
    );

    // The same apply once more, in-process on a counted client: its DynamoDB requests.
    const again = await store.call(previewPricingStrategy, { params: { strategyId: strategy.id } });
    const requests = countRequests(doc);
    const actor: UserActor = { kind: 'user', userId: store.userId, isSuperuser: false, isDemo: false };
    const c0 = performance.now();
    const counted = await applyRun(
      {
        runs,
        strategies: createStrategiesRepository(doc, table),
        market: {
          load: () => Promise.reject(new Error('apply reads no market data')),
        },
        idempotency: createIdempotencyStore(doc, table),
        clock: systemClock,
        ids: ulidGenerator,
      },
      actor,
      { 'idempotency-key': key() },
      again.run.id,
      { all: true, except: [] },
    );
    row(
      `apply ${counted.run.counts.applied} changes in-process: DynamoDB requests`,
      `${requests.length} (${tally(requests)}) in ${seconds(performance.now() - c0)}`,
    );
    return { previewMs, applyMs };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
