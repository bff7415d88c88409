import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  isValidIban,
  maskIban,
  providerRegistrationSchema,
  providerSchema,
  providerUpdateSchema,
} from '@sneakers/shared/contracts/providers';
import {
  applyChanges,
  createProvider,
  decideProvider,
  deleteProvider,
  getProvider,
  listProviders,
  newProvider,
  toProvider,
  updateProvider,
} from '../../src/providers/domain';
import {
  getRegistration,
  getRegistrationLink,
  PROVIDER_REGISTRATIONS_PER_HOUR,
  RATE_WINDOW_MS,
  rotateRegistrationLink,
  submitRegistration,
} from '../../src/registration/domain';
import { memoryDeps } from './memory';
import { failure, IBAN, store } from './support';

const storeA = store('store-a');
const storeB = store('store-b');
const demo = store('demo-store', { isDemo: true });
const anonymous: Actor = { kind: 'anonymous' };

describe('IBAN', () => {
  it('accepts valid IBANs with spaces or lower case and refuses bad check digits', () => {
    expect(isValidIban(IBAN)).toBe(true);
    expect(isValidIban('es91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('ES9121000418450200051333')).toBe(false);
    expect(isValidIban('ES91')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });

  it('is masked to its last four characters', () => {
    expect(maskIban(IBAN)).toBe('•••• 1332');
    expect(maskIban('ES91 2100 0418 4502 0005 1332')).toBe('•••• 1332');
  });

  it('the registration schema is strict, normalises the IBAN and reports a bad one on its field', () => {
    const ok = providerRegistrationSchema.safeParse({
      name: ' Ana ',
      email: ' Ana@Example.COM ',
      iban: 'es91 2100 0418 4502 0005 1332',
    });
    expect(ok.success && ok.data).toMatchObject({ name: 'Ana', email: 'ana@example.com', iban: IBAN });
    const extra = providerRegistrationSchema.safeParse({ name: 'Ana', email: 'a@b.co', status: 'approved' });
    expect(extra.success).toBe(false);
    const bad = providerRegistrationSchema.safeParse({
      name: 'Ana',
      email: 'a@b.co',
      iban: 'ES9121000418450200051333',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['iban'], message: 'Enter a valid IBAN' });
    expect(providerRegistrationSchema.safeParse({ email: 'a@b.co' }).success).toBe(false);
    expect(providerUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('provider rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('a registration starts pending, a manual entry approved; blanks become null', () => {
    const reg = newProvider(
      's',
      { name: ' Ana ', email: 'ANA@x.io', phone: '  ', iban: 'es91 2100 0418 4502 0005 1332' },
      { id: 'p1', now, source: 'registration' },
    );
    expect(reg).toMatchObject({
      name: 'Ana',
      email: 'ana@x.io',
      phone: null,
      alias: null,
      iban: IBAN,
      status: 'pending',
      source: 'registration',
    });
    const manual = newProvider('s', { name: 'Bo', email: 'bo@x.io' }, { id: 'p2', now, source: 'manual' });
    expect(manual).toMatchObject({ status: 'approved', source: 'manual' });
  });

  it('the store view masks the IBAN and never carries the full number', () => {
    const record = newProvider(
      's',
      { name: 'Ana', email: 'a@x.io', iban: IBAN },
      { id: 'p1', now, source: 'manual' },
    );
    const view = toProvider(record);
    expect(view.ibanMasked).toBe('•••• 1332');
    expect(JSON.stringify(view)).not.toContain(IBAN);
    expect(JSON.stringify(view)).not.toContain('0418');
    expect(providerSchema.safeParse(view).success).toBe(true);
  });

  it('a partial update keeps absent fields and clears null ones', () => {
    const record = newProvider(
      's',
      { name: 'Ana', email: 'a@x.io', phone: '600', alias: 'al' },
      { id: 'p1', now, source: 'manual' },
    );
    const later = new Date('2026-11-23T10:00:00Z');
    expect(applyChanges(record, { phone: null, email: 'NEW@x.io' }, later)).toMatchObject({
      name: 'Ana',
      email: 'new@x.io',
      phone: null,
      alias: 'al',
      updatedAt: later.toISOString(),
      createdAt: now.toISOString(),
    });
  });
});

describe('store use cases', () => {
  it('create: approved manual provider; a duplicate email (any case) is 409', async () => {
    const { deps } = memoryDeps();
    const provider = await createProvider(deps, storeA, { name: 'Ana', email: 'ana@x.io', iban: IBAN });
    expect(provider).toMatchObject({ status: 'approved', source: 'manual', ibanMasked: '•••• 1332' });
    const dup = await failure(createProvider(deps, storeA, { name: 'Other', email: 'ANA@x.io' }));
    expect([dup.status, dup.code]).toEqual([409, 'PROVIDER_EMAIL_TAKEN']);
    // Another store may have a provider with the same email.
    await createProvider(deps, storeB, { name: 'Ana', email: 'ana@x.io' });
  });

  it('every route is scoped to the caller: another store gets 404', async () => {
    const { deps } = memoryDeps();
    const { id } = await createProvider(deps, storeA, { name: 'Ana', email: 'ana@x.io' });
    for (const attempt of [
      () => getProvider(deps, storeB, id),
      () => updateProvider(deps, storeB, id, { name: 'X' }),
      () => decideProvider(deps, storeB, id, 'reject'),
      () => deleteProvider(deps, storeB, id),
    ]) {
      const e = await failure(attempt());
      expect([e.status, e.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    }
    expect((await listProviders(deps, storeB, {})).providers).toEqual([]);
    expect((await getProvider(deps, storeA, id)).name).toBe('Ana');
  });

  it('lists newest first with a status filter', async () => {
    const { deps, clock } = memoryDeps();
    const first = await createProvider(deps, storeA, { name: 'One', email: 'one@x.io' });
    clock.advance(1000);
    const second = await createProvider(deps, storeA, { name: 'Two', email: 'two@x.io' });
    await decideProvider(deps, storeA, first.id, 'reject');
    expect((await listProviders(deps, storeA, {})).providers.map((p) => p.id)).toEqual([second.id, first.id]);
    expect((await listProviders(deps, storeA, { status: 'rejected' })).providers.map((p) => p.id)).toEqual([
      first.id,
    ]);
  });

  it('update moves the email marker: the old email is free again, a taken one is 409', async () => {
    const { deps, markers } = memoryDeps();
    const ana = await createProvider(deps, storeA, { name: 'Ana', email: 'ana@x.io' });
    await createProvider(deps, storeA, { name: 'Bo', email: 'bo@x.io' });
    const taken = await failure(updateProvider(deps, storeA, ana.id, { email: 'bo@x.io' }));
    expect([taken.status, taken.code]).toEqual([409, 'PROVIDER_EMAIL_TAKEN']);
    const updated = await updateProvider(deps, storeA, ana.id, { email: 'ana2@x.io', iban: IBAN });
    expect(updated).toMatchObject({ email: 'ana2@x.io', ibanMasked: '•••• 1332' });
    expect([...markers.keys()].sort()).toEqual(['store-a#ana2@x.io', 'store-a#bo@x.io']);
    await createProvider(deps, storeA, { name: 'New Ana', email: 'ana@x.io' });
  });

  it('decide: approve or reject, and any status can be decided again', async () => {
    const { deps } = memoryDeps();
    const { id } = await createProvider(deps, storeA, { name: 'Ana', email: 'ana@x.io' });
    expect((await decideProvider(deps, storeA, id, 'reject')).status).toBe('rejected');
    expect((await decideProvider(deps, storeA, id, 'approve')).status).toBe('approved');
    expect((await decideProvider(deps, storeA, id, 'approve')).status).toBe('approved');
  });

  it('delete removes the provider and frees its email', async () => {
    const { deps, markers } = memoryDeps();
    const { id } = await createProvider(deps, storeA, { name: 'Ana', email: 'ana@x.io' });
    await deleteProvider(deps, storeA, id);
    expect(markers.size).toBe(0);
    expect((await failure(getProvider(deps, storeA, id))).status).toBe(404);
    expect((await failure(deleteProvider(deps, storeA, id))).status).toBe(404);
  });

  it('demo users and anonymous callers cannot write', async () => {
    const { deps } = memoryDeps();
    for (const attempt of [
      () => createProvider(deps, demo, { name: 'Ana', email: 'ana@x.io' }),
      () => updateProvider(deps, demo, 'p', { name: 'X' }),
      () => decideProvider(deps, demo, 'p', 'approve'),
      () => deleteProvider(deps, demo, 'p'),
      () => rotateRegistrationLink(deps, demo),
      () => getRegistrationLink(deps, demo),
    ]) {
      const e = await failure(attempt());
      expect([e.status, e.code]).toEqual([403, 'DEMO_MODE']);
    }
    expect((await failure(listProviders(deps, anonymous, {}))).status).toBe(401);
  });
});

describe('registration link and public registration', () => {
  function setup() {
    const m = memoryDeps();
    m.profiles.set('store-a', 'Sneaker Hub');
    return m;
  }

  it('the link is created once on first read and kept; rotation revokes the old token', async () => {
    const { deps } = setup();
    const { token } = await getRegistrationLink(deps, storeA);
    expect((await getRegistrationLink(deps, storeA)).token).toBe(token);
    expect(await getRegistration(deps, { storeUserId: 'store-a', token })).toEqual({
      store: { businessName: 'Sneaker Hub' },
    });
    const rotated = await rotateRegistrationLink(deps, storeA);
    expect(rotated.token).not.toBe(token);
    const old = await failure(getRegistration(deps, { storeUserId: 'store-a', token }));
    expect([old.status, old.code]).toEqual([404, 'REGISTRATION_LINK_INVALID']);
    expect((await getRegistrationLink(deps, storeA)).token).toBe(rotated.token);
  });

  it('wrong token, another store, unknown store: the same 404', async () => {
    const { deps } = setup();
    const { token } = await getRegistrationLink(deps, storeA);
    await getRegistrationLink(deps, storeB);
    const answers = await Promise.all(
      [
        { storeUserId: 'store-a', token: `${token}x` },
        { storeUserId: 'store-b', token },
        { storeUserId: 'nobody', token },
      ].map(async (params) => {
        const e = await failure(submitRegistration(deps, '1.1.1.1', params, { name: 'A', email: 'a@x.io' }));
        return [e.status, e.code, e.message];
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.slice(0, 2)).toEqual([404, 'REGISTRATION_LINK_INVALID']);
  });

  it('a registration is pending, from the link, with its event; the same email again creates nothing', async () => {
    const { deps, events, providers } = setup();
    const { token } = await getRegistrationLink(deps, storeA);
    const params = { storeUserId: 'store-a', token };
    const input = { name: 'Ana', email: 'ana@x.io', iban: IBAN, phone: '600' };
    expect(await submitRegistration(deps, '1.1.1.1', params, input)).toEqual({ status: 'pending' });
    expect(await submitRegistration(deps, '1.1.1.1', params, { ...input, name: 'Ana 2' })).toEqual({
      status: 'pending',
    });
    expect(providers.size).toBe(1);
    const [stored] = [...providers.values()];
    expect(stored).toMatchObject({ status: 'pending', source: 'registration', iban: IBAN, name: 'Ana' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      detailType: 'Provider.Registered',
      source: 'sneakers.providers',
      detail: { data: { providerId: stored!.id, storeUserId: 'store-a', providerName: 'Ana' } },
    });
  });

  it('10 registrations an hour per address and store, then 429; other addresses and stores unaffected', async () => {
    const { deps, clock } = setup();
    const a = { storeUserId: 'store-a', token: (await getRegistrationLink(deps, storeA)).token };
    const b = { storeUserId: 'store-b', token: (await getRegistrationLink(deps, storeB)).token };
    for (let n = 0; n < PROVIDER_REGISTRATIONS_PER_HOUR; n++)
      await submitRegistration(deps, '1.1.1.1', a, { name: `P${n}`, email: `p${n}@x.io` });
    const limited = await failure(submitRegistration(deps, '1.1.1.1', a, { name: 'X', email: 'x@x.io' }));
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.message).toMatch(/at most 10 an hour/);
    await submitRegistration(deps, '2.2.2.2', a, { name: 'X', email: 'x@x.io' });
    await submitRegistration(deps, '1.1.1.1', b, { name: 'X', email: 'x@x.io' });
    clock.advance(RATE_WINDOW_MS);
    await submitRegistration(deps, '1.1.1.1', a, { name: 'Y', email: 'y@x.io' });
  });

  it('no profile yet: the link still works with an empty business name', async () => {
    const { deps } = memoryDeps();
    const { token } = await getRegistrationLink(deps, storeB);
    expect(await getRegistration(deps, { storeUserId: 'store-b', token })).toEqual({
      store: { businessName: '' },
    });
  });
});
