import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { htmlEntryFor } from '@sneakers/shared/web/html-entry';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/**
 * Serves the built SPA like CloudFront in front of the web bucket: hashed assets are
 * cached for a year, anything unknown falls back to its HTML entry (SPA routing: index.html,
 * or share.html for a shared list).
 */
export function createStaticHandler(root: string) {
  const base = resolve(root);
  return function serve(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(base, pathname));
    if (!file.startsWith(base)) {
      res.statusCode = 400;
      res.end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(base, htmlEntryFor(pathname));
    if (!existsSync(file)) {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('The web app has not been built. Run `npm run build:web`.');
      return;
    }
    const ext = extname(file);
    res.setHeader('content-type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader(
      'cache-control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    res.setHeader('x-content-type-options', 'nosniff');
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('vary', 'accept-encoding');
      createReadStream(file)
        .pipe(createGzip({ level: 6 }))
        .pipe(res);
    } else {
      createReadStream(file).pipe(res);
    }
  };
}
