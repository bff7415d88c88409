import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownValue } from '@sneakers/shared/rules/own-key';
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
  // Compiled by streaming only when served as application/wasm (store mode's barcode reader).
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.webmanifest',
  '.wasm',
]);

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** The decoded path of a request target, or why it cannot be served. */
function pathnameOf(target: string | undefined): string | { status: 400; code: string; message: string } {
  let url: URL;
  try {
    url = new URL(target ?? '/', 'http://x');
  } catch {
    return { status: 400, code: 'BAD_REQUEST_TARGET', message: 'The address is not valid.' };
  }
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return { status: 400, code: 'BAD_PATH', message: 'The address contains an invalid escape sequence.' };
  }
}

/**
 * Serves the built SPA like CloudFront in front of the web bucket: hashed assets are
 * cached for a year, anything unknown falls back to its HTML entry (SPA routing: index.html,
 * or share.html for a shared list).
 */
export function createStaticHandler(root: string, log: (line: string) => void = () => undefined) {
  const base = resolve(root);
  /** Whether `file` is `base` or below it; a prefix test would let `dist-other/` through. */
  const inside = (file: string) => {
    const rel = relative(base, file);
    return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  };
  return function serve(req: IncomingMessage, res: ServerResponse) {
    const pathname = pathnameOf(req.url);
    if (typeof pathname !== 'string') return sendError(res, pathname.status, pathname.code, pathname.message);
    // The URL has resolved literal dot segments, but escaped ones (`..%2f`) come out of
    // decoding and must not climb out. `\` separates on Windows (`..%5c`), and no built
    // file has it or a NUL in its name.
    let file = join(base, pathname);
    if (!inside(file) || pathname.includes('\\') || pathname.includes('\0')) {
      return sendError(res, 400, 'BAD_PATH', 'The address is outside the web app.');
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(base, htmlEntryFor(pathname));
    if (!existsSync(file)) {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('The web app has not been built. Run `npm run build:web`.');
      return;
    }
    const ext = extname(file);
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const source = createReadStream(file);
    // Until the file is open nothing is sent, so a file that cannot be read still answers.
    const notOpened = (error: Error) => {
      log(`Static files: cannot read ${file}: ${error.message}`);
      sendError(res, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    };
    source.once('error', notOpened);
    source.once('ready', () => {
      source.off('error', notOpened);
      res.setHeader('content-type', ownValue(TYPES, ext) ?? 'application/octet-stream');
      res.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('x-content-type-options', 'nosniff');
      if (gzip) {
        res.setHeader('content-encoding', 'gzip');
        res.setHeader('vary', 'accept-encoding');
      }
      // pipeline rather than pipe: a read error or a client that goes away closes both ends
      // instead of leaving an unhandled 'error' (which would end the process) or an open file.
      const done = () => undefined;
      if (gzip) pipeline(source, createGzip({ level: 6 }), res, done);
      else pipeline(source, res, done);
    });
  };
}
