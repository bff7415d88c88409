import { randomUUID } from 'node:crypto';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Service } from '@sneakers/shared/table/entity';
import type { Clock } from '@sneakers/shared/clock';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import { createDocumentClient, type DocumentClient } from '@sneakers/shared/table/client';
import { conditional } from '@sneakers/shared/table/transaction';
import type { CatalogRepository, SearchIndexStore } from '../domain/ports';
import { CatalogIndex } from '../search';
import { INDEX_MANIFEST_SCOPE, indexManifestEntity } from './index-manifest-entity';

/**
 * The search index's life cycle (ADR 0011, README "Search index"): snapshots in S3
 * (CATALOG_INDEX_BUCKET, `catalog-index/<version>-<nonce>.bin`, bytes of
 * CatalogIndex.toSnapshot) and a manifest row naming the current one. Every publish
 * writes a new object, then moves the manifest from `version` to `version + 1` only
 * while it is still at `version`: two publishers never overwrite each other, and a
 * loser reloads and re-applies. The nonce keeps a loser's object from replacing the
 * winner's under the same name.
 */
export const SNAPSHOT_PREFIX = 'catalog-index/';
export const DEFAULT_INDEX_CHECK_MS = 2000;
/** Publishes one change may retry after losing to another publisher. */
const PUBLISH_ATTEMPTS = 8;

export interface IndexManifest {
  version: number;
  key: string;
  count: number;
  builtAt: string;
}

type IndexEnv = Pick<
  RuntimeEnv,
  'AWS_REGION' | 'S3_ENDPOINT' | 'CATALOG_INDEX_BUCKET' | 'CATALOG_INDEX_CHECK_MS'
>;

/** Where snapshots and the manifest live; no cache (the store below keeps the loaded index). */
export interface SnapshotStorage {
  manifest(): Promise<IndexManifest | null>;
  load(manifest: IndexManifest): Promise<CatalogIndex | null>;
  /** Writes the snapshot and moves the manifest to `expected + 1` (0: none yet); 'conflict' when another came first. */
  publish(index: CatalogIndex, expected: number, at: string): Promise<IndexManifest | 'conflict'>;
}

export function createSnapshotStorage(options: {
  env: IndexEnv;
  client: DocumentClient;
  table: string;
  s3?: S3Client;
}): SnapshotStorage {
  const bucket = options.env.CATALOG_INDEX_BUCKET;
  if (!bucket) throw new Error('CATALOG_INDEX_BUCKET is not set');
  const s3 =
    options.s3 ??
    new S3Client({
      region: options.env.AWS_REGION,
      // The S3 emulator stores checksummed bodies corrupted; S3 does not need them for PutObject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(options.env.S3_ENDPOINT ? { forcePathStyle: true } : {}),
      ...localClientConfig(options.env.S3_ENDPOINT),
    });
  const manifests = new Service(
    { manifest: indexManifestEntity },
    { client: options.client, table: options.table },
  ).entities.manifest;
  const key = { scope: INDEX_MANIFEST_SCOPE };

  return {
    async manifest() {
      const { data } = await manifests.get(key).go({ consistent: true });
      return data ? { version: data.version, key: data.key, count: data.count, builtAt: data.builtAt } : null;
    },
    async load(manifest) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: manifest.key }));
        if (!object.Body) return null;
        return CatalogIndex.fromSnapshot(await object.Body.transformToByteArray());
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        // Without s3:ListBucket (not granted), S3 answers a GET of a missing key with 403.
        if (error instanceof NoSuchKey || status === 404 || status === 403) return null;
        throw error;
      }
    },
    async publish(index, expected, at) {
      const next: IndexManifest = {
        version: expected + 1,
        key: `${SNAPSHOT_PREFIX}${String(expected + 1).padStart(10, '0')}-${randomUUID()}.bin`,
        count: index.size,
        builtAt: at,
      };
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: next.key,
          Body: index.toSnapshot(),
          ContentType: 'application/octet-stream',
        }),
      );
      const outcome = await conditional(
        () =>
          expected === 0
            ? manifests.create({ ...key, ...next }).go()
            : manifests
                .patch(key)
                .set({ version: next.version, key: next.key, count: next.count, builtAt: next.builtAt })
                .where(({ version }, { eq }) => eq(version, expected))
                .go(),
        'conflict',
      );
      return outcome === 'conflict' ? 'conflict' : next;
    },
  };
}

/**
 * Installs `index` as the current snapshot (the bench's 100k catalogue, a rebuild):
 * the next version after whatever is current, retried when another publisher wins.
 */
