import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  text: string;
}

/** Listens on a free port on the loopback address and gives the port. */
export async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * node:http rather than fetch: fetch normalises request targets (`//[`, `/../x`), and the
 * point is to send them as they are.
 */
export function rawRequest(
  port: number,
  path: string,
  opts: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: opts.method ?? 'GET',
      headers: opts.headers,
    });
    // A request the server never answers is the defect, so it fails fast instead of hanging.
    req.setTimeout(2000, () => req.destroy(new Error(`No answer for ${path}`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: bytes.toString('utf8') });
      });
    });
    req.end(opts.body);
  });
}

/** The answer's body as JSON, for servers that answer JSON errors. */
export function json(answer: RawAnswer): unknown {
  return answer.text ? JSON.parse(answer.text) : undefined;
}
