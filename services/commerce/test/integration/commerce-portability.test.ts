import { describe, expect, it } from 'vitest';
import { createClient } from '@sneakers/shared/contracts/crm';
import { getOverview } from '@sneakers/shared/contracts/overview';
import { getSale, listSales, salesDac7 } from '@sneakers/shared/contracts/sales';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { cloud, mailTo, poll } from '../../../../tests/support/cloud-client';
import { storeUser } from './support';

/**
 * commerce-portability through the local cloud's Lambda Invoke API
 * (shared/src/contracts/portability.ts): past sales land in the sales list, in the overview
 * on their dates (through the ledger stream) and in the DAC7 summary, send nothing, undo
 * keeps what changed since, and an export imports back as it was after the erase.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });
const portability = createPortabilityClient((service, payload) =>
  invokeFunction(env(), service, payload, {}),
);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const sale = (over: Record<string, unknown> = {}) => ({
  sku: 'DD1391-100',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  size: '42',
  salePrice: 20000,
  purchasePrice: 12000,
  fees: 1000,
  saleDate: daysAgo(3),
  buyerName: 'Walk-in buyer',
  ...over,
});

describe('commerce-portability', () => {
  it('imports past sales into the sales list, the overview for their dates and DAC7, and undoes them', async () => {
    const s = await storeUser('Past Sales');
    const buyerEmail = `buyer-${s.userId}@example.com`;
    const { client } = await s.call(createClient, {
      body: { name: 'Bea Buyer', email: buyerEmail, phone: '1' },
    });
    const old = daysAgo(40);
    const { results } = await portability.apply({
      userId: s.userId,
      kind: 'sales',
      importId: 'imp-s',
      rows: [
        { row: 0, key: 'a', record: sale(), match: null },
        {
          row: 1,
          key: 'b',
          record: sale({ saleDate: old, size: '43', buyerName: null, buyerEmail: buyerEmail.toUpperCase() }),
          match: null,
        },
        { row: 2, key: 'c', record: sale({ saleDate: daysAgo(-2) }), match: null },
        { row: 3, key: 'd', record: sale({ salePrice: -1 }), match: null },
      ],
    });
    expect(results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['created', null],
      ['created', null],
      ['failed', 'VALIDATION'],
      ['failed', 'VALIDATION'],
    ]);
    expect(results[2]?.error?.fields).toHaveProperty('saleDate');

    const { sale: matched } = await s.call(getSale, { params: { saleId: results[1]?.id ?? '' } });
    expect(matched).toMatchObject({
      source: 'import',
      clientId: client.id,
      buyerName: 'Bea Buyer',
      profit: 7000,
    });
    expect(matched).not.toHaveProperty('importId');
    const { sales } = await s.call(listSales, { query: {} });
    expect(sales.map((x) => x.saleDate)).toEqual([daysAgo(3), old]);

    // The overview counts them on their own dates (the ledger stream catches up).
    const overview = await poll(
      async () => (await s.call(getOverview, { query: { period: '90d', currency: 'EUR' } })).overview,
      (o) => o.series.filter((d) => d.revenue > 0).length === 2,
    );
    expect(overview.series.filter((d) => d.revenue > 0)).toEqual([
      expect.objectContaining({ date: old, revenue: 20000, profit: 7000, units: 1 }),
      expect.objectContaining({ date: daysAgo(3), revenue: 20000, profit: 7000, units: 1 }),
    ]);

    // DAC7 of the year of the older sale counts it for its client.
    const { counterparties } = await s.call(salesDac7, { query: { year: Number(old.slice(0, 4)) } });
    expect(counterparties.find((c) => c.clientId === client.id)).toMatchObject({
      totalSales: 1,
      totalAmount: 20000,
    });

    // No sale confirmation email for a past sale.
    expect(await mailTo(buyerEmail)).toEqual([]);

    // Keys, then the same rows again: unchanged; a changed purchase price updates.
    const { records } = await portability.keys({ userId: s.userId, kind: 'sales', cursor: null });
    const byRow = new Map(records.map((r) => [r.importRow, r]));
    const match = (row: number) => {
      const k = byRow.get(row);
      return k ? { id: k.id, updatedAt: k.updatedAt } : null;
    };
    const again = await portability.apply({
      userId: s.userId,
      kind: 'sales',
      importId: 'imp-s',
      rows: [
        { row: 4, key: 'a', record: sale(), match: match(0) },
        {
          row: 5,
          key: 'b',
          record: sale({ saleDate: old, size: '43', purchasePrice: 15000 }),
          match: match(1),
        },
      ],
    });
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged', 'updated']);

    const undone = await portability.undo({
      userId: s.userId,
      kind: 'sales',
      importId: 'imp-s',
      cursor: null,
    });
    expect(undone).toEqual({ reverted: 2, kept: 0, cursor: null });
    expect((await s.call(listSales, { query: {} })).sales).toEqual([]);
  });

  it('exports past sales that import back as they were after the erase', async () => {
    const s = await storeUser('Past Sales 2', { currency: 'GBP' });
    await portability.apply({
      userId: s.userId,
      kind: 'sales',
      importId: 'imp',
      rows: [
        { row: 0, key: 'a', record: sale({ notes: 'From the old tool', currency: 'USD' }), match: null },
        { row: 1, key: 'b', record: sale({ size: '44', purchasePrice: null, buyerName: null }), match: null },
      ],
    });
    const exported = (await portability.export({ userId: s.userId, kind: 'sales', cursor: null })).records;
    expect(exported.map((r) => r.record.currency).sort()).toEqual(['GBP', 'USD']);
    // The two sales, and the overview's rows they made (as many as the ledger has written yet).
    const erased = await portability.erase('commerce-portability', s.userId);
    expect(erased).toMatchObject({ anonymised: 0, done: true });
    expect(erased.deleted).toBeGreaterThanOrEqual(2);
    const { results } = await portability.apply({
      userId: s.userId,
      kind: 'sales',
      importId: 'back',
      rows: exported.map((r, row) => ({ row, key: String(row), record: r.record, match: null })),
    });
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created']);
    const again = (await portability.export({ userId: s.userId, kind: 'sales', cursor: null })).records;
    expect(again.map((r) => r.record)).toEqual(exported.map((r) => r.record));
  });
});
