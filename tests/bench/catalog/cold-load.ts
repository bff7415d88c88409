/**
 * The search Lambda's cold load in a fresh Node process: module load (the engine and the
 * S3 client), the snapshot's GET from the local S3 emulator (or a file), `fromSnapshot`
 * and the first search. Prints one JSON line for tests/bench/catalog-search.ts.
 * Usage: node --expose-gc --import tsx tests/bench/catalog/cold-load.ts <s3-endpoint> <bucket> <key>
 *        node --expose-gc --import tsx tests/bench/catalog/cold-load.ts file <path>
 */
import { readFileSync } from 'node:fs';

const [source, a, b] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const t0 = performance.now();
const { CatalogIndex } = await import('../../../services/catalog/src/published');
let bytes: Uint8Array;
let moduleMs: number;
let getMs: number;
if (source === 'file') {
  moduleMs = performance.now() - t0;
  const t = performance.now();
  bytes = readFileSync(a!);
  getMs = performance.now() - t;
} else {
  const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    endpoint: source,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  moduleMs = performance.now() - t0;
  const t = performance.now();
  const out = await s3.send(new GetObjectCommand({ Bucket: a, Key: b }));
  if (!out.Body) throw new Error('empty snapshot');
  bytes = await out.Body.transformToByteArray();
  getMs = performance.now() - t;
}
let t = performance.now();
const index = CatalogIndex.fromSnapshot(bytes);
const loadMs = performance.now() - t;
t = performance.now();
const first = index.search({ q: 'jordan 1 ret', order: 'release', offset: 0, limit: 24 });
const firstSearchMs = performance.now() - t;
const totalMs = performance.now() - t0;
bytes = new Uint8Array(0);
gc?.();
gc?.();
console.log(
  JSON.stringify({
    moduleMs,
    getMs,
    loadMs,
    firstSearchMs,
    totalMs,
    heapBytes: process.memoryUsage().heapUsed - heapBefore,
    rssBytes: process.memoryUsage().rss,
    size: index.size,
    firstTotal: first.total,
  }),
);
