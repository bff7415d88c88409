import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createConsignment,
  createProvider,
  decideProvider,
  deleteProvider,
  getProviderRegistrationLink,
  listConsignments,
  listProviders,
  markConsignmentReturned,
  markConsignmentSold,
  submitProviderRegistration,
  type ConsignmentCreate,
} from '@sneakers/shared/contracts/providers';
import { api, raw, rejection } from '../../../../tests/support/cloud-client';
import { email, storeUser as signedInStore } from './support';

/** A store with a profile (currency GBP, so the default currency is visible), signed in. */
const storeUser = (businessName: string) => signedInStore(businessName, { currency: 'GBP' });

const body = (over: Partial<ConsignmentCreate> = {}): ConsignmentCreate => ({
  itemSku: 'DD1391-100',
  itemName: 'Dunk Low Panda',
  size: '42',
  price: 9000,
  ...over,
});
const key = () => `key-${randomUUID()}`;

describe('consignments API', () => {
  it('tenancy: another store cannot list, create, sell or return on my provider', async () => {
    const a = await storeUser('Store A');
    const b = await storeUser('Store B');
    const { provider } = await a.call(createProvider, { body: { name: 'Ana', email: email() } });
    const { consignment } = await a.call(createConsignment, {
      params: { providerId: provider.id },
      body: body(),
      idempotencyKey: key(),
    });
    expect(consignment).toMatchObject({ status: 'in_stock', currency: 'GBP', providerId: provider.id });

    const params = { providerId: provider.id, consignmentId: consignment.id };
    for (const attempt of [
      () => b.call(listConsignments, { params: { providerId: provider.id } }),
      () =>
        b.call(createConsignment, {
          params: { providerId: provider.id },
          body: body(),
          idempotencyKey: key(),
        }),
      () => b.call(markConsignmentSold, { params, body: { salePrice: 100 } }),
      () => b.call(markConsignmentReturned, { params }),
    ])
      expect((await rejection(attempt())).status).toBe(404);
    // Store B's own provider with store A's consignment id: still not found.
    const own = (await b.call(createProvider, { body: { name: 'Bo', email: email() } })).provider;
    const cross = await rejection(
      b.call(markConsignmentSold, {
        params: { providerId: own.id, consignmentId: consignment.id },
        body: { salePrice: 100 },
      }),
    );
    expect([cross.status, cross.code]).toEqual([404, 'CONSIGNMENT_NOT_FOUND']);
    expect((await a.call(listConsignments, { params: { providerId: provider.id } })).consignments).toEqual([
      consignment,
    ]);
    const missingKey = await raw(`/api/providers/${provider.id}/consignments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body()),
    });
    expect(missingKey.status).toBe(400);
  });

  it('only approved providers: pending and rejected are 409 PROVIDER_NOT_APPROVED', async () => {
    const a = await storeUser('Store Pending');
    const { token } = await a.call(getProviderRegistrationLink);
    await api().call(submitProviderRegistration, {
      params: { storeUserId: a.userId, token },
      body: { name: 'Reg', email: email() },
    });
    const pending = (await a.call(listProviders, { query: { status: 'pending' } })).providers[0]!;
    const params = { providerId: pending.id };
    const e = await rejection(a.call(createConsignment, { params, body: body(), idempotencyKey: key() }));
    expect([e.status, e.code]).toEqual([409, 'PROVIDER_NOT_APPROVED']);
    await a.call(decideProvider, { params, body: { decision: 'reject' } });
    const r = await rejection(a.call(createConsignment, { params, body: body(), idempotencyKey: key() }));
    expect(r.code).toBe('PROVIDER_NOT_APPROVED');
    await a.call(decideProvider, { params, body: { decision: 'approve' } });
    const ok = await a.call(createConsignment, {
      params,
      body: body({ currency: 'USD' }),
      idempotencyKey: key(),
    });
    expect(ok.consignment.currency).toBe('USD');
  });

  it('parallel submits with one Idempotency-Key create one consignment', async () => {
    const a = await storeUser('Store Idem');
    const { provider } = await a.call(createProvider, { body: { name: 'Ana', email: email() } });
    const params = { providerId: provider.id };
    const idempotencyKey = key();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => a.call(createConsignment, { params, body: body(), idempotencyKey })),
    );
    expect(new Set(results.map((r) => r.consignment.id)).size).toBe(1);
    const { consignments } = await a.call(listConsignments, { params });
    expect(consignments).toHaveLength(1);
    expect(consignments[0]).toEqual(results[0]!.consignment);
    const reused = await rejection(
      a.call(createConsignment, { params, body: body({ price: 1 }), idempotencyKey }),
    );
    expect([reused.status, reused.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('sold and returned only from in stock; list newest first; a provider with consignments cannot be deleted', async () => {
    const a = await storeUser('Store Flow');
    const { provider } = await a.call(createProvider, { body: { name: 'Ana', email: email() } });
    const providerId = provider.id;
    const one = (
      await a.call(createConsignment, { params: { providerId }, body: body(), idempotencyKey: key() })
    ).consignment;
    const two = (
      await a.call(createConsignment, {
        params: { providerId },
        body: body({ itemName: 'Jordan 1', notes: 'box damaged' }),
        idempotencyKey: key(),
      })
    ).consignment;
    expect(two.notes).toBe('box damaged');

    const sold = await a.call(markConsignmentSold, {
      params: { providerId, consignmentId: one.id },
      body: { salePrice: 15000 },
    });
    expect(sold.consignment).toMatchObject({ status: 'sold', salePrice: 15000 });
    expect(sold.consignment.soldAt).not.toBeNull();
    const returned = await a.call(markConsignmentReturned, { params: { providerId, consignmentId: two.id } });
    expect(returned.consignment).toMatchObject({ status: 'returned', salePrice: null, soldAt: null });

    for (const consignmentId of [one.id, two.id]) {
      const params = { providerId, consignmentId };
      const s = await rejection(a.call(markConsignmentSold, { params, body: { salePrice: 1 } }));
      expect([s.status, s.code]).toEqual([409, 'CONSIGNMENT_NOT_IN_STOCK']);
      const r = await rejection(a.call(markConsignmentReturned, { params }));
      expect([r.status, r.code]).toEqual([409, 'CONSIGNMENT_NOT_IN_STOCK']);
    }
    const { consignments } = await a.call(listConsignments, { params: { providerId } });
    expect(consignments.map((c) => [c.id, c.status])).toEqual([
      [two.id, 'returned'],
      [one.id, 'sold'],
    ]);

    const refused = await rejection(a.call(deleteProvider, { params: { providerId } }));
    expect([refused.status, refused.code]).toEqual([409, 'PROVIDER_HAS_CONSIGNMENTS']);
    // A provider without consignments still deletes.
    const other = (await a.call(createProvider, { body: { name: 'Bo', email: email() } })).provider;
    await a.call(deleteProvider, { params: { providerId: other.id } });
  });
});
