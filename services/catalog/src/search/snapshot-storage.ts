import { randomUUID } from 'node:crypto';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import { createDocumentClient, type DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { conditional } from '@sneakers/shared/table/transaction';
import { CatalogIndex } from './catalog-index';
import { INDEX_MANIFEST_SCOPE, indexManifestEntity } from './index-manifest-entity';
import { PUBLISH_ATTEMPTS, type IndexManifest, type SnapshotStorage } from './ports';

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

type IndexEnv = Pick<
  RuntimeEnv,
  'AWS_REGION' | 'S3_ENDPOINT' | 'CATALOG_INDEX_BUCKET' | 'CATALOG_INDEX_CHECK_MS'
>;

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

/** What a caller outside a function (the bench, a rebuild) names to reach the snapshots. */
export type StandaloneIndexEnv = IndexEnv & Pick<RuntimeEnv, 'DYNAMODB_ENDPOINT' | 'TABLE_NAME'>;

/** The snapshots over a document client of its own. */
export function standaloneSnapshotStorage(env: StandaloneIndexEnv): SnapshotStorage {
  return createSnapshotStorage({ env, client: createDocumentClient(env), table: env.TABLE_NAME });
}

/**
 * Installs `index` as the current snapshot (the bench's 100k catalogue, a rebuild):
 * the next version after whatever is current, retried when another publisher wins.
 */
export async function publishSnapshot(
  env: StandaloneIndexEnv,
  index: CatalogIndex,
  at = new Date().toISOString(),
): Promise<IndexManifest> {
  const storage = standaloneSnapshotStorage(env);
  for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
    const current = await storage.manifest();
    const published = await storage.publish(index, current?.version ?? 0, at);
    if (published !== 'conflict') return published;
  }
  throw new Error('Could not publish the catalogue index snapshot: other publishers kept winning');
}
