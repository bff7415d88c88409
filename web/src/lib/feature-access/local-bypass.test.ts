import { describe, expect, it } from 'vitest';
import { decideFeature } from '@sneakers/shared/rules/feature-access';
import { LOCAL_BYPASS_STORAGE_KEY, localBypassActive, type BypassEnvironment } from './local-bypass';

const switchOn = { getItem: (key: string) => (key === LOCAL_BYPASS_STORAGE_KEY ? 'on' : null) };
const switchOff = { getItem: () => null };
const env = (patch: Partial<BypassEnvironment>): BypassEnvironment => ({
  devBuild: false,
  stage: 'local',
  hostname: 'localhost',
  storage: switchOn,
  ...patch,
});

describe('local bypass', () => {
  it('is on in the local cloud, on this machine, with the switch set', () => {
    expect(localBypassActive(env({}))).toBe(true);
    expect(localBypassActive(env({ hostname: '127.0.0.1' }))).toBe(true);
    // A development build (vite dev) against a deployed stage still counts as local development.
    expect(localBypassActive(env({ devBuild: true, stage: 'aws' }))).toBe(true);
  });

  it('is ignored by a production build of a deployed stage, whatever local storage says', () => {
    expect(localBypassActive(env({ devBuild: false, stage: 'aws' }))).toBe(false);
    expect(localBypassActive(env({ devBuild: false, stage: 'aws', hostname: 'localhost' }))).toBe(false);
  });

  it('is off on another host, even in the local cloud or a development build', () => {
    expect(localBypassActive(env({ hostname: 'app.example.com' }))).toBe(false);
    expect(localBypassActive(env({ devBuild: true, hostname: '192.168.1.20' }))).toBe(false);
  });

  it('is off without the switch, or when storage cannot be read', () => {
    expect(localBypassActive(env({ storage: switchOff }))).toBe(false);
    expect(localBypassActive(env({ storage: { getItem: () => 'yes' } }))).toBe(false);
    expect(localBypassActive(env({ storage: null }))).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(localBypassActive(env({ storage: throwing }))).toBe(false);
  });

  it("grants a feature only when active (the decision's first step)", () => {
    const data = { flags: [], rules: [], grants: {}, overrides: [] };
    const now = new Date('2026-03-01T00:00:00Z');
    expect(decideFeature('beta', null, data, { now, localBypass: localBypassActive(env({})) })).toEqual({
      allowed: true,
      step: 'local-bypass',
    });
    expect(
      decideFeature('beta', null, data, { now, localBypass: localBypassActive(env({ stage: 'aws' })) }),
    ).toEqual({ allowed: false, step: 'no-user' });
  });
});
