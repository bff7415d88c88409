import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import type { ImportFiles } from './ports';

/**
 * Import files on the uploads bucket: presigned PUTs with the size signed (as the avatar
 * upload does), HEAD for the stored size, streamed GETs for the readers, the error report.
 */
export function createImportFiles(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'S3_ENDPOINT' | 'UPLOADS_BUCKET'>,
): ImportFiles {
  const bucket = env.UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not set');
  const client = new S3Client({
    region: env.AWS_REGION,
    // Without this the SDK adds a checksum of the (empty) body to presigned PUTs, which then fail.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(env.S3_ENDPOINT ? { forcePathStyle: true } : {}),
    ...localClientConfig(env.S3_ENDPOINT),
  });
  return {
    async presignPut({ key, contentType, size, expiresInSeconds }) {
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, headers: { 'Content-Type': contentType } };
    },
    async size(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return out.ContentLength ?? 0;
      } catch (error) {
        // Without s3:ListBucket, S3 answers a HEAD of a missing key with 403, not 404.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (error instanceof NotFound || status === 404 || status === 403) return null;
        throw error;
      }
    },
    open(key) {
      return async () => {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = out.Body as AsyncIterable<Uint8Array> | undefined;
        if (!body) throw new Error(`${key} has no body`);
        return body;
      };
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async delete(keys) {
      // A handful of keys per import: one DELETE each (S3 answers 204 for a missing key too).
      for (const key of new Set(keys))
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async presignGet(key, fileName, expiresInSeconds) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}
