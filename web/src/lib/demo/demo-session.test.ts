import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@sneakers/shared';
import { testConfig } from '../../test/render-app';
import { isDemoRefusal } from './demo-refusal';
import { demoAccessToken } from './demo-session';
import { DEMO_SESSION_STORAGE_KEY, enterDemoMode, leaveDemoMode } from './demo-mode';
import { pageLocation } from '../page-location';

function sessionServer(lifetimeMs: number) {
  let issued = 0;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(new URL(String(input)).pathname).toBe('/api/demo/session');
    expect(init?.method).toBe('POST');
    issued++;
    return Response.json({
      accessToken: `demo-token-${issued}`,
      expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
    });
  });
  return { fetchImpl, issued: () => issued };
}

describe('the demo session', () => {
  afterEach(() => window.localStorage.clear());

  it('signs in once for parallel callers and reuses the token while it is fresh', async () => {
    const server = sessionServer(3_600_000);
    const tokens = await Promise.all([1, 2, 3].map(() => demoAccessToken(testConfig, server.fetchImpl)));
    expect(tokens).toEqual(['demo-token-1', 'demo-token-1', 'demo-token-1']);
    expect(await demoAccessToken(testConfig, server.fetchImpl)).toBe('demo-token-1');
    expect(server.issued()).toBe(1);
    expect(JSON.parse(window.localStorage.getItem(DEMO_SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({
      accessToken: 'demo-token-1',
    });
  });

  it('asks again a minute before the token expires, and after a damaged entry', async () => {
    const server = sessionServer(30_000);
    expect(await demoAccessToken(testConfig, server.fetchImpl)).toBe('demo-token-1');
    expect(await demoAccessToken(testConfig, server.fetchImpl)).toBe('demo-token-2');
    window.localStorage.setItem(DEMO_SESSION_STORAGE_KEY, '{not json');
    expect(await demoAccessToken(testConfig, server.fetchImpl)).toBe('demo-token-3');
  });

  it('is forgotten on Exit demo', async () => {
    const server = sessionServer(3_600_000);
    enterDemoMode();
    await demoAccessToken(testConfig, server.fetchImpl);
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => undefined);
    leaveDemoMode();
    expect(window.localStorage.getItem(DEMO_SESSION_STORAGE_KEY)).toBeNull();
    expect(replace).toHaveBeenCalledWith('/');
    replace.mockRestore();
  });

  it('recognises only the server demo refusal', () => {
    expect(isDemoRefusal(new ApiError(403, 'DEMO_MODE', 'Demo users cannot save changes.'))).toBe(true);
    expect(isDemoRefusal(new ApiError(403, 'FORBIDDEN', 'No.'))).toBe(false);
    expect(isDemoRefusal(new Error('DEMO_MODE'))).toBe(false);
  });
});
