import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import type { ArchiveEntry, ArchiveWriter, ExportStorage } from './ports';

/** S3's smallest part but the last; the archive's memory is about one part. */
export const ARCHIVE_PART_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

/** Already-compressed files (images) are stored as they are; text is deflated. */
const STORED = /\.(jpe?g|png|webp|gif|avif|zip|gz)$/i;

/**
 * The uploads bucket for exports: archives streamed with fflate's zip into a multipart upload
 * (a part at a time, so memory does not grow with the account), the uploaded files the
 * records name read back by key, presigned downloads, and deletes.
 */
export function createExportStorage(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'S3_ENDPOINT' | 'UPLOADS_BUCKET' | 'MEDIA_BASE_URL'>,
): ExportStorage {
  const bucket = env.UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not set');
  const mediaBase = (env.MEDIA_BASE_URL ?? '').replace(/\/$/, '');
  const client = new S3Client({
    region: env.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(env.S3_ENDPOINT ? { forcePathStyle: true } : {}),
    ...localClientConfig(env.S3_ENDPOINT),
  });

  return {
    async openArchive(key) {
      return openZipUpload(client, bucket, key);
    },
    async readUpload(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = out.Body;
        if (!body) return null;
        return body as AsyncIterable<Uint8Array>;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (error instanceof NoSuchKey || status === 404 || status === 403) return null;
        throw error;
      }
    },
    uploadKeyOf(url) {
      if (!mediaBase || !url.startsWith(`${mediaBase}/`)) return null;
      const path = url.slice(mediaBase.length + 1).split(/[?#]/)[0] ?? '';
      let key: string;
      try {
        key = path.split('/').map(decodeURIComponent).join('/');
      } catch {
        return null;
      }
      // Only plain keys of uploaded files: never a way out of the bucket's folders.
      if (!key || key.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
      if (key.startsWith('exports/') || key.startsWith('imports/')) return null;
      return key;
    },
    async presignGet(key, seconds, fileName) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: `attachment; filename="${fileName}"`,
        }),
        { expiresIn: seconds },
      );
    },
    async deleteObjects(keys) {
      for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

async function openZipUpload(client: S3Client, bucket: string, key: string): Promise<ArchiveWriter> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let failure: Error | null = null;
  let uploadId: string | null = null;
  const parts: { ETag: string; PartNumber: number }[] = [];

  const zip = new Zip((error, chunk) => {
    if (error) {
      failure = error;
      return;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    total += chunk.length;
  });

  const take = (): Uint8Array => {
    const out = new Uint8Array(pendingBytes);
    let at = 0;
    for (const chunk of pending) {
      out.set(chunk, at);
      at += chunk.length;
    }
    pending = [];
    pendingBytes = 0;
    return out;
  };

  const uploadPart = async () => {
    uploadId ??=
      (
        await client.send(
          new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'application/zip' }),
        )
      ).UploadId ?? null;
    if (!uploadId) throw new Error('S3 answered no upload id');
    const PartNumber = parts.length + 1;
    const out = await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: take() }),
    );
    parts.push({ ETag: out.ETag ?? '', PartNumber });
  };

  const drain = async () => {
    if (failure) throw failure;
    while (pendingBytes >= ARCHIVE_PART_BYTES) await uploadPart();
  };

  let open: ArchiveEntry | null = null;

  return {
    entry(name) {
      if (open) throw new Error('The previous archive entry is still open');
      const file = STORED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(file);
      const entry: ArchiveEntry = {
        async write(chunk) {
          file.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
          await drain();
        },
        async end() {
          file.push(new Uint8Array(0), true);
          open = null;
          await drain();
        },
      };
      open = entry;
      return entry;
    },
    async close() {
      zip.end();
      if (failure) throw failure;
      if (!uploadId) {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: take(), ContentType: 'application/zip' }),
        );
        return total;
      }
      while (pendingBytes > 0) await uploadPart();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return total;
    },
    async abort() {
      if (uploadId)
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    },
  };
}
