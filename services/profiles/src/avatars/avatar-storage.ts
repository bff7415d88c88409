import { HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import type { AvatarStorage } from './ports';

/**
 * The uploads bucket: presigned PUTs with Content-Type, Content-Length and
 * Cache-Control signed (the upload must match what was validated), HEAD to check an
 * upload happened, and public URLs under MEDIA_BASE_URL.
 */
export function createAvatarStorage(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'S3_ENDPOINT' | 'UPLOADS_BUCKET' | 'MEDIA_BASE_URL'>,
): AvatarStorage {
  const bucket = env.UPLOADS_BUCKET;
  const mediaBase = env.MEDIA_BASE_URL;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not set');
  if (!mediaBase) throw new Error('MEDIA_BASE_URL is not set');
  const client = new S3Client({
    region: env.AWS_REGION,
    // Without this the SDK adds a checksum of the (empty) body to presigned PUTs, which
    // then fail, and the S3 emulator stores checksummed bodies corrupted.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(env.S3_ENDPOINT ? { forcePathStyle: true } : {}),
    ...localClientConfig(env.S3_ENDPOINT),
  });
  return {
    async presignPut({ key, contentType, size, cacheControl, expiresInSeconds }) {
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
        CacheControl: cacheControl,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length', 'cache-control']),
      });
      // The browser sets Content-Length from the body itself; it must equal `size`.
      return { url, headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl } };
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        // Without s3:ListBucket, S3 answers a HEAD of a missing key with 403, not 404.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (error instanceof NotFound || status === 404 || status === 403) return false;
        throw error;
      }
    },
    publicUrl(key) {
      return `${mediaBase.replace(/\/$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
