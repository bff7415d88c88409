import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { chromium } from '@playwright/test';
import type { UserActor } from '@sneakers/shared/actor';
import type { Item } from '@sneakers/shared/contracts/lists';
import { ulid } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { createItemRepository, newItem } from '../../services/lists/src/published';
import { createProfileRepository, newProfile } from '../../services/profiles/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { entryParts } from '../../web/scripts/entry-strings';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { lighthouseScore } from './lighthouse';
import { chromiumArgs } from '../e2e/chromium';
import { median, percentile, REPO_ROOT, row } from './stats';

const ITEMS = 5_000;
const PAGE = 60;
const SAMPLES = 200;
const BRANDS = ['Nike', 'Jordan', 'Adidas', 'New Balance', 'Asics', 'Puma'];

/**
 * Public list API, first page of a 5,000-item WTB list: median latency through the
 * local gateway vs the raw DynamoDB Query the use case performs (budget 2x), same run.
 */
/** Scrolls the whole list (loading every page) and reports the most cards ever in the DOM. */
async function maxCardsInDom(url: string): Promise<string> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.getByTestId('public-item-card').first().waitFor();
    let most = 0;
    let last = -1;
    for (let i = 0; i < 400; i++) {
      most = Math.max(most, await page.getByTestId('public-item-card').count());
      const y = await page.evaluate(() => {
        const w = globalThis as unknown as { scrollBy(x: number, y: number): void; scrollY: number };
        w.scrollBy(0, 2000);
        return w.scrollY;
      });
      if (y === last) break;
      last = y;
      await page.waitForTimeout(50);
    }
    return `${most} (budget 200) ${most <= 200 ? 'ok' : 'OVER BUDGET'}`;
  } finally {
    await browser.close();
  }
}

export async function benchPublicList(): Promise<{ apiMs: number; rawMs: number; ratio: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-list-'));
  const ports = await freePorts();
  // The production build, so the page half of this benchmark measures what users get.
  if (!existsSync(join(REPO_ROOT, 'web', 'dist', 'index.html'))) {
    execFileSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=dist', '--fresh']);
  try {
    console.log(`\n## Public list API, first page of a ${ITEMS}-item list vs the raw Query (budget: 2x)`);
    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const table = LOCAL_NAMES.table;

    // A fresh store with a public WTB list.
    const userId = `bench-${ulid()}`;
    const actor: UserActor = { kind: 'user', userId, isSuperuser: false, isDemo: false };
    const now = new Date();
    await createProfileRepository(doc, table).create(
      newProfile(
        actor,
        {
          role: 'store',
          businessName: 'Bench Store',
          contactEmail: 'bench@example.com',
          phone: '+34 600000000',
          location: 'Madrid, Spain',
          preferredContact: 'email',
          currency: 'EUR',
          language: 'en',
          publicWtbList: true,
          publicWtsList: false,
        },
        now,
      ),
    );
    const items: Item[] = Array.from({ length: ITEMS }, (_, i) => {
      const at = new Date(now.getTime() - i * 1000);
      return newItem(
        userId,
        {
          listType: 'wtb',
          sku: `BN${String(i).padStart(5, '0')}-100`,
          name: `Bench Sneaker ${i}`,
          brand: BRANDS[i % BRANDS.length],
          colorway: 'White/Black',
          // No remote images: this machine has no network, and the placeholder is what loads.
          imageUrl: null,
          sizes: i % 25 === 0 ? ['BULK'] : [String(38 + (i % 9)), String(39 + (i % 9))],
          urgent: i % 20 === 0,
          targetPrice: 10_000 + (i % 50) * 500,
          notes: 'private note',
        },
        ulid(at.getTime()),
        at,
      );
    });
    const seedStart = performance.now();
    await createItemRepository(doc, table).putMany(items, 8);
    row(
      `seed ${ITEMS} items (BatchWriteItem, 25 per call, 8 parallel)`,
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // Measured at rest: the seeded items' stream consumers and the demo catalogue, written in
    // the background after start, would otherwise share the CPU with every figure below.
    row('event pipeline idle after the seed', `waited ${((await settled(appUrl)) / 1000).toFixed(1)} s`);

    // The exact Query the use case sends, from the entity itself.
    const params = itemEntity.query
      .publicList({ userId, listType: 'wtb' })
      .params({ table, limit: PAGE, order: 'desc' }) as QueryCommandInput;
    const rawQuery = async () => {
      const out = await doc.send(new QueryCommand(params));
      if ((out.Items?.length ?? 0) !== PAGE) throw new Error(`raw Query returned ${out.Items?.length}`);
    };
    const url = `${appUrl}/api/public-lists/${encodeURIComponent(userId)}/wtb?limit=${PAGE}`;
    const callApi = async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { items: unknown[] };
      if (body.items.length !== PAGE) throw new Error(`API returned ${body.items.length} items`);
    };

    for (let i = 0; i < 30; i++) {
      await rawQuery();
      await callApi();
    }
    const raw: number[] = [];
    const api: number[] = [];
    // Interleaved so both see the same machine load.
    for (let i = 0; i < SAMPLES; i++) {
      let t = performance.now();
      await rawQuery();
      raw.push(performance.now() - t);
      t = performance.now();
      await callApi();
      api.push(performance.now() - t);
    }
    const ratio = median(api) / median(raw);
    row(
      `raw DynamoDB Query, gsi1, limit ${PAGE} (n=${SAMPLES})`,
      `median ${median(raw).toFixed(2)} ms, p95 ${percentile(raw, 95).toFixed(2)} ms`,
    );
    row(
      `GET /api/public-lists/{userId}/wtb?limit=${PAGE} (n=${SAMPLES})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    row('ratio of medians', `${ratio.toFixed(2)}x ${ratio <= 2 ? '(within budget)' : '(OVER BUDGET)'}`);

    console.log(
      `\n## Public list page with ${ITEMS} items (budgets: Lighthouse mobile >= 93, <= 200 cards in the DOM)`,
    );
    const pageUrl = `${appUrl}/share/${encodeURIComponent(userId)}/wtb`;
    const parts = entryParts('share.html').join(', ');
    row(
      'strings in share.html initial JS',
      `${parts} ${parts === 'core, public-list' ? 'ok' : '(expected core, public-list)'}`,
    );
    await lighthouseScore(pageUrl, 'public list', 93);
    row('most item cards in the DOM while scrolling', String(await maxCardsInDom(pageUrl)));
    return { apiMs: median(api), rawMs: median(raw), ratio };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
