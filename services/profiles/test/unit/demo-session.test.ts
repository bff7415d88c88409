import { describe, expect, it } from 'vitest';
import { DEMO_SESSIONS_PER_MINUTE, startDemoSession, tokenExpiry } from '../../src/demo-session/domain';
import type { DemoIdentity } from '../../src/demo-session/ports';
import { memoryDeps } from './memory';

const jwt = (payload: object) =>
  ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');

describe('Try Demo session', () => {
  const exp = Date.parse('2026-11-22T11:00:00Z') / 1000;
  const identity = (): DemoIdentity & { signIns: number } => {
    const self = {
      signIns: 0,
      signIn: async () => {
        self.signIns++;
        return jwt({ sub: 'demo', exp });
      },
    };
    return self;
  };

  it('hands out the demo identity token with its expiry', async () => {
    const { deps } = memoryDeps();
    const id = identity();
    const session = await startDemoSession({ ...deps, identity: id }, '203.0.113.7');
    expect(session).toEqual({
      accessToken: jwt({ sub: 'demo', exp }),
      expiresAt: '2026-11-22T11:00:00.000Z',
    });
    expect(id.signIns).toBe(1);
  });

  it('refuses an address past the per-minute limit with 429 before signing in, and lets it back a minute later', async () => {
    const { deps, clock } = memoryDeps();
    const id = identity();
    const all = { ...deps, identity: id };
    for (let i = 0; i < DEMO_SESSIONS_PER_MINUTE; i++) await startDemoSession(all, '203.0.113.7');
    await expect(startDemoSession(all, '203.0.113.7')).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(id.signIns).toBe(DEMO_SESSIONS_PER_MINUTE);
    // Another address is not affected.
    await expect(startDemoSession(all, '198.51.100.1')).resolves.toHaveProperty('accessToken');
    clock.advance(60_000);
    await expect(startDemoSession(all, '203.0.113.7')).resolves.toHaveProperty('accessToken');
  });

  it('reads exp from the token and refuses a token without one', () => {
    expect(tokenExpiry(jwt({ exp: 1 })).toISOString()).toBe('1970-01-01T00:00:01.000Z');
    expect(() => tokenExpiry(jwt({ sub: 'x' }))).toThrow(/without exp/);
  });
});
