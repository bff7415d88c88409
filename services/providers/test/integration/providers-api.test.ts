import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createProvider,
  decideProvider,
  deleteProvider,
  getProvider,
  getProviderRegistration,
  getProviderRegistrationLink,
  listProviders,
  rotateProviderRegistrationLink,
  submitProviderRegistration,
  updateProvider,
} from '@sneakers/shared/contracts/providers';
import { raw, rejection } from '../../../../tests/support/cloud-client';
import { email, recordingClients, registeredEvents, storeUser as signedInStore, table } from './support';

const IBAN = 'ES9121000418450200051332';
const OTHER_IBAN = 'GB82WEST12345698765432';

/** Every response body this suite receives, to prove no full IBAN ever leaves the server. */
const bodies: string[] = [];
const client = recordingClients(bodies);

async function rawCall(path: string, init: RequestInit = {}) {
  const response = await raw(path, init);
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, body: JSON.parse(text || '{}') as Record<string, unknown> };
}

/** A store with a profile, signed in. */
const storeUser = (businessName: string) => signedInStore(businessName, { client });

const visitor = client();

describe('providers API', () => {
  it('tenancy: another store cannot list, read, update, decide or delete my providers', async () => {
    const a = await storeUser('Store A');
    const b = await storeUser('Store B');
    const { provider } = await a.call(createProvider, {
      body: { name: 'Ana', email: email(), iban: IBAN, phone: '600111222' },
    });
    expect(provider).toMatchObject({ status: 'approved', source: 'manual', ibanMasked: '•••• 1332' });

    const params = { providerId: provider.id };
    for (const attempt of [
      () => b.call(getProvider, { params }),
      () => b.call(updateProvider, { params, body: { name: 'Hijacked' } }),
      () => b.call(decideProvider, { params, body: { decision: 'reject' } }),
      () => b.call(deleteProvider, { params }),
    ]) {
      const e = await rejection(attempt());
      expect([e.status, e.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    }
    expect((await b.call(listProviders)).providers).toEqual([]);
    expect((await a.call(getProvider, { params })).provider).toMatchObject({
      name: 'Ana',
      status: 'approved',
    });
    const unauthenticated = await rawCall('/api/providers');
    expect(unauthenticated.status).toBe(401);
  });

  it('store CRUD: duplicate email 409, email change keeps uniqueness, list newest first with status filter', async () => {
    const a = await storeUser('Store CRUD');
    const anaEmail = email();
    const ana = (await a.call(createProvider, { body: { name: 'Ana', email: anaEmail.toUpperCase() } }))
      .provider;
    expect(ana.email).toBe(anaEmail);
    const dup = await rejection(a.call(createProvider, { body: { name: 'Ana 2', email: anaEmail } }));
    expect([dup.status, dup.code]).toEqual([409, 'PROVIDER_EMAIL_TAKEN']);
    const bo = (await a.call(createProvider, { body: { name: 'Bo', email: email(), alias: 'bo' } })).provider;

    const taken = await rejection(
      a.call(updateProvider, { params: { providerId: bo.id }, body: { email: anaEmail } }),
    );
    expect([taken.status, taken.code]).toEqual([409, 'PROVIDER_EMAIL_TAKEN']);
    const newEmail = email();
    const moved = await a.call(updateProvider, {
      params: { providerId: ana.id },
      body: { email: newEmail, iban: OTHER_IBAN, phone: '600' },
    });
    expect(moved.provider).toMatchObject({ email: newEmail, ibanMasked: '•••• 5432', phone: '600' });
    // The old email is free again; the new one is taken.
    await a.call(createProvider, { body: { name: 'Ana again', email: anaEmail } });
    const stillTaken = await rejection(a.call(createProvider, { body: { name: 'X', email: newEmail } }));
    expect(stillTaken.code).toBe('PROVIDER_EMAIL_TAKEN');
    const cleared = await a.call(updateProvider, {
      params: { providerId: bo.id },
      body: { alias: null, iban: null },
    });
    expect(cleared.provider).toMatchObject({ alias: null, ibanMasked: null, name: 'Bo' });

    await a.call(decideProvider, { params: { providerId: bo.id }, body: { decision: 'reject' } });
    const all = (await a.call(listProviders)).providers;
    expect(all.map((p) => p.name)).toEqual(['Ana again', 'Bo', 'Ana']);
    const rejected = (await a.call(listProviders, { query: { status: 'rejected' } })).providers;
    expect(rejected.map((p) => p.id)).toEqual([bo.id]);
    const page = await a.call(listProviders, { query: { limit: 2 } });
    expect(page.providers).toHaveLength(2);
    expect(page.cursor).not.toBeNull();
    const next = await a.call(listProviders, { query: { limit: 2, cursor: page.cursor! } });
    expect(next.providers.map((p) => p.id)).toEqual([ana.id]);

    await a.call(deleteProvider, { params: { providerId: ana.id } });
    const gone = await rejection(a.call(getProvider, { params: { providerId: ana.id } }));
    expect(gone.status).toBe(404);
    // Deleting freed its email.
    await a.call(createProvider, { body: { name: 'Reuse', email: newEmail } });
  });

  it('registration link: valid, wrong, rotated and unknown-store tokens', async () => {
    const a = await storeUser('Sneaker Hub');
    const b = await storeUser('Other Store');
    const { token } = await a.call(getProviderRegistrationLink);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect((await a.call(getProviderRegistrationLink)).token).toBe(token);
    const bToken = (await b.call(getProviderRegistrationLink)).token;
    expect(bToken).not.toBe(token);

    const store = await visitor(getProviderRegistration, { params: { storeUserId: a.userId, token } });
    expect(store).toEqual({ store: { businessName: 'Sneaker Hub' } });

    const invalid = async (storeUserId: string, t: string) => {
      const e = await rejection(visitor(getProviderRegistration, { params: { storeUserId, token: t } }));
      expect([e.status, e.code]).toEqual([404, 'REGISTRATION_LINK_INVALID']);
      const s = await rejection(
        visitor(submitProviderRegistration, {
          params: { storeUserId, token: t },
          body: { name: 'Nope', email: email() },
        }),
      );
      expect([s.status, s.code, s.message]).toEqual([404, 'REGISTRATION_LINK_INVALID', e.message]);
    };
    await invalid(a.userId, `${token.slice(0, -2)}xx`);
    await invalid(a.userId, bToken);
    await invalid(`unknown-${randomUUID()}`, token);

    const rotated = (await a.call(rotateProviderRegistrationLink)).token;
    expect(rotated).not.toBe(token);
    await invalid(a.userId, token);
    expect((await a.call(getProviderRegistrationLink)).token).toBe(rotated);
    await visitor(submitProviderRegistration, {
      params: { storeUserId: a.userId, token: rotated },
      body: { name: 'After Rotation', email: email() },
    });
    expect((await a.call(listProviders)).providers.map((p) => p.name)).toEqual(['After Rotation']);
    expect((await b.call(listProviders)).providers).toEqual([]);
  });

  it('registration: pending, one provider per email, strict body, IBAN checked, then approval', async () => {
    const a = await storeUser('Approval Store');
    const { token } = await a.call(getProviderRegistrationLink);
    const params = { storeUserId: a.userId, token };
    const path = `/api/provider-registration/${a.userId}/${token}`;
    const post = (body: unknown) =>
      rawCall(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // An extra field (status, source, storeUserId...) is refused and nothing is stored.
    const extra = await post({ name: 'Sneaky', email: email(), status: 'approved' });
    expect(extra.status).toBe(400);
    const badIban = await post({ name: 'Bad Iban', email: email(), iban: 'ES9121000418450200051333' });
    expect(badIban.status).toBe(400);
    expect(badIban.body).toMatchObject({ error: { fields: { iban: ['Enter a valid IBAN'] } } });
    const noName = await post({ email: email() });
    expect(noName.status).toBe(400);
    expect((await a.call(listProviders)).providers).toEqual([]);

    const providerEmail = email();
    const body = {
      name: 'Carla Supplier',
      email: providerEmail,
      phone: '+34 600 000 000',
      alias: 'carla',
      dni: '12345678Z',
      iban: 'es91 2100 0418 4502 0005 1332',
    };
    expect(await visitor(submitProviderRegistration, { params, body })).toEqual({ status: 'pending' });
    // The same email again (any case, other details): same answer, still one provider.
    const again = await post({ ...body, name: 'Carla Again', email: providerEmail.toUpperCase() });
    expect(again).toEqual({ status: 200, body: { status: 'pending' } });

    // Concurrent double submits of a new email race on the marker: still one provider each.
    const racedEmail = email();
    const raced = await Promise.all(
      [1, 2, 3].map(() =>
        visitor(submitProviderRegistration, { params, body: { name: 'Racer', email: racedEmail } }),
      ),
    );
    expect(raced).toEqual([1, 2, 3].map(() => ({ status: 'pending' })));
    const racers = (await a.call(listProviders)).providers.filter((p) => p.email === racedEmail);
    expect(racers).toHaveLength(1);
    await a.call(deleteProvider, { params: { providerId: racers[0]!.id } });

    const { providers } = await a.call(listProviders);
    expect(providers).toHaveLength(1);
    const carla = providers[0]!;
    expect(carla).toMatchObject({
      name: 'Carla Supplier',
      email: providerEmail,
      status: 'pending',
      source: 'registration',
      ibanMasked: '•••• 1332',
      dni: '12345678Z',
    });
    expect((await a.call(listProviders, { query: { status: 'pending' } })).providers).toHaveLength(1);
    // Stored in full (for payments), normalised; written with exactly one event.
    expect((await table().providers.getProvider(a.userId, carla.id))?.iban).toBe(IBAN);
    const events = await registeredEvents(carla.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({
      data: { providerId: carla.id, storeUserId: a.userId, providerName: 'Carla Supplier' },
    });

    const approved = await a.call(decideProvider, {
      params: { providerId: carla.id },
      body: { decision: 'approve' },
    });
    expect(approved.provider.status).toBe('approved');
    expect((await a.call(listProviders, { query: { status: 'pending' } })).providers).toEqual([]);
    expect((await a.call(listProviders, { query: { status: 'approved' } })).providers).toHaveLength(1);
    const reDecided = await a.call(decideProvider, {
      params: { providerId: carla.id },
      body: { decision: 'reject' },
    });
    expect(reDecided.provider.status).toBe('rejected');
    const badDecision = await rawCall(`/api/providers/${carla.id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ decision: 'maybe' }),
    });
    expect(badDecision.status).toBe(400);
  });

  it('rate limit: 10 registrations an hour per address and store, then 429', async () => {
    const a = await storeUser('Busy Store');
    const b = await storeUser('Quiet Store');
    const params = { storeUserId: a.userId, token: (await a.call(getProviderRegistrationLink)).token };
    for (let n = 0; n < 10; n++)
      await visitor(submitProviderRegistration, { params, body: { name: `P${n}`, email: email() } });
    const limited = await rejection(
      visitor(submitProviderRegistration, { params, body: { name: 'Eleventh', email: email() } }),
    );
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.message).toMatch(/at most 10 an hour/);
    expect((await a.call(listProviders)).providers).toHaveLength(10);
    // Another store's link is counted separately.
    const bParams = { storeUserId: b.userId, token: (await b.call(getProviderRegistrationLink)).token };
    await visitor(submitProviderRegistration, { params: bParams, body: { name: 'Other', email: email() } });
  });

  it('no response of this suite ever carried a full IBAN', () => {
    expect(bodies.length).toBeGreaterThan(20);
    const full = [IBAN, OTHER_IBAN, '2100 0418 4502 0005 1332', '21000418450200051332'];
    for (const text of bodies) for (const iban of full) expect(text).not.toContain(iban);
    expect(bodies.some((t) => t.includes('•••• 1332'))).toBe(true);
  });
});
