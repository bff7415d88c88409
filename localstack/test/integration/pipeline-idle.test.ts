import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient } from '@sneakers/shared/contracts/crm';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createSale } from '@sneakers/shared/contracts/sales';
import { storeUser } from '../../../tests/support/accounts';
import { cloud, mailTo } from '../../../tests/support/cloud-client';

/**
 * The event pipeline's idle signal (benchmarks measure a settled system after it): when it
 * answers, what a write set off through the outbox, the stream, the bus and a consumer is
 * done, here a sale's confirmation email, with no polling for it.
 */
describe('GET /api/health/idle', () => {
  it('answers once the consumers of an earlier write are done', { timeout: 120_000 }, async () => {
    const { call } = await storeUser('Idle Kicks');
    const buyerEmail = `buyer-${randomUUID()}@example.com`;
    const { client } = await call(createClient, { body: { name: 'Buyer', email: buyerEmail, phone: '1' } });
    const { item } = await call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        sizes: ['42'],
        purchasePrice: 9000,
        currency: 'EUR',
      },
    });
    await call(createSale, {
      body: { source: 'inventory', itemId: item.id, size: '42', salePrice: 15000, clientId: client.id },
      idempotencyKey: randomUUID(),
    });

    const res = await fetch(`${cloud().appUrl}/api/health/idle?timeoutMs=90000`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ idle: true });
    expect(await mailTo(buyerEmail)).toHaveLength(1);
  });
});
