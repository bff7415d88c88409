import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listClients } from '@sneakers/shared/contracts/crm';
import { createFlag, deleteFlag, setFlagGrant, updateFlag } from '@sneakers/shared/contracts/flags';
import { api, newUser, raw } from '../support/cloud-client';
import { account, CACHE_TTL_MS, outcome, PROPAGATION_MS, until } from './support';

/**
 * Server enforcement through real routes of the local cloud (crm's GET /api/clients, in
 * the 'clients' section): a flag that gates the section refuses it to whoever the decision
 * denies, within the functions' cache time, and a grant lets them back in. The flag is
 * deleted at the end (and its absence awaited), so no later suite finds 'clients' gated.
 */
describe('feature enforcement on the API', () => {
  const flag = `it-clients-${randomUUID().slice(0, 8)}`;
  let root: Awaited<ReturnType<typeof account>>;
  let granted: Awaited<ReturnType<typeof account>>;
  let other: Awaited<ReturnType<typeof account>>;
  let created = false;
  let version = 0;

  beforeAll(async () => {
    [root, granted, other] = await Promise.all([account('superuser'), account('store'), account('store')]);
  });

  afterAll(async () => {
    if (!created) return;
    await root.call(deleteFlag, { params: { name: flag } });
    // At rollout 100 every store is in already; only a caller the gate still refuses shows the
    // deletion has reached the functions: one without a profile (the decision denies them).
    const { token } = await newUser();
    await until(() => api(token).call(listClients), 'OK');
  });

  const clients = (who: { call: typeof root.call }) => () => who.call(listClients);

  it('refuses a gated section with 403 FEATURE_NOT_AVAILABLE within the cache time of the change', async () => {
    // Warm every cache first: the change must then replace what the functions hold.
    expect(await outcome(clients(granted))).toBe('OK');
    expect(await outcome(clients(other))).toBe('OK');

    const { flag: made } = await root.call(createFlag, {
      body: {
        name: flag,
        isEnabled: true,
        targetUserTypes: ['store'],
        rolloutPercentage: 0,
        gates: ['clients'],
      },
    });
    created = true;
    version = made.version;
    const took = await until(clients(granted), 'FEATURE_NOT_AVAILABLE');
    expect(took).toBeLessThanOrEqual(PROPAGATION_MS);

    const res = await raw('/api/clients', { headers: { authorization: `Bearer ${other.token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 'FEATURE_NOT_AVAILABLE',
        message: 'This feature is not currently available for your account.',
      },
    });
    // A superuser passes every gate.
    expect(await outcome(clients(root))).toBe('OK');
  });

  it('lets a user in once granted, and nobody else', async () => {
    await root.call(setFlagGrant, {
      params: { name: flag, userId: granted.userId },
      body: { granted: true },
    });
    await until(clients(granted), 'OK');
    // Well past the cache time, the other store is still refused.
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS + 200));
    expect(await outcome(clients(other))).toBe('FEATURE_NOT_AVAILABLE');
  });

  it('opens the section to everyone at rollout 100', async () => {
    const { flag: opened } = await root.call(updateFlag, {
      params: { name: flag },
      body: { version, rolloutPercentage: 100 },
    });
    expect(opened.rolloutPercentage).toBe(100);
    expect(await until(clients(other), 'OK')).toBeLessThanOrEqual(PROPAGATION_MS);
    // Everyone, and for good: a store the flag never saw, the one refused until now and the
    // granted one, all let in well past the cache time.
    const newcomer = await account('store');
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS + 200));
    expect(await Promise.all([newcomer, other, granted].map((who) => outcome(clients(who))))).toEqual([
      'OK',
      'OK',
      'OK',
    ]);
  });
});
