import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import S3rver from 's3rver';

const require = createRequire(import.meta.url);

/** Buckets the app uses, as the data stack declares them. */
export const UPLOADS_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver accepts SigV4 requests (and presigned URLs) without checking the signature, but
 * only from access keys it knows: register the one every local client uses
 * (`localClientConfig` in shared/runtime/config).
 */
function registerLocalAccessKey() {
  const accounts = require('s3rver/lib/models/account') as {
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  accounts.DUMMY_ACCOUNT.createKeyPair('local', 'local');
}

export async function startS3(opts: { port: number; dataDir: string; buckets: string[] }) {
  mkdirSync(opts.dataDir, { recursive: true });
  registerLocalAccessKey();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    directory: opts.dataDir,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [UPLOADS_CORS] })),
  });
  await s3.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, close: () => s3.close() };
}

type SesServerFactory = (config?: { host?: string; port?: number }) => Promise<Server>;

/** aws-ses-v2-local in-process: SES v2 SendEmail, `GET /store` and a mail viewer at `/`. */
export async function startSes(opts: { port: number }) {
  const mod = require('aws-ses-v2-local') as { default: SesServerFactory };
  const server = await mod.default({ host: '127.0.0.1', port: opts.port });
  return { endpoint: `http://127.0.0.1:${opts.port}`, server };
}
