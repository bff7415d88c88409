import { describe, expect, it } from 'vitest';
import {
  createProvider,
  decideProvider,
  getProvider,
  getProviderRegistration,
  getProviderRegistrationLink,
  listProviderIbanReveals,
  listProviders,
  revealProviderIban,
  submitProviderRegistration,
  updateProvider,
} from '@sneakers/shared/contracts/providers';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { raw, rejection } from '../../../../tests/support/cloud-client';
import { IBAN_REVEALS_PER_MINUTE } from '../../src/iban-reveals/domain';
import { email, recordingClients, storeUser as signedInStore, table } from './support';

const IBAN = 'ES9121000418450200051332';
const SPACED = 'ES91 2100 0418 4502 0005 1332';
const FULL = [IBAN, SPACED, '21000418450200051332'];

/** Every response body except the reveal's own, to prove none of them carries the full IBAN. */
const bodies: string[] = [];
const client = recordingClients(bodies, (url) => url.endsWith('/iban/reveal'));

const storeUser = (businessName: string) => signedInStore(businessName, { client });
const repo = () => table().ibanReveals;

function revealRaw(token: string, providerId: string, body: unknown) {
  return raw(`/api/providers/${providerId}/iban/reveal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

describe('provider IBAN reveal', () => {
  it('the owning store reveals the full IBAN (no-store, recorded with who, when and why); another store gets 404', async () => {
    const a = await storeUser('Reveal Store');
    const b = await storeUser('Other Store');
    const { provider } = await a.call(createProvider, {
      body: { name: 'Ana', email: email(), iban: SPACED },
    });
    expect(provider.ibanMasked).toBe('•••• 1332');
    const params = { providerId: provider.id };

    const response = await revealRaw(a.token, provider.id, { purpose: 'view' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ iban: IBAN });
    expect(await a.call(revealProviderIban, { params, body: { purpose: 'print' } })).toEqual({ iban: IBAN });

    // The record is written before the answer: who (the verified token's user), when, why.
    const records = await repo().listIbanReveals(a.userId, provider.id, 10);
    expect(records.map((r) => r.purpose)).toEqual(['print', 'view']);
    for (const record of records) {
      expect(record).toMatchObject({
        storeUserId: a.userId,
        providerId: provider.id,
        revealedByUserId: a.userId,
      });
      expect(Date.now() - Date.parse(record.revealedAt)).toBeLessThan(60_000);
    }
    const { reveals } = await a.call(listProviderIbanReveals, { params });
    expect(reveals.map((r) => r.purpose)).toEqual(['print', 'view']);
    expect(reveals[0]!.revealedBy).toBe(records[0]!.revealedByEmail ?? a.userId);

    // Another store: the same 404 as for an id that does not exist, and nothing recorded.
    for (const attempt of [
      () => b.call(revealProviderIban, { params, body: { purpose: 'view' } }),
      () => b.call(listProviderIbanReveals, { params }),
      () => a.call(revealProviderIban, { params: { providerId: 'missing' }, body: { purpose: 'view' } }),
    ]) {
      const e = await rejection(attempt());
      expect([e.status, e.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    }
    expect(await repo().listIbanReveals(a.userId, provider.id, 10)).toHaveLength(2);
    expect(await repo().listIbanReveals(b.userId, provider.id, 10)).toEqual([]);

    // Signed out: 401; an unknown purpose or an extra field: 400 before anything is read.
    expect((await raw(`/api/providers/${provider.id}/iban/reveal`, { method: 'POST' })).status).toBe(401);
    expect((await revealRaw(a.token, provider.id, { purpose: 'email' })).status).toBe(400);
    expect((await revealRaw(a.token, provider.id, { purpose: 'view', all: true })).status).toBe(400);
    expect(await repo().listIbanReveals(a.userId, provider.id, 10)).toHaveLength(2);
  });

  it('a provider without IBAN reveals null and records nothing', async () => {
    const a = await storeUser('No Iban Store');
    const { provider } = await a.call(createProvider, { body: { name: 'Bo', email: email() } });
    expect(
      await a.call(revealProviderIban, { params: { providerId: provider.id }, body: { purpose: 'view' } }),
    ).toEqual({ iban: null });
    expect(await repo().listIbanReveals(a.userId, provider.id, 10)).toEqual([]);
  });

  it(`rate limit: ${IBAN_REVEALS_PER_MINUTE} reveals a minute per store, then 429 (another store unaffected)`, async () => {
    const a = await storeUser('Busy Reveal Store');
    const b = await storeUser('Calm Reveal Store');
    const { provider } = await a.call(createProvider, { body: { name: 'Cy', email: email(), iban: IBAN } });
    const params = { providerId: provider.id };
    for (let n = 0; n < IBAN_REVEALS_PER_MINUTE; n++)
      await a.call(revealProviderIban, { params, body: { purpose: 'view' } });
    const limited = await rejection(a.call(revealProviderIban, { params, body: { purpose: 'view' } }));
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    // Refused reveals are not recorded: the trail holds exactly what was shown.
    expect(await repo().listIbanReveals(a.userId, provider.id, 100)).toHaveLength(IBAN_REVEALS_PER_MINUTE);
    const other = await b.call(createProvider, { body: { name: 'Di', email: email(), iban: IBAN } });
    expect(
      await b.call(revealProviderIban, {
        params: { providerId: other.provider.id },
        body: { purpose: 'view' },
      }),
    ).toEqual({ iban: IBAN });
  });

  it('demo mode reveals the sample IBAN and writes nothing', async () => {
    const { accessToken } = await client()(startDemoSession, {});
    const demo = client(accessToken);
    const provider = (await demo(listProviders)).providers.find((p) => p.ibanMasked);
    if (!provider) throw new Error('The demo seed has no provider with an IBAN');
    const params = { providerId: provider.id };
    const { iban } = await demo(revealProviderIban, { params, body: { purpose: 'view' } });
    expect(iban && iban.slice(-4)).toBe(provider.ibanMasked!.slice(-4));
    expect((await demo(listProviderIbanReveals, { params })).reveals).toEqual([]);
  });

  it('every other providers response keeps the IBAN masked (raw JSON of list, detail, update, decide, registration)', async () => {
    const a = await storeUser('Masked Store');
    const { provider } = await a.call(createProvider, { body: { name: 'Eva', email: email(), iban: IBAN } });
    const params = { providerId: provider.id };
    await a.call(revealProviderIban, { params, body: { purpose: 'view' } });
    await a.call(getProvider, { params });
    await a.call(listProviders);
    await a.call(listProviders, { query: { status: 'approved' } });
    await a.call(updateProvider, { params, body: { name: 'Eva M.' } });
    await a.call(updateProvider, { params, body: { iban: SPACED } });
    await a.call(decideProvider, { params, body: { decision: 'reject' } });
    await a.call(listProviderIbanReveals, { params });
    const { token } = await a.call(getProviderRegistrationLink);
    const link = { storeUserId: a.userId, token };
    await client()(getProviderRegistration, { params: link });
    await client()(submitProviderRegistration, {
      params: link,
      body: { name: 'Reg', email: email(), iban: IBAN },
    });
    await a.call(listProviders, { query: { status: 'pending' } });

    expect(bodies.length).toBeGreaterThan(15);
    for (const text of bodies) for (const iban of FULL) expect(text).not.toContain(iban);
    expect(bodies.filter((t) => t.includes('•••• 1332')).length).toBeGreaterThan(5);
  });
});
