import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  indexSnapshots,
  publishIndexSnapshot,
  type CatalogIndex,
} from '../../../services/catalog/src/published';
import { LOCAL_NAMES } from '../../../localstack/src/names';
import { freePorts } from '../../../localstack/src/ports';
import { storeUser } from '../bench-user';
import { startCloudProcess, stopCloudProcess } from '../cloud-process';
import { row } from '../stats';
import { fmt, timeQueries, type BenchQuery } from './data';

/**
 * `GET /api/catalog/products?q=` through the local gateway with the 100k index: the
 * snapshot is published the way the catalog service's index store reads it (S3 object +
 * manifest row), instead of loading 100,000 rows into DynamoDB Local.
 */
export async function benchGateway(index: CatalogIndex, queries: BenchQuery[], rounds: number) {
  const bucket = LOCAL_NAMES.catalogIndexBucket;
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-catalog-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    const { token } = await storeUser(appUrl, ports.cognito);
    const env = {
      AWS_REGION: LOCAL_NAMES.region,
      S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
      TABLE_NAME: LOCAL_NAMES.table,
      CATALOG_INDEX_BUCKET: bucket,
      CATALOG_INDEX_CHECK_MS: undefined,
    };
    // The demo seed's products reach the index consumer, which publishes per change: wait
    // until the manifest stops moving, or every publish of ours races the consumer's.
    const storage = await indexSnapshots(env);
    let t = performance.now();
    // Settled: the same version three readings in a row, 2 s apart.
    for (let last = -1, same = 0; same < 2 && performance.now() - t < 120_000;) {
      await new Promise((r) => setTimeout(r, 2000));
      const version = (await storage.manifest())?.version ?? 0;
      same = version === last ? same + 1 : 0;
      last = version;
    }
    row(
      "wait for the demo seed's index updates to settle",
      `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    t = performance.now();
    const manifest = await publishIndexSnapshot(env, index);
    row(
      `publish snapshot v${manifest.version} (${manifest.count.toLocaleString('en')} products)`,
      `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const search = async (q: string) => {
      const res = await fetch(`${appUrl}/api/catalog/products?q=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`GET /api/catalog/products?q=${q}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { total?: number };
    };
    // Containers re-read the manifest every CATALOG_INDEX_CHECK_MS: poll until the gateway
    // answers from the published snapshot (its total for a broad query matches the index's).
    const expected = index.search({ q: 'jordan 1 ret', order: 'release', offset: 0, limit: 0 }).total;
    t = performance.now();
    let served = -1;
    while (served !== expected && performance.now() - t < 120_000) {
      served = (await search('jordan 1 ret')).total ?? -1;
      if (served !== expected) await new Promise((r) => setTimeout(r, 250));
    }
    if (served !== expected)
      throw new Error(`the gateway still serves ${served} results, expected ${expected}`);
    row(
      'until the gateway serves the new snapshot (check + load)',
      `${(performance.now() - t).toFixed(0)} ms, total ${served}`,
    );
    const times = await timeQueries(queries, rounds, (q) => search(q.q));
    for (const kind of ['brand', 'partial name', 'style code'] as const)
      row(`GET /api/catalog/products?q= ${kind}`, fmt(times[kind]));
    return times;
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
