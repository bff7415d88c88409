import { describe, expect, it } from 'vitest';
import { consignmentCreateSchema, consignmentSchema } from '@sneakers/shared/contracts/providers';
import { AppError } from '@sneakers/shared/errors';
import { idempotencyKeyFrom } from '@sneakers/shared/idempotency/idempotency';
import {
  createConsignment,
  finish,
  listConsignments,
  markConsignmentReturned,
  markConsignmentSold,
  newConsignment,
  toConsignment,
  type ConsignmentInput,
} from '../../src/consignments/domain';
import { createProvider, decideProvider, deleteProvider } from '../../src/providers/domain';
import { submitRegistration } from '../../src/registration/domain';
import { memoryDeps } from './memory';
import { failure, store } from './support';

const storeA = store('store-a');
const storeB = store('store-b');
const demo = store('demo-store', { isDemo: true });

const input = (over: Partial<ConsignmentInput> = {}): ConsignmentInput =>
  consignmentCreateSchema.parse({
    itemSku: 'DD1391-100',
    itemName: 'Dunk Low Panda',
    size: '42',
    price: 9000,
    ...over,
  });
const key = (k = 'key-00000001') => ({ 'idempotency-key': k });

async function approvedProvider(m: ReturnType<typeof memoryDeps>, actor = storeA) {
  return createProvider(m.deps, actor, { name: 'Ana', email: `ana-${Math.random()}@example.com` });
}

describe('consignment rules', () => {
  it('a new consignment is in stock; currency from the input, the store, or EUR; blanks become null', () => {
    const provider = { storeUserId: 's', id: 'p' };
    const now = new Date('2026-11-22T10:00:00Z');
    const a = newConsignment(provider, input({ notes: '  ', productVariantId: '' }), {
      id: 'c1',
      now,
      defaultCurrency: null,
    });
    expect(a).toMatchObject({
      status: 'in_stock',
      currency: 'EUR',
      notes: null,
      productVariantId: null,
      salePrice: null,
      soldAt: null,
      createdAt: now.toISOString(),
    });
    expect(a).toMatchObject({
      productCatalogId: null,
      itemBrand: null,
      itemColorway: null,
      itemImageUrl: null,
    });
    // A catalogue pick keeps the product, so its sales carry the brand (docs/product/providers-and-consignments.md#consignments).
    const picked = newConsignment(
      provider,
      input({
        productCatalogId: 'prod-1',
        productVariantId: 'var-42',
        itemBrand: ' Jordan ',
        itemColorway: 'Chicago',
        itemImageUrl: 'https://img.example/aj1.png',
      }),
      { id: 'c2', now, defaultCurrency: null },
    );
    expect(picked).toMatchObject({
      productCatalogId: 'prod-1',
      productVariantId: 'var-42',
      itemBrand: 'Jordan',
      itemColorway: 'Chicago',
      itemImageUrl: 'https://img.example/aj1.png',
    });
    expect(toConsignment(picked)).toMatchObject({ productCatalogId: 'prod-1', itemBrand: 'Jordan' });
    expect(toConsignment(a)).toMatchObject({ productCatalogId: null, itemBrand: '', itemColorway: '' });
    expect(newConsignment(provider, input(), { id: 'c', now, defaultCurrency: 'GBP' }).currency).toBe('GBP');
    expect(
      newConsignment(provider, input({ currency: 'USD' }), { id: 'c', now, defaultCurrency: 'GBP' }).currency,
    ).toBe('USD');
  });

  it('only an in-stock consignment can be sold or returned', () => {
    const now = new Date('2026-11-22T11:00:00Z');
    const c = newConsignment({ storeUserId: 's', id: 'p' }, input(), {
      id: 'c',
      now: new Date('2026-11-22T10:00:00Z'),
      defaultCurrency: null,
    });
    const sold = finish(c, { status: 'sold', salePrice: 12000 }, now);
    expect(sold).toMatchObject({ status: 'sold', salePrice: 12000, soldAt: now.toISOString() });
    const returned = finish(c, { status: 'returned' }, now);
    expect(returned).toMatchObject({ status: 'returned', salePrice: null, soldAt: null });
    for (const done of [sold, returned]) {
      expect(() => finish(done, { status: 'returned' }, now)).toThrow(AppError);
      expect(() => finish(done, { status: 'sold', salePrice: 1 }, now)).toThrow(/in stock/);
    }
  });

  it('the Idempotency-Key header is required: 8 to 100 visible characters', () => {
    expect(idempotencyKeyFrom(key())).toBe('key-00000001');
    for (const bad of [{}, key('short'), key('x'.repeat(101)), key('has space in it')])
      expect(() => idempotencyKeyFrom(bad)).toThrow(AppError);
  });
});

