import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A webhook receiver on loopback for the tests and the bench: records every request it gets. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export async function startReceiver() {
  const received: Received[] = [];
  const statusByPath = new Map<string, number>();
  const flat = (headers: IncomingHttpHeaders) =>
    Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: flat(req.headers), body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statusByPath.get(path) ?? 204;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** What the receiver answers on a path (204 unless set). */
    answer(path: string, status: number) {
      statusByPath.set(path, status);
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
