import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cloud, newUser, raw } from '../../../tests/support/cloud-client';

/** node:http rather than fetch: fetch normalises request targets such as `//[`. */
function rawTarget(path: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(cloud().appUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path });
    req.setTimeout(5000, () => req.destroy(new Error(`No answer for ${path}`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
      );
    });
    req.end();
  });
}

async function stillUp() {
  const res = await raw('/api/health', { signal: AbortSignal.timeout(5000) });
  expect(res.status).toBe(200);
}

describe('local cloud on bad input', () => {
  it('answers 400 BAD_PATH for a malformed escape in a path parameter and stays up', async () => {
    const { token } = await newUser();
    const res = await raw('/api/items/%E0%A4%A', {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'BAD_PATH', message: 'The address contains an invalid escape sequence.' },
    });
    await stillUp();
  });

  it('answers 400 for a request target that is not a URL and stays up', async () => {
    expect(await rawTarget('//[')).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_TARGET', message: 'The address is not valid.' } },
    });
    await stillUp();
  });

  it('answers 404 with an error body outside /api when started without the web app', async () => {
    const res = await raw('/some/page', { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'The web app is not served by this gateway.' },
    });
  });
});
