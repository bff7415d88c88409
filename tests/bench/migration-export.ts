import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExport, listExports } from '@sneakers/shared/contracts/migration';
import type { Item } from '@sneakers/shared/contracts/lists';
import { ulid } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { createItemRepository, newItem } from '../../services/lists/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { storeWithProfile } from './bench-user';
import { settledLong, startCloudProcess, stopCloudProcess } from './cloud-process';
import { row } from './stats';

/** BENCH_EXPORT_RECORDS shortens the run while developing; the budget's figure is 50,000. */
const RECORDS = Number(process.env.BENCH_EXPORT_RECORDS ?? 50_000);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The export budget (issue 31): an account with 50,000 records → the time from the export's
 * request to a ready archive (migration-export paging lists-portability's `export` twice and
 * streaming the zip to the S3 emulator), and the archive's size. Its own local cloud; the
 * records are private inventory items written straight to the table. DynamoDB Local runs in
 * memory, as the tests run it: on disk SQLite's syncs make its writes about 4x slower (docs/adr/0033).
 */
export async function benchMigrationExport(): Promise<{ readyMs: number; bytes: number }> {
  console.log(
    `\n## Export of an account with ${RECORDS.toLocaleString('en')} records (time to a ready archive, its size)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-export-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh', '--memory']);
  try {
    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const store = await storeWithProfile(appUrl, ports.cognito, 'Bench Export Store');
    await settledLong(appUrl);
    const now = Date.now();
    const items: Item[] = Array.from({ length: RECORDS }, (_, i) => {
      const at = new Date(now - i * 1000);
      return newItem(
        store.userId,
        {
          listType: 'inventory',
          sku: `BX${String(i).padStart(6, '0')}-100`,
          name: `Bench Sneaker ${i}`,
          brand: i % 2 === 0 ? 'Nike' : 'adidas',
          sizes: [String(36 + (i % 12))],
          askingPrice: 15_000 + (i % 50) * 100,
          purchasePrice: 9_000 + (i % 40) * 100,
          notes: i % 10 === 0 ? '=needs protection' : null,
          visibility: 'private',
        },
        ulid(at.getTime()),
        at,
      );
    });
    const seedStart = performance.now();
    await createItemRepository(doc, LOCAL_NAMES.table).putMany(items, 8);
    row(`seed ${RECORDS} inventory items (BatchWriteItem)`, seconds(performance.now() - seedStart));
    row('event pipeline idle after the seed', `waited ${((await settledLong(appUrl)) / 1000).toFixed(1)} s`);

    const started = performance.now();
    const { export: requested } = await store.call(createExport, {
      idempotencyKey: `bench-export-${ulid()}`,
    });
    for (;;) {
      const { exports } = await store.call(listExports, {});
      const current = exports.find((e) => e.exportId === requested.exportId);
      if (current?.status === 'failed') throw new Error(`the export failed: ${current.error?.message ?? ''}`);
      if (current?.status === 'ready') {
        const readyMs = performance.now() - started;
        const bytes = current.bytes ?? 0;
        row('request → ready archive', seconds(readyMs));
        row('records per second', Math.round((RECORDS * 1000) / readyMs).toLocaleString('en'));
        row('archive size', `${(bytes / 1024 / 1024).toFixed(1)} MB (JSON and CSV per kind, deflated)`);
        return { readyMs, bytes };
      }
      if (performance.now() - started > 900_000) throw new Error('the export was not ready in 900 s');
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
