import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { cloud } from '../../support/cloud-client';
import type { Tally } from './tally';

/**
 * Raw HTTP against the local gateway through node:http, not fetch: fetch normalises the
 * request target (`..`, `//[`, percent-encoding), and these suites must send it as is.
 * Every request has a deadline, so a hang fails the test instead of stalling the run.
 */
export const ANSWER_WITHIN_MS = 5000;

export interface Outgoing {
  method: string;
  /** The raw request target: path and query exactly as they go on the wire. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent as Idempotency-Key; a fresh one by default, none when null. */
  idempotencyKey?: string | null;
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * The suites call from a loopback address of their own where the machine has one, so the
 * per-address rate limits they exhaust (demo sessions, anonymous offers) are not those of
 * the other suites, which call from 127.0.0.1. Linux routes all of 127/8; macOS may not.
 */
let sourceAddress: string | undefined = '127.0.0.2';

export function createSender(tally: Tally) {
  const app = new URL(cloud().appUrl);

  function attempt(out: Outgoing, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const from = sourceAddress;
      const req = request(
        {
          agent,
          host: app.hostname,
          port: app.port,
          method: out.method,
          path: out.target,
          headers,
          ...(from ? { localAddress: from } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, text, json: parseJson(text) });
          });
          res.on('error', fail);
        },
      );
      const timer = setTimeout(
        () => req.destroy(new Error(`No answer within ${ANSWER_WITHIN_MS} ms`)),
        ANSWER_WITHIN_MS,
      );
      function fail(error: NodeJS.ErrnoException) {
        clearTimeout(timer);
        if (error.code === 'EADDRNOTAVAIL' && from) {
          sourceAddress = undefined;
          return resolve(attempt(out, headers));
        }
        // A kept-alive socket the server closed while it sat idle (after the gateway's 5 s
        // keep-alive, which a slow moment of the run can outlast): Node's documented answer is
        // to send again on a fresh socket. The request never reached the server.
        if (req.reusedSocket && error.code === 'ECONNRESET') return resolve(attempt(out, headers));
        reject(new Error(`${out.method} ${out.target.slice(0, 200)}: ${error.message}`));
      }
      req.on('error', fail);
      req.end(out.body);
    });
  }

  return function send(out: Outgoing): Promise<Answer> {
    tally.request();
    const key = out.idempotencyKey === undefined ? `route-suites-${randomUUID()}` : out.idempotencyKey;
    const headers: Record<string, string> = {
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...out.headers,
    };
    if (out.body !== undefined) headers['content-length'] = String(Buffer.byteLength(out.body));
    return attempt(out, headers);
  };
}

export type Send = ReturnType<typeof createSender>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const errorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * Why an answer breaks the error model (`{ error: { code, message } }` on every 4xx/5xx), or
 * undefined. A document route (`produces` html/xml, the online store's pages) answers its own
 * page on a 404 (the app's not-found page with noindex, an empty sitemap); other errors are JSON.
 */
export function errorModelProblem(answer: Answer, contract?: { produces?: string }): string | undefined {
  if (answer.status < 400) return undefined;
  if (contract?.produces && answer.status === 404 && answer.json === undefined && /^\s*</.test(answer.text))
    return undefined;
  return z.safeParse(errorBodySchema, answer.json).success
    ? undefined
    : `status ${answer.status} without { error: { code, message } }: ${answer.text.slice(0, 200)}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit)
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return results;
}
