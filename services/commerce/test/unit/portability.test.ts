import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import { commercePortability, IMPORTED_BUYER_NAME } from '../../src/portability/domain';
import type { BuyerClient, CommercePortabilityRepository, SaleRow } from '../../src/portability/ports';
import { buildSale } from '../../src/sales/sale-record';

/** Past sales over an in-memory repository: what an apply does to each row, and what it reads. */
function memory() {
  const sales = new Map<string, SaleRow>();
  const clients: BuyerClient[] = [{ clientId: 'cl1', name: 'Bea', email: 'bea@x.com' }];
  const reads = { clientsByEmail: 0 };
  const repo: CommercePortabilityRepository = {
    async pageSales(_u, _c, limit) {
      return { items: [...sales.values()].slice(0, limit), cursor: null };
    },
    async getSales(_u, ids) {
      return ids.flatMap((id) => sales.get(id) ?? []);
    },
    async getClients(_u, ids) {
      return clients.filter((c) => ids.includes(c.clientId));
    },
    async findClientsByEmail(_u, emails) {
      reads.clientsByEmail++;
      return new Map(clients.filter((c) => emails.includes(c.email)).map((c) => [c.email, c]));
    },
    async createSale(row) {
      sales.set(row.id, row);
    },
    async updateSale(previous, next) {
      if (sales.get(previous.id)?.updatedAt !== previous.updatedAt) return 'stale';
      sales.set(next.id, next);
      return 'updated';
    },
    async deleteSale(row) {
      return sales.delete(row.id);
    },
    async storeCurrency() {
      return 'GBP';
    },
    async eraseSome() {
      return { deleted: 0, more: false };
    },
  };
  const clock = fixedClock('2026-06-15T10:00:00.000Z');
  const ops = commercePortability({ repo, clock, ids: sequenceIds('s') });
  return { sales, reads, ops, clock };
}

const row = (over: Record<string, unknown> = {}) => ({
  sku: 'DD1391-100',
  name: 'Dunk Low Panda',
  size: '42',
  salePrice: 20000,
  saleDate: '2026-06-01',
  ...over,
});

describe('past sales (commerce-portability)', () => {
  it('records a sale row of source import, its buyer a client by email, in the store currency, reading the buyers once', async () => {
    const { sales, reads, ops } = memory();
    const { results } = await ops.apply({
      op: 'apply',
      userId: 'u1',
      kind: 'sales',
      importId: 'i1',
      rows: [
        {
          row: 0,
          key: 'a',
          record: row({ buyerEmail: 'BEA@x.com', purchasePrice: 12000, fees: 500 }),
          match: null,
        },
        { row: 1, key: 'b', record: row({ size: '43', buyerName: '  Walk-in  ' }), match: null },
        { row: 2, key: 'c', record: row({ size: '44' }), match: null },
        { row: 3, key: 'd', record: row({ saleDate: '2026-06-16' }), match: null },
      ],
    });
    expect(results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['created', null],
      ['created', null],
      ['created', null],
      ['failed', 'VALIDATION'],
    ]);
    expect(results[3]?.error?.fields).toEqual({ saleDate: ['Sale date cannot be in the future'] });
    expect(reads.clientsByEmail).toBe(1);
    const [bea, walkIn, nameless] = [...sales.values()];
    expect(bea).toMatchObject({
      source: 'import',
      itemId: null,
      clientId: 'cl1',
      buyerName: 'Bea',
      currency: 'GBP',
      profit: 7500,
      paymentMethod: null,
      confirmationQueuedAt: null,
      importId: 'i1',
      importAction: 'created',
      importRow: 0,
    });
    expect(bea?.importedAt).toBe(bea?.updatedAt);
    expect(walkIn).toMatchObject({ clientId: null, buyerName: 'Walk-in' });
    expect(nameless).toMatchObject({ buyerName: IMPORTED_BUYER_NAME });
  });

  it('never changes a sale recorded in the app, but answers unchanged for the same row', async () => {
    const { sales, ops } = memory();
    const appSale = buildSale({
      storeUserId: 'u1',
      id: 'app1',
      now: new Date('2026-06-01T12:00:00.000Z'),
      source: 'inventory',
      itemId: 'item1',
      product: {
        productCatalogId: null,
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        colorway: '',
        imageUrl: null,
      },
      size: '42',
      salePrice: 20000,
      purchasePrice: 0,
      currency: 'EUR',
      saleDate: '2026-06-01',
      buyer: { clientId: null, buyerName: 'Walk-in' },
      confirmationQueued: false,
    });
    sales.set('app1', {
      ...appSale,
      importId: null,
      importAction: null,
      importRow: null,
      importedAt: null,
      importBefore: null,
    });
    const match = { id: 'app1', updatedAt: appSale.updatedAt };
    const { results } = await ops.apply({
      op: 'apply',
      userId: 'u1',
      kind: 'sales',
      importId: 'i1',
      rows: [
        { row: 0, key: 'a', record: row({ brand: 'Nike', buyerName: 'Walk-in' }), match },
        { row: 1, key: 'a', record: row({ brand: 'Nike', buyerName: 'Someone else' }), match },
      ],
    });
    expect(results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['unchanged', null],
      ['failed', 'SALE_NOT_IMPORTED'],
    ]);
    expect(await ops.undo({ op: 'undo', userId: 'u1', kind: 'sales', importId: 'i1', cursor: null })).toEqual(
      {
        reverted: 0,
        kept: 0,
        cursor: null,
      },
    );
    expect(sales.get('app1')?.buyerName).toBe('Walk-in');
  });
});
