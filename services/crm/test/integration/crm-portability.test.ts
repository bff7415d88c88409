import { describe, expect, it } from 'vitest';
import {
  createClient,
  getClient,
  listBookings,
  updateBooking,
  updateClient,
} from '@sneakers/shared/contracts/crm';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { invokeFunction, InvokeFunctionError } from '@sneakers/shared/runtime/invoke';
import { DEMO } from '@sneakers/shared/demo';
import { importKeyOf } from '@sneakers/shared/rules/import-keys';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';
import { email } from './support';

/**
 * crm-portability through the local cloud's Lambda Invoke API
 * (shared/src/contracts/portability.ts): clients by email, bookings naming their client by
 * email, undo keeping what changed since, and an export that imports back as it was.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });
const portability = createPortabilityClient((service, payload) =>
  invokeFunction(env(), service, payload, {}),
);

async function store() {
  const { token } = await newUser();
  const client = api(token);
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName: 'Portable Store',
      contactEmail: email('store'),
      phone: '+34 600123456',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'GBP',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { call: client.call, userId: profile.userId };
}

async function keysOf(userId: string, kind: 'clients' | 'bookings') {
  const { records } = await portability.keys({ userId, kind, cursor: null });
  return new Map(records.map((r) => [r.key, r]));
}

const booking = (clientEmail: string, over: Record<string, unknown> = {}) => ({
  clientEmail,
  itemSku: 'DD1391-100',
  itemName: 'Dunk Low Panda',
  itemBrand: 'Nike',
  size: '42',
  salePrice: 15000,
  prepaidAmount: 5000,
  status: 'found',
  ...over,
});

describe('crm-portability', () => {
  it('imports clients and bookings (created, updated, unchanged, failed), keys them, undoes the import but what changed since', async () => {
    const s = await store();
    const anaEmail = email('ana');
    const { client: ana } = await s.call(createClient, {
      body: { name: 'Ana', email: anaEmail, phone: '1' },
    });
    const bobEmail = email('bob');
    const importId = 'imp-1';

    let keys = await keysOf(s.userId, 'clients');
    const anaKey = keys.get(anaEmail);
    expect(anaKey).toMatchObject({ id: ana.id, importId: null });
    const { results } = await portability.apply({
      userId: s.userId,
      kind: 'clients',
      importId,
      rows: [
        {
          row: 0,
          key: anaEmail,
          record: { name: 'Ana', email: anaEmail, phone: '1' },
          match: anaKey ? { id: anaKey.id, updatedAt: anaKey.updatedAt } : null,
        },
        {
          row: 1,
          key: bobEmail,
          record: { name: 'Bob', email: bobEmail.toUpperCase(), phone: '2' },
          match: null,
        },
        { row: 2, key: 'x', record: { name: '', email: 'nope', phone: '3' }, match: null },
      ],
    });
    expect(results.map((r) => r.outcome)).toEqual(['unchanged', 'created', 'failed']);
    expect(results[2]?.error).toMatchObject({ code: 'VALIDATION', fields: { email: expect.any(Array) } });

    const second = await portability.apply({
      userId: s.userId,
      kind: 'clients',
      importId,
      rows: [
        {
          row: 3,
          key: anaEmail,
          record: { name: 'Ana Imported', email: anaEmail, phone: '9' },
          match: { id: ana.id, updatedAt: ana.updatedAt },
        },
        // Changed since `keys` read it: refused.
        {
          row: 4,
          key: anaEmail,
          record: { name: 'Ana', email: anaEmail, phone: '1' },
          match: { id: ana.id, updatedAt: 'old' },
        },
      ],
    });
    expect(second.results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['updated', null],
      ['failed', 'CHANGED'],
    ]);
    keys = await keysOf(s.userId, 'clients');
    expect(keys.get(anaEmail)).toMatchObject({ importId, importAction: 'updated', importRow: 3 });
    expect(keys.get(bobEmail)).toMatchObject({ importId, importAction: 'created', importRow: 1 });

    // Bookings name their client by email, keep their status, and email nobody.
    const bookingsResult = await portability.apply({
      userId: s.userId,
      kind: 'bookings',
      importId,
      rows: [
        { row: 0, key: 'b0', record: booking(bobEmail), match: null },
        { row: 1, key: 'b1', record: booking(anaEmail, { size: '43', prepaidAmount: 0 }), match: null },
        { row: 2, key: 'b2', record: booking(email('nobody')), match: null },
        { row: 3, key: 'b3', record: booking(anaEmail, { prepaidAmount: 20000 }), match: null },
      ],
    });
    expect(bookingsResult.results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['created', null],
      ['created', null],
      ['failed', 'NOT_FOUND'],
      ['failed', 'PREPAID_ABOVE_PRICE'],
    ]);
    expect(bookingsResult.results[2]?.error?.message).toMatch(
      /^No client with the email .*: import clients first$/,
    );
    const { bookings } = await s.call(listBookings, { query: {} });
    expect(bookings).toHaveLength(2);
    expect(bookings.every((b) => b.status === 'found' && b.currency === 'GBP')).toBe(true);
    const bookingKeys = await keysOf(s.userId, 'bookings');
    expect([...bookingKeys.keys()].sort()).toEqual(
      [
        importKeyOf('bookings', booking(anaEmail, { size: '43' })),
        importKeyOf('bookings', booking(bobEmail)),
      ].sort(),
    );

    // Bob's booking is edited in the app after the import: undo keeps it, and Bob with it.
    const bobBooking = bookings.find((b) => b.client.email === bobEmail);
    await s.call(updateBooking, {
      params: { bookingId: bobBooking?.id ?? '' },
      body: { status: 'completed' },
    });
    const undoneBookings = await portability.undo({
      userId: s.userId,
      kind: 'bookings',
      importId,
      cursor: null,
    });
    expect(undoneBookings).toMatchObject({ reverted: 1, kept: 1, cursor: null });
    const undoneClients = await portability.undo({
      userId: s.userId,
      kind: 'clients',
      importId,
      cursor: null,
    });
    expect(undoneClients).toMatchObject({ reverted: 1, kept: 1 });
    const { client: anaAfter } = await s.call(getClient, { params: { clientId: ana.id } });
    expect(anaAfter).toMatchObject({ name: 'Ana', phone: '1', bookingCount: 0 });
    expect((await keysOf(s.userId, 'clients')).get(anaEmail)).toMatchObject({ importId: null });
    expect((await s.call(listBookings, { query: {} })).bookings.map((b) => b.client.email)).toEqual([
      bobEmail,
    ]);
  });

  it('an import a user edits afterwards is no longer the import’s', async () => {
    const s = await store();
    const e = email('cara');
    await portability.apply({
      userId: s.userId,
      kind: 'clients',
      importId: 'imp-2',
      rows: [{ row: 0, key: e, record: { name: 'Cara', email: e, phone: '1' }, match: null }],
    });
    const id = (await keysOf(s.userId, 'clients')).get(e)?.id ?? '';
    await s.call(updateClient, { params: { clientId: id }, body: { phone: '2' } });
    expect((await keysOf(s.userId, 'clients')).get(e)).toMatchObject({ importId: null, importAction: null });
    expect(
      await portability.undo({ userId: s.userId, kind: 'clients', importId: 'imp-2', cursor: null }),
    ).toMatchObject({ reverted: 0, kept: 1 });
  });

  it('exports records that import back as they were after the account is erased', async () => {
    const s = await store();
    const e = email('dora');
    await s.call(createClient, {
      body: { name: 'Dora', email: e, phone: '+34 1', instagramHandle: '@dora' },
    });
    await portability.apply({
      userId: s.userId,
      kind: 'bookings',
      importId: 'imp-3',
      rows: [
        {
          row: 0,
          key: 'k',
          record: booking(e, { notes: 'Pays cash', itemColorway: 'White/Black', currency: 'EUR' }),
          match: null,
        },
      ],
    });
    const exported = {
      clients: (await portability.export({ userId: s.userId, kind: 'clients', cursor: null })).records,
      bookings: (await portability.export({ userId: s.userId, kind: 'bookings', cursor: null })).records,
    };
    expect(exported.bookings[0]?.record).toMatchObject({
      clientEmail: e,
      notes: 'Pays cash',
      status: 'found',
    });

    expect(await portability.erase('crm-portability', s.userId)).toEqual({
      deleted: 3,
      anonymised: 0,
      done: true,
    });
    expect(await keysOf(s.userId, 'clients')).toEqual(new Map());
    expect(await keysOf(s.userId, 'bookings')).toEqual(new Map());

    for (const kind of ['clients', 'bookings'] as const) {
      const { results } = await portability.apply({
        userId: s.userId,
        kind,
        importId: 'back',
        rows: exported[kind].map((r, row) => ({ row, key: String(row), record: r.record, match: null })),
      });
      expect(results.map((r) => r.outcome)).toEqual(exported[kind].map(() => 'created'));
    }
    for (const kind of ['clients', 'bookings'] as const) {
      const again = (await portability.export({ userId: s.userId, kind, cursor: null })).records;
      expect(again.map((r) => r.record)).toEqual(exported[kind].map((r) => r.record));
    }
  });

  it('refuses the demo store’s writes', async () => {
    const error = await portability.erase('crm-portability', DEMO.userId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvokeFunctionError);
  });
});
