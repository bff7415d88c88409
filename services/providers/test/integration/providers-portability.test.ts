import { describe, expect, it } from 'vitest';
import {
  createConsignment,
  createProvider,
  decideProvider,
  getProvider,
  listConsignments,
  markConsignmentSold,
  updateProvider,
} from '@sneakers/shared/contracts/providers';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { cloud, mailTo } from '../../../../tests/support/cloud-client';
import { email, storeUser } from './support';

/**
 * providers-portability through the local cloud's Lambda Invoke API
 * (shared/src/contracts/portability.ts): providers by email, consignments naming their
 * provider by email, undo keeping what changed since, and an export that imports back.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });
const portability = createPortabilityClient((service, payload) =>
  invokeFunction(env(), service, payload, {}),
);

async function keysOf(userId: string, kind: 'providers' | 'consignments') {
  const { records } = await portability.keys({ userId, kind, cursor: null });
  return new Map(records.map((r) => [r.key, r]));
}

const consignment = (providerEmail: string, over: Record<string, unknown> = {}) => ({
  providerEmail,
  itemSku: 'DD1391-100',
  itemName: 'Dunk Low Panda',
  size: '42',
  price: 9000,
  ...over,
});

const IBAN = 'ES9121000418450200051332';

describe('providers-portability', () => {
  it('imports providers and consignments, keys them and undoes the import but what changed since', async () => {
    const s = await storeUser('Portable Providers', { currency: 'USD' });
    const existing = email();
    const { provider: kept } = await s.call(createProvider, { body: { name: 'Kept', email: existing } });
    const fresh = email();
    const pending = email();
    const importId = 'imp-p';
    const keys = await keysOf(s.userId, 'providers');
    const keptKey = keys.get(existing);
    const { results } = await portability.apply({
      userId: s.userId,
      kind: 'providers',
      importId,
      rows: [
        { row: 0, key: fresh, record: { name: 'Fresh', email: fresh, iban: IBAN }, match: null },
        {
          row: 1,
          key: existing,
          record: { name: 'Kept Renamed', email: existing, alias: 'kr' },
          match: keptKey ? { id: keptKey.id, updatedAt: keptKey.updatedAt } : null,
        },
        { row: 2, key: 'bad', record: { name: 'Bad', email: email(), iban: 'ES00' }, match: null },
        { row: 3, key: pending, record: { name: 'Later', email: pending }, match: null },
      ],
    });
    expect(results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['created', null],
      ['updated', null],
      ['failed', 'VALIDATION'],
      ['created', null],
    ]);
    expect(results[2]?.error?.fields).toHaveProperty('iban');
    const freshId = results[0]?.id ?? '';
    const { provider } = await s.call(getProvider, { params: { providerId: freshId } });
    expect(provider).toMatchObject({ status: 'approved', source: 'manual', ibanMasked: '•••• 1332' });

    // The later provider is rejected in the app: a consignment for it fails as in the app.
    await s.call(decideProvider, {
      params: { providerId: results[3]?.id ?? '' },
      body: { decision: 'reject' },
    });
    const consigned = await portability.apply({
      userId: s.userId,
      kind: 'consignments',
      importId,
      rows: [
        { row: 0, key: 'c0', record: consignment(fresh), match: null },
        { row: 1, key: 'c1', record: consignment(fresh, { size: '43', currency: 'EUR' }), match: null },
        { row: 2, key: 'c2', record: consignment(email()), match: null },
        { row: 3, key: 'c3', record: consignment(pending), match: null },
      ],
    });
    expect(consigned.results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['created', null],
      ['created', null],
      ['failed', 'NOT_FOUND'],
      ['failed', 'PROVIDER_NOT_APPROVED'],
    ]);
    expect(consigned.results[2]?.error?.message).toMatch(
      /^No provider with the email .*: import providers first$/,
    );
    const { consignments } = await s.call(listConsignments, { params: { providerId: freshId } });
    expect(consignments.map((c) => [c.size, c.currency, c.status]).sort()).toEqual([
      ['42', 'USD', 'in_stock'],
      ['43', 'EUR', 'in_stock'],
    ]);
    // No consignment_created email for an imported consignment.
    expect(await mailTo(fresh)).toEqual([]);

    // The same row again changes nothing; a changed price updates it.
    const cKeys = await keysOf(s.userId, 'consignments');
    const c42 = [...cKeys.values()].find((k) => k.importRow === 0);
    const again = await portability.apply({
      userId: s.userId,
      kind: 'consignments',
      importId: 'imp-2',
      rows: [
        {
          row: 0,
          key: 'c0',
          record: consignment(fresh),
          match: c42 ? { id: c42.id, updatedAt: c42.updatedAt } : null,
        },
      ],
    });
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged']);

    // One consignment is sold in the app: the undo keeps it, and its provider with it.
    const sold = consignments.find((c) => c.size === '43');
    await s.call(markConsignmentSold, {
      params: { providerId: freshId, consignmentId: sold?.id ?? '' },
      body: { salePrice: 12000 },
    });
    await s.call(updateProvider, { params: { providerId: results[3]?.id ?? '' }, body: { phone: '+34 1' } });
    expect(
      await portability.undo({ userId: s.userId, kind: 'consignments', importId, cursor: null }),
    ).toEqual({
      reverted: 1,
      kept: 1,
      cursor: null,
    });
    expect(
      await portability.undo({ userId: s.userId, kind: 'providers', importId, cursor: null }),
    ).toMatchObject({
      reverted: 1,
      kept: 2,
    });
    const { provider: restored } = await s.call(getProvider, { params: { providerId: kept.id } });
    expect(restored).toMatchObject({ name: 'Kept', alias: null });
  });

  it('exports records that import back as they were after the account is erased', async () => {
    const s = await storeUser('Portable Providers 2');
    const a = email();
    const { provider } = await s.call(createProvider, {
      body: { name: 'Ada', email: a, phone: '+34 2', dni: '123', iban: IBAN },
    });
    await s.call(createConsignment, {
      params: { providerId: provider.id },
      idempotencyKey: `key-${provider.id}`,
      body: { itemSku: 'FB2207-001', itemName: 'Jordan 4', size: '44', price: 20000, notes: 'Box damaged' },
    });
    const exported = {
      providers: (await portability.export({ userId: s.userId, kind: 'providers', cursor: null })).records,
      consignments: (await portability.export({ userId: s.userId, kind: 'consignments', cursor: null }))
        .records,
    };
    expect(exported.consignments[0]?.record).toMatchObject({ providerEmail: a, notes: 'Box damaged' });
    const erased = await portability.erase('providers-portability', s.userId);
    // The consignment, the email marker and the provider.
    expect(erased).toEqual({ deleted: 3, anonymised: 0, done: true });
    expect(await keysOf(s.userId, 'providers')).toEqual(new Map());
    for (const kind of ['providers', 'consignments'] as const) {
      const { results } = await portability.apply({
        userId: s.userId,
        kind,
        importId: 'back',
        rows: exported[kind].map((r, row) => ({ row, key: String(row), record: r.record, match: null })),
      });
      expect(results.map((r) => r.outcome)).toEqual(exported[kind].map(() => 'created'));
    }
    for (const kind of ['providers', 'consignments'] as const) {
      const again = (await portability.export({ userId: s.userId, kind, cursor: null })).records;
      expect(again.map((r) => r.record)).toEqual(exported[kind].map((r) => r.record));
    }
  });
});
