import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import type { UploadsEraser } from './ports';

/** The user's avatar uploads in the uploads bucket: listed by prefix and deleted a page at a time. */
export function createUploadsEraser(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'S3_ENDPOINT' | 'UPLOADS_BUCKET'>,
): UploadsEraser {
  const bucket = env.UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not set');
  const client = new S3Client({
    region: env.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(env.S3_ENDPOINT ? { forcePathStyle: true } : {}),
    ...localClientConfig(env.S3_ENDPOINT),
  });
  return {
    async deletePrefix(prefix) {
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
          deleted += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },
  };
}
