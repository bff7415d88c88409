import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserActor } from '@sneakers/shared/actor';
import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { createDocumentClient } from '@sneakers/shared/table/client';
import {
  createCatalogMatcher,
  createImport,
  createImportFiles,
  createImportsRepository,
  createMappingsRepository,
  dryRunImport,
  mapImport,
  readImportFile,
  runImportJob,
  sourceKey,
} from '../../services/migration/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { storeUser } from './bench-user';
import { settled, settledLong, startCloudProcess, stopCloudProcess } from './cloud-process';
import { row } from './stats';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function inventoryCsv(rows: number, tag: string): string {
  const lines = ['Style code;Model;Brand;Size;Price;Cost;Notes'];
  for (let i = 0; i < rows; i++)
    lines.push(
      [
        `${tag}${String(i).padStart(6, '0')}-100`,
        `Model ${i}`,
        'Nike',
        `${36 + (i % 12)}`,
        '€1.234,50',
        '99.90',
        'Bought at the outlet, box damaged',
      ].join(';'),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** Polls the import until `done` holds (the cloud's migration-worker works on it meanwhile). */
async function until(
  get: () => Promise<{ status: string; dryRun: { state: string } | null } | null>,
  done: (record: { status: string; dryRun: { state: string } | null }) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await get();
    if (record && done(record)) return record;
    if (Date.now() > deadline) throw new Error(`the import is still ${record?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The import budget (issue 31): a 50,000-row inventory CSV end to end (read, map, the rows'
 * validation and the dry run by the cloud's migration-worker, the job through
 * lists-portability), rows per second, and the worker's peak memory sampled while the job
 * runs, beside a 10,000-row file: the job streams its stored chunks, so its memory does not
 * grow with the file. The mapping must answer well under API Gateway's 29 s whatever the
 * file's size; the validation and the dry run are background work, timed from the answer
 * that queued them to the import saying they are done. The job runs in this process (the
 * real repositories, S3 and the Lambda Invoke API of its own local cloud) so its memory can
 * be sampled. DynamoDB Local runs in memory, as the tests run it: on disk SQLite's syncs make
 * its writes about 4x slower (docs/adr/0033). Each size waits for its stream targets to finish, so
 * the larger file's job does not share the cores with the smaller one's.
 */
export async function benchMigrationImport(): Promise<void> {
  console.log(
    "\n## Migration import (budget: 50,000 rows: rows per second and the worker's peak memory, printed)",
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-migration-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh', '--memory']);
  try {
    await settled(appUrl, 300_000);
    const env = {
      AWS_REGION: LOCAL_NAMES.region,
      S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      UPLOADS_BUCKET: LOCAL_NAMES.uploadsBucket,
    };
    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const table = LOCAL_NAMES.table;
    const deps = {
      imports: createImportsRepository(doc, table),
      mappings: createMappingsRepository(doc, table),
      files: createImportFiles(env),
      catalog: createCatalogMatcher(doc, table),
      portability: createPortabilityClient((service, payload) =>
        invokeFunction(
          { AWS_REGION: LOCAL_NAMES.region, LAMBDA_ENDPOINT: `http://127.0.0.1:${ports.lambda}` },
          service,
          payload,
          {},
        ),
      ),
      clock: systemClock,
      ids: ulidGenerator,
    };
    for (const [rows, tag] of [
      [10_000, 'TA'],
      [50_000, 'TB'],
    ] as const) {
      const { userId } = await storeUser(appUrl, ports.cognito);
      const actor: UserActor = { kind: 'user', userId, isSuperuser: false, isDemo: false };
      const csv = inventoryCsv(rows, tag);
      const started = performance.now();
      const { import: created } = await createImport(deps, actor, {
        kind: 'inventory',
        fileName: 'stock.csv',
        size: Buffer.byteLength(csv),
        contentType: 'text/csv',
      });
      await deps.files.put(sourceKey(userId, created.importId), csv, 'text/csv');
      const read = await readImportFile(deps, actor, created.importId, null);
      const mapping = performance.now();
      await mapImport(deps, actor, created.importId, { sheet: read.import.sheet ?? '', headerRow: 0 });
      const answered = performance.now();
      const current = () => deps.imports.get(userId, created.importId);
      const checked = await until(current, (r) => r.status !== 'validating', 900_000);
      if (checked.status !== 'mapped') throw new Error(`the validation ended ${checked.status}`);
      const validated = performance.now();
      await dryRunImport(deps, actor, created.importId);
      await until(current, (r) => r.dryRun?.state === 'done', 900_000);
      const counted = performance.now();
      const mapped = performance.now();
      // Queued by hand (no event): this process is the worker, so its memory is the one sampled.
      const record = await deps.imports.get(userId, created.importId);
      if (!record) throw new Error('the import is gone');
      await deps.imports.save({ ...record, status: 'queued', version: record.version + 1 });
      global.gc?.();
      const base = process.memoryUsage();
      let peakRss = base.rss;
      let peakHeap = base.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 50);
      // The heap's peak above counts garbage not yet collected, so it moves with the GC's
      // timing; what the job keeps is the heap right after a full collection, every 2 s
      // (`npm run bench` exposes the GC).
      let peakKept = base.heapUsed;
      const collector = setInterval(() => {
        if (!global.gc) return;
        global.gc();
        peakKept = Math.max(peakKept, process.memoryUsage().heapUsed);
      }, 2000);
      let outcome: string;
      try {
        for (;;) {
          outcome = await runImportJob(deps, userId, created.importId);
          if (outcome !== 'requeued') break;
        }
      } finally {
        clearInterval(sampler);
        clearInterval(collector);
      }
      const done = performance.now();
      const final = await deps.imports.get(userId, created.importId);
      row(
        `${rows.toLocaleString('en')} rows: upload and read (file ${mb(Buffer.byteLength(csv))})`,
        seconds(mapping - started),
      );
      row(
        `${rows.toLocaleString('en')} rows: the mapping's answer (budget: well under 29 s)`,
        seconds(answered - mapping),
      );
      row(
        `${rows.toLocaleString('en')} rows: validation in the worker (mapping → mapped)`,
        `${seconds(validated - answered)}, ${seconds(((validated - answered) * 10_000) / rows)} per 10k rows`,
      );
      row(
        `${rows.toLocaleString('en')} rows: dry run in the worker`,
        `${seconds(counted - validated)}, ${seconds(((counted - validated) * 10_000) / rows)} per 10k rows`,
      );
      row(
        `${rows.toLocaleString('en')} rows: the job (${outcome}, created ${final?.progress.created ?? 0})`,
        `${seconds(done - mapped)}, ${Math.round(rows / ((done - mapped) / 1000))} rows/s`,
      );
      row(
        `${rows.toLocaleString('en')} rows: end to end`,
        `${Math.round(rows / ((done - started) / 1000))} rows/s`,
      );
      row(
        `${rows.toLocaleString('en')} rows: worker peak memory during the job`,
        `heap ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)}), rss ${mb(peakRss)} (+${mb(peakRss - base.rss)})`,
      );
      if (global.gc)
        row(
          `${rows.toLocaleString('en')} rows: worker heap kept during the job (after a full GC, peak)`,
          `${mb(peakKept)} (+${mb(peakKept - base.heapUsed)})`,
        );
      row(
        `${rows.toLocaleString('en')} rows: the stream targets done after the job (deals, storefront, ledger)`,
        seconds(await settledLong(appUrl)),
      );
    }
  } finally {
    await stopCloudProcess(child);
  }
}
