import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressAllowed, type UrlPolicy } from './addresses';
import type { PostResult, WebhookPoster } from './ports';

/** The most of an answer read (and thrown away): a receiver's body is not ours to keep. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The connection's own lookup: every address the name resolves to must be allowed, and the
 * socket connects to the one checked, so a name re-pointed between a check and the connect
 * (DNS rebinding) still cannot reach a private address.
 */
function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = Array.isArray(addresses) ? addresses : [];
      const refused = list.find((a) => !addressAllowed(a.address, policy));
      if (list.length === 0 || refused)
        return callback(
          Object.assign(new Error(`blocked address ${refused?.address ?? ''}`.trim()), { code: 'EBLOCKED' }),
          '',
          0,
        );
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error('no address'), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

export function createPoster(policy: UrlPolicy): WebhookPoster {
  return {
    post(url, headers, body, timeoutMs) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      return new Promise<PostResult>((resolve) => {
        let settled = false;
        const done = (result: Omit<PostResult, 'durationMs'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ ...result, durationMs: elapsed() });
        };
        const target = new URL(url);
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            lookup: guardedLookup(policy),
            // A fresh connection per attempt: nothing pooled outlives the address check.
            agent: false,
          },
          (res) => {
            let read = 0;
            res.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_RESPONSE_BYTES) res.destroy();
            });
            const finish = () => done({ responseCode: res.statusCode ?? null, error: null });
            res.on('end', finish);
            res.on('close', finish);
            res.on('error', finish);
          },
        );
        // The whole attempt, connect to last byte, within the timeout (docs/product/store-api.md#retries-and-the-delivery-log).
        const timer = setTimeout(() => {
          done({ responseCode: null, error: 'timeout' });
          req.destroy();
        }, timeoutMs);
        req.on('error', (error: NodeJS.ErrnoException) =>
          done({
            responseCode: null,
            error: error.code === 'EBLOCKED' ? error.message : (error.code ?? error.message),
          }),
        );
        req.end(body);
      });
    },
  };
}
