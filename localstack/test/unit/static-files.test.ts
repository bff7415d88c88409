import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGateway } from '../../src/http-gateway';
import { createStaticHandler } from '../../src/static-files';
import { close, json, listen, rawRequest } from './support/raw-http';

const INDEX = '<!doctype html><title>index</title>';
const SECRET = 'SECRET OUTSIDE DIST';
const REFERENCE = '<!doctype html><title>reference</title>';

/**
 * A built app in `<tmp>/dist`, with files next to it that must stay out of reach: one in
 * the parent folder and one in a sibling whose name starts with `dist`.
 */
let folder = '';
let dist = '';
let unreadable: NetServer | undefined;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'static-'));
  dist = join(folder, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'share.html'), '<!doctype html><title>share</title>');
  writeFileSync(join(dist, 'api-reference.html'), REFERENCE);
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("app");'.repeat(50));
  writeFileSync(join(folder, 'secret.txt'), SECRET);
  mkdirSync(join(folder, 'dist-secret'));
  writeFileSync(join(folder, 'dist-secret', 'secret.txt'), SECRET);
  // A socket exists and is no directory, yet opening it fails (ENXIO), even for root.
  const socketServer = createNetServer();
  unreadable = socketServer;
  await new Promise<void>((resolve) => socketServer.listen(join(dist, 'socket.js'), resolve));
});
afterAll(async () => {
  const socketServer = unreadable;
  if (socketServer) await new Promise((resolve) => socketServer.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

let server: Server | undefined;
afterEach(async () => {
  if (server) await close(server);
  server = undefined;
});

/** The static handler behind the HTTP gateway, as `--web=dist` wires it. */
async function startGateway(): Promise<number> {
  server = createHttpGateway({
    services: [],
    verifyToken: async () => undefined,
    runtimeConfig: () => {
      throw new Error('not used');
    },
    health: async () => ({ status: 'ok', services: [] }),
    web: createStaticHandler(dist),
  }).server;
  return listen(server);
}

const BAD_PATH = {
  error: { code: 'BAD_PATH', message: 'The address contains an invalid escape sequence.' },
};
const OUTSIDE = { error: { code: 'BAD_PATH', message: 'The address is outside the web app.' } };

describe('the HTML entries', () => {
  it('serves the store API reference at /api-reference, its own page outside the SPA', async () => {
    server = createServer(createStaticHandler(dist));
    const port = await listen(server);
    expect((await rawRequest(port, '/api-reference')).text).toBe(REFERENCE);
    expect((await rawRequest(port, '/api-reference/')).text).toBe(REFERENCE);
    expect((await rawRequest(port, '/dashboard/api-playground')).text).toBe(INDEX);
  });
});

describe('static web app files on bad input', () => {
  it('answers 400 BAD_PATH for a malformed escape and keeps serving', async () => {
    const port = await startGateway();
    const bad = await rawRequest(port, '/lists/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(json(bad)).toEqual(BAD_PATH);
    const page = await rawRequest(port, '/lists/some-list');
    expect(page.status).toBe(200);
    expect(page.text).toBe(INDEX);
  });

  it('answers 400 for a request target that is not a URL when it serves on its own', async () => {
    server = createServer(createStaticHandler(dist));
    const port = await listen(server);
    const bad = await rawRequest(port, '//[');
    expect(bad.status).toBe(400);
    expect(json(bad)).toEqual({
      error: { code: 'BAD_REQUEST_TARGET', message: 'The address is not valid.' },
    });
    expect((await rawRequest(port, '/')).text).toBe(INDEX);
  });

  it.each([
    '/..%2f..%2fetc/passwd',
    '/..%2fsecret.txt',
    '/..%2Fdist-secret/secret.txt',
    '/assets/..%2f..%2f..%2fsecret.txt',
    '/..%5c..%5csecret.txt',
    '/assets%5c..%5c..%5cdist-secret%5csecret.txt',
    '/index.html%00.js',
  ])('refuses %s with 400, never leaving the dist folder', async (target) => {
    const port = await startGateway();
    const answer = await rawRequest(port, target);
    expect(answer.text).not.toContain(SECRET);
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual(OUTSIDE);
  });

  it.each(['/../../secret.txt', '/%2e%2e/%2e%2e/secret.txt', '/.%2e/dist-secret/secret.txt'])(
    'resolves dot segments in %s inside the dist folder, as a URL does',
    async (target) => {
      const port = await startGateway();
      const answer = await rawRequest(port, target);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(INDEX);
    },
  );

  it('answers 500 INTERNAL when a file cannot be read, and keeps serving', async () => {
    const port = await startGateway();
    const failed = await rawRequest(port, '/socket.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(failed.status).toBe(500);
    expect(failed.headers['content-encoding']).toBeUndefined();
    expect(json(failed)).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
    expect((await rawRequest(port, '/')).text).toBe(INDEX);
  });

  it('still serves hashed assets gzipped with a year of caching', async () => {
    const port = await startGateway();
    const asset = await rawRequest(port, '/assets/app-1234.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(asset.bytes).toString('utf8')).toBe('console.log("app");'.repeat(50));
  });
});