export async function publishSnapshot(
  env: IndexEnv & Pick<RuntimeEnv, 'DYNAMODB_ENDPOINT' | 'TABLE_NAME'>,
  index: CatalogIndex,
  at = new Date().toISOString(),
): Promise<IndexManifest> {
  const storage = createSnapshotStorage({ env, client: createDocumentClient(env), table: env.TABLE_NAME });
  for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
    const current = await storage.manifest();
    const published = await storage.publish(index, current?.version ?? 0, at);
    if (published !== 'conflict') return published;
  }
  throw new Error('Could not publish the catalogue index snapshot: other publishers kept winning');
}

/** Builds the index from the table (gsi1, page by page: a Query, never a Scan). */
export async function buildFromTable(repo: Pick<CatalogRepository, 'productPages'>): Promise<CatalogIndex> {
  const products = [];
  for await (const page of repo.productPages()) products.push(...page);
  return CatalogIndex.build(products);
}

interface Loaded {
  index: CatalogIndex;
  version: number;
  checkedAt: number;
}

/**
 * The container's index: loaded once, then re-checked against the manifest at most every
 * `checkMs`; concurrent callers share one load or check.
 */
export function createIndexStore(options: {
  /** Made on first use: routes that never search work without CATALOG_INDEX_BUCKET. */
  storage: () => SnapshotStorage;
  checkMs?: number | undefined;
  repo: Pick<CatalogRepository, 'productPages' | 'getProducts'>;
  clock: Clock;
}): SearchIndexStore {
  let made: SnapshotStorage | undefined;
  const storage = (): SnapshotStorage => (made ??= options.storage());
  const checkMs = options.checkMs ?? DEFAULT_INDEX_CHECK_MS;
  const now = () => options.clock.now().getTime();
  const at = () => options.clock.now().toISOString();
  let loaded: Loaded | null = null;
  let inFlight: Promise<Loaded> | null = null;

  /** The index of `manifest` (rebuilt from the table and published when there is none or its object is gone). */
  async function indexAt(manifest: IndexManifest | null): Promise<Loaded> {
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
      const index = manifest ? await storage().load(manifest) : null;
      if (index && manifest) return { index, version: manifest.version, checkedAt: now() };
      const built = await buildFromTable(options.repo);
      const published = await storage().publish(built, manifest?.version ?? 0, at());
      if (published !== 'conflict') return { index: built, version: published.version, checkedAt: now() };
      // Another container published meanwhile: use theirs.
      manifest = await storage().manifest();
    }
    throw new Error('Could not load the catalogue index: other publishers kept winning');
  }

  async function refresh(): Promise<Loaded> {
    const manifest = await storage().manifest();
    if (loaded && manifest && manifest.version === loaded.version) {
      loaded = { ...loaded, checkedAt: now() };
      return loaded;
    }
    loaded = await indexAt(manifest);
    return loaded;
  }

  function shared(run: () => Promise<Loaded>): Promise<Loaded> {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /**
   * Folds products into the latest snapshot and publishes the next version. The ids are
   * read from the table AFTER the base is loaded, so no publisher can overwrite a newer
   * read with an older one; an id the table no longer has is removed (a deletion, or an
   * upsert the product did not survive).
   */
  async function publishChange(ids: readonly string[]): Promise<void> {
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
      const manifest = await storage().manifest();
      if (!manifest) {
        // No snapshot yet: the table already holds this change, so building one publishes it.
        loaded = await shared(() => indexAt(null));
        return;
      }
      const current = loaded && loaded.version === manifest.version ? loaded : await indexAt(manifest);
      const products = await options.repo.getProducts(ids);
      const found = new Set(products.map((p) => p.id));
      current.index.upsert(products);
      current.index.remove(ids.filter((id) => !found.has(id)));
      const published = await storage().publish(current.index, current.version, at());
      if (published !== 'conflict') {
        loaded = { index: current.index, version: published.version, checkedAt: now() };
        return;
      }
      // The index now holds a change its version does not: never serve it as that version.
      loaded = null;
    }
    throw new Error('Could not publish the catalogue index: other publishers kept winning');
  }

  let queued: {
    ids: Set<string>;
    waiters: { resolve: () => void; reject: (error: unknown) => void }[];
  } | null = null;
  let draining: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queued) {
      const batch = queued;
      queued = null;
      try {
        await publishChange([...batch.ids]);
        for (const waiter of batch.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of batch.waiters) waiter.reject(error);
      }
    }
  }

  return {
    async current() {
      if (loaded && now() - loaded.checkedAt < checkMs) return loaded.index;
      return (await shared(refresh)).index;
    },

    applyChange(change) {
      // Changes arriving while a publish runs wait and go out together in the next one:
      // a burst (a bulk import, the demo seed) publishes a few snapshots, not one per event.
      const done = new Promise<void>((resolve, reject) => {
        queued ??= { ids: new Set(), waiters: [] };
        for (const id of [...change.upserted, ...change.removed]) queued.ids.add(id);
        queued.waiters.push({ resolve, reject });
      });
      draining ??= drain().finally(() => {
        draining = null;
      });
      return done;
    },
  };
}