describe('consignment use cases', () => {
  it('create: in stock, store currency, Consignment.Created with what the email needs', async () => {
    const m = memoryDeps();
    m.storeProfiles.set('store-a', { businessName: 'Kicks', language: 'es', currency: 'GBP' });
    const provider = await approvedProvider(m);
    const { consignment, created } = await createConsignment(m.deps, storeA, provider.id, key(), input());
    expect(created).toBe(true);
    expect(consignmentSchema.parse(consignment)).toMatchObject({
      providerId: provider.id,
      status: 'in_stock',
      currency: 'GBP',
      price: 9000,
    });
    expect(m.events).toHaveLength(1);
    expect(m.events[0]).toMatchObject({
      detailType: 'Consignment.Created',
      detail: {
        data: {
          consignmentId: consignment.id,
          storeUserId: 'store-a',
          storeBusinessName: 'Kicks',
          language: 'es',
          providerName: 'Ana',
          providerEmail: provider.email,
          itemName: 'Dunk Low Panda',
          price: 9000,
          currency: 'GBP',
        },
      },
    });
    expect(m.events[0]!.detail.data).not.toHaveProperty('salePrice');
    expect(m.providers.get(`store-a#${provider.id}`)?.consignmentCount).toBe(1);
  });

  it('the same key replays the same consignment; another request with it is 409', async () => {
    const m = memoryDeps();
    const provider = await approvedProvider(m);
    const first = await createConsignment(m.deps, storeA, provider.id, key(), input());
    const again = await createConsignment(m.deps, storeA, provider.id, key(), input());
    expect(again).toEqual({ consignment: first.consignment, created: false });
    expect(m.consignments.size).toBe(1);
    expect(m.events).toHaveLength(1);
    const reused = await failure(createConsignment(m.deps, storeA, provider.id, key(), input({ price: 1 })));
    expect([reused.status, reused.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const missing = await failure(createConsignment(m.deps, storeA, provider.id, {}, input()));
    expect([missing.status, missing.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it('only for an approved provider: pending and rejected are 409 PROVIDER_NOT_APPROVED', async () => {
    const m = memoryDeps();
    m.links.set('store-a', { storeUserId: 'store-a', token: 't'.repeat(22), createdAt: '' });
    await submitRegistration(
      m.deps,
      '1.1.1.1',
      { storeUserId: 'store-a', token: 't'.repeat(22) },
      {
        name: 'Reg',
        email: 'reg@example.com',
      },
    );
    const pending = [...m.providers.values()].find((p) => p.status === 'pending')!;
    const error = await failure(createConsignment(m.deps, storeA, pending.id, key(), input()));
    expect([error.status, error.code]).toEqual([409, 'PROVIDER_NOT_APPROVED']);
    await decideProvider(m.deps, storeA, pending.id, 'reject');
    const rejected = await failure(
      createConsignment(m.deps, storeA, pending.id, key('key-00000002'), input()),
    );
    expect(rejected.code).toBe('PROVIDER_NOT_APPROVED');
    expect(m.consignments.size).toBe(0);
  });

  it('another store’s provider or consignment is 404; demo users cannot write', async () => {
    const m = memoryDeps();
    const provider = await approvedProvider(m);
    const { consignment } = await createConsignment(m.deps, storeA, provider.id, key(), input());
    const params = { providerId: provider.id, consignmentId: consignment.id };
    for (const attempt of [
      () => listConsignments(m.deps, storeB, provider.id),
      () => createConsignment(m.deps, storeB, provider.id, key('key-00000009'), input()),
      () => markConsignmentSold(m.deps, storeB, params, 100),
      () => markConsignmentReturned(m.deps, storeB, params),
    ])
      expect((await failure(attempt())).status).toBe(404);
    const unknown = await failure(
      markConsignmentSold(m.deps, storeA, { ...params, consignmentId: 'nope' }, 1),
    );
    expect(unknown.code).toBe('CONSIGNMENT_NOT_FOUND');
    for (const attempt of [
      () => createConsignment(m.deps, demo, provider.id, key(), input()),
      () => markConsignmentSold(m.deps, demo, params, 100),
      () => markConsignmentReturned(m.deps, demo, params),
    ])
      expect((await failure(attempt())).code).toBe('DEMO_MODE');
  });

  it('sold sets the sale price and writes Consignment.Sold; returned writes nothing; both only from in stock', async () => {
    const m = memoryDeps('2026-11-22T10:00:00Z');
    const provider = await approvedProvider(m);
    const one = (await createConsignment(m.deps, storeA, provider.id, key('key-00000001'), input()))
      .consignment;
    const two = (await createConsignment(m.deps, storeA, provider.id, key('key-00000002'), input()))
      .consignment;
    const sold = await markConsignmentSold(
      m.deps,
      storeA,
      { providerId: provider.id, consignmentId: one.id },
      15000,
    );
    expect(sold).toMatchObject({ status: 'sold', salePrice: 15000, soldAt: '2026-11-22T10:00:00.000Z' });
    expect(m.events.at(-1)).toMatchObject({
      detailType: 'Consignment.Sold',
      detail: { data: { consignmentId: one.id, price: 9000 } },
    });
    // The provider's email shows what they are owed; the store's sale price stays with the store.
    expect(m.events.at(-1)!.detail.data).not.toHaveProperty('salePrice');
    const eventsBefore = m.events.length;
    const returned = await markConsignmentReturned(m.deps, storeA, {
      providerId: provider.id,
      consignmentId: two.id,
    });
    expect(returned.status).toBe('returned');
    expect(m.events).toHaveLength(eventsBefore);
    for (const id of [one.id, two.id]) {
      const params = { providerId: provider.id, consignmentId: id };
      expect((await failure(markConsignmentSold(m.deps, storeA, params, 1))).code).toBe(
        'CONSIGNMENT_NOT_IN_STOCK',
      );
      expect((await failure(markConsignmentReturned(m.deps, storeA, params))).status).toBe(409);
    }
    const { consignments } = await listConsignments(m.deps, storeA, provider.id);
    expect(consignments.map((c) => c.id)).toEqual([two.id, one.id]);
  });

  it('a provider with consignments cannot be deleted (409 PROVIDER_HAS_CONSIGNMENTS)', async () => {
    const m = memoryDeps();
    const provider = await approvedProvider(m);
    await createConsignment(m.deps, storeA, provider.id, key(), input());
    const error = await failure(deleteProvider(m.deps, storeA, provider.id));
    expect([error.status, error.code]).toEqual([409, 'PROVIDER_HAS_CONSIGNMENTS']);
    expect(m.providers.size).toBe(1);
  });
});
