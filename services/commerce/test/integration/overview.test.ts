import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '@sneakers/shared/clock';
import { createBooking, createClient, updateBooking } from '@sneakers/shared/contracts/crm';
import { createItem, deleteItem, updateItem } from '@sneakers/shared/contracts/lists';
import { getOverview, type Overview } from '@sneakers/shared/contracts/overview';
import { createConsignment, createProvider, markConsignmentSold } from '@sneakers/shared/contracts/providers';
import { createSale } from '@sneakers/shared/contracts/sales';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { ulid } from '@sneakers/shared/ids';
import { applyLedgerRecords } from '../../src/ledger/domain';
import { readProviderBalances, readStoreBalances } from '../../src/ledger/ledger-reader';
import type { AggregateRow } from '../../src/ledger/deltas';
import { createExistingRows, createLedgerWriter } from '../../src/ledger/repository';
import { createCommercePortabilityRepository } from '../../src/portability/repository';
import { getStoreOverview } from '../../src/overview/domain';
import { createOverviewReader } from '../../src/overview/repository';
import { countRequests } from '../../../../tests/support/count-requests';
import { db, signedIn, table } from './support';

type Client = Awaited<ReturnType<typeof signedIn>>;

const overviewOf = async (client: Client) =>
  (await client.call(getOverview, { query: { period: '7d', currency: 'EUR' } })).overview;

/** Polls the overview until `done` holds (the stream consumer catches up in well under a second). */
async function overviewUntil(client: Client, done: (o: Overview) => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const overview = await overviewOf(client);
    if (done(overview) || Date.now() > end) return overview;
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function inventoryItem(client: Client, body: { sizes: string[]; purchasePrice: number }) {
  const { item } = await client.call(createItem, {
    body: {
      listType: 'inventory',
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      currency: 'EUR',
      ...body,
    },
  });
  return item;
}

describe('the overview through the local gateway, kept by the ledger stream', () => {
  it("counts a sale in the day's revenue, profit and units, and takes the sold pair out of stock", async () => {
    const client = await signedIn();
    const item = await inventoryItem(client, { sizes: ['42', '43'], purchasePrice: 10_000 });
    await overviewUntil(client, (o) => o.stock.units === 2);

    await client.call(createSale, {
      idempotencyKey: randomUUID(),
      body: {
        source: 'inventory',
        itemId: item.id,
        size: '42',
        salePrice: 18_000,
        fees: 1_000,
        buyerName: 'Ana',
      },
    });
    const overview = await overviewUntil(client, (o) => o.totals.sales === 1 && o.stock.units === 1);
    expect(overview.totals).toMatchObject({
      revenue: 18_000,
      cost: 10_000,
      fees: 1_000,
      profit: 7_000,
      units: 1,
      sales: 1,
    });
    expect(overview.totals.marginPercent).toBe(38.9);
    expect(overview.stock).toEqual({ value: 10_000, units: 1 });
    expect(overview.series.at(-1)).toMatchObject({ revenue: 18_000, profit: 7_000, units: 1 });
    expect(overview.byBrand).toEqual([{ brand: 'Nike', revenue: 18_000, units: 1 }]);
    expect(overview.topSellers).toEqual([
      { sku: 'DD1391-100', name: 'Dunk Low Panda', revenue: 18_000, units: 1 },
    ]);
    expect(overview.currencies).toEqual(['EUR']);
  });

  it('follows inventory edits and deletions in the stock value at cost, and lists dead stock', async () => {
    const client = await signedIn();
    const { userId } = client;
    const item = await inventoryItem(client, { sizes: ['40', '41'], purchasePrice: 5_000 });
    expect((await overviewUntil(client, (o) => o.stock.units === 2)).stock).toEqual({
      value: 10_000,
      units: 2,
    });

    await client.call(updateItem, { params: { itemId: item.id }, body: { purchasePrice: 7_000 } });
    expect((await overviewUntil(client, (o) => o.stock.value === 14_000)).stock).toEqual({
      value: 14_000,
      units: 2,
    });

    await client.call(deleteItem, { params: { itemId: item.id } });
    expect((await overviewUntil(client, (o) => o.stock.units === 0)).stock).toEqual({ value: 0, units: 0 });

    // An item created 120 days ago (its ULID says so) is dead stock; a sold one is not.
    const row = (id: string, status: 'available' | 'sold', createdAt: string) => ({
      userId,
      listType: 'inventory' as const,
      id,
      status,
      visibility: 'private' as const,
      urgent: false,
      isBulk: false,
      sku: 'OLD-1',
      name: 'Forgotten pair',
      brand: 'Nike',
      colorway: 'Black',
      sizes: ['44'],
      currency: 'EUR' as const,
      purchasePrice: 3_000,
      createdAt,
      updatedAt: createdAt,
      rank: `0#${id}`,
    });
    const t120 = new Date(Date.now() - 120 * 86_400_000);
    const t100 = new Date(Date.now() - 100 * 86_400_000);
    await itemEntity.put(row(ulid(t120.getTime()), 'sold', t120.toISOString())).go({ client: db(), table });
    const deadId = ulid(t100.getTime());
    await itemEntity.put(row(deadId, 'available', t100.toISOString())).go({ client: db(), table });
    const overview = await overviewUntil(client, (o) => o.deadStock.length === 1);
    expect(overview.deadStock).toEqual([
      expect.objectContaining({ itemId: deadId, sku: 'OLD-1', purchasePrice: 3_000, daysInStock: 100 }),
    ]);
    expect(overview.deadStockMore).toBe(false);
  });

  it('holds a booking deposit while the booking is active', async () => {
    const client = await signedIn();
    const { client: buyer } = await client.call(createClient, {
      body: { name: 'Ana', email: `ana-${randomUUID()}@example.com`, phone: '+34 600 000 000' },
    });
    const { booking } = await client.call(createBooking, {
      idempotencyKey: randomUUID(),
      body: {
        clientId: buyer.id,
        itemSku: 'DD1391-100',
        itemName: 'Dunk',
        size: '42',
        salePrice: 20_000,
        prepaidAmount: 4_000,
        currency: 'EUR',
        notifyClient: false,
      },
    });
    expect((await overviewUntil(client, (o) => o.depositsHeld === 4_000)).depositsHeld).toBe(4_000);
    await client.call(updateBooking, {
      params: { bookingId: booking.id },
      body: { status: 'cancelled' },
    });
    expect((await overviewUntil(client, (o) => o.depositsHeld === 0)).depositsHeld).toBe(0);
  });

  it('owes a sold consignment to its provider until it is paid', async () => {
    const client = await signedIn();
    const { userId } = client;
    const { provider } = await client.call(createProvider, {
      body: { name: 'Pablo', email: `pablo-${randomUUID()}@example.com` },
    });
    const { consignment } = await client.call(createConsignment, {
      idempotencyKey: randomUUID(),
      params: { providerId: provider.id },
      body: { itemSku: 'CW2288-111', itemName: 'Air Force 1', size: '43', price: 9_000, currency: 'EUR' },
    });
    await client.call(markConsignmentSold, {
      params: { providerId: provider.id, consignmentId: consignment.id },
      body: { salePrice: 15_000 },
    });
    expect((await overviewUntil(client, (o) => o.owedToProviders === 9_000)).owedToProviders).toBe(9_000);
    expect(await readProviderBalances(db(), table, userId)).toEqual([
      { providerId: provider.id, currency: 'EUR', owed: 9_000, unpaidCount: 1 },
    ]);

    // Paid as a payment's transaction marks it (commerce payments).
    await consignmentEntity
      .patch({ storeUserId: userId, providerId: provider.id, id: consignment.id })
      .set({ paymentId: 'payment-1', paidAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .go({ client: db(), table });
    expect((await overviewUntil(client, (o) => o.owedToProviders === 0)).owedToProviders).toBe(0);
    expect(await readProviderBalances(db(), table, userId)).toEqual([]);
  });

  it("names a consignment's catalogue brand in sales by brand (docs/product/providers-and-consignments.md#consignments)", async () => {
    const client = await signedIn();
    const { provider } = await client.call(createProvider, {
      body: { name: 'Pablo', email: `pablo-${randomUUID()}@example.com` },
    });
    const { consignment } = await client.call(createConsignment, {
      idempotencyKey: randomUUID(),
      params: { providerId: provider.id },
      body: {
        itemSku: 'DZ5485-612',
        itemName: 'Air Jordan 1 Chicago',
        size: 'EU 42',
        productCatalogId: 'catalogue-product-1',
        productVariantId: 'catalogue-variant-42',
        itemBrand: 'Jordan',
        itemColorway: 'Varsity Red',
        price: 9_000,
        currency: 'EUR',
      },
    });
    expect(consignment).toMatchObject({ productCatalogId: 'catalogue-product-1', itemBrand: 'Jordan' });
    const { sale } = await client.call(createSale, {
      idempotencyKey: randomUUID(),
      body: {
        source: 'consignment',
        providerId: provider.id,
        consignmentId: consignment.id,
        salePrice: 15_000,
        buyerName: 'Ana',
      },
    });
    expect(sale).toMatchObject({
      brand: 'Jordan',
      colorway: 'Varsity Red',
      productCatalogId: 'catalogue-product-1',
    });
    const overview = await overviewUntil(client, (o) => o.totals.sales === 1);
    expect(overview.byBrand).toEqual([{ brand: 'Jordan', revenue: 15_000, units: 1 }]);
  });

  it('applies a replayed stream record once', async () => {
    const storeUserId = `replay-${randomUUID()}`;
    const deps = { writer: createLedgerWriter(db(), table, systemClock), onError: () => undefined };
    const record = {
      eventName: 'INSERT',
      eventId: `event-${randomUUID()}`,
      newImage: {
        __edb_e__: 'crmBooking',
        storeUserId,
        status: 'active',
        prepaidAmount: 2_500,
        currency: 'EUR',
      },
    };
    expect(await applyLedgerRecords(deps, [record])).toEqual([]);
    expect(await applyLedgerRecords(deps, [record, record])).toEqual([]);
    expect((await readStoreBalances(db(), table, storeUserId)).map((b) => b.deposits)).toEqual([2_500]);
    // A record that cannot be read is reported for retry, and the rest of the batch still applies.
    const broken = {
      eventName: 'INSERT',
      eventId: `event-${randomUUID()}`,
      newImage: { __edb_e__: 'crmBooking' },
    };
    const next = { ...record, eventId: `event-${randomUUID()}` };
    expect(await applyLedgerRecords(deps, [broken, next])).toEqual([0]);
    expect((await readStoreBalances(db(), table, storeUserId)).map((b) => b.deposits)).toEqual([5_000]);
  });

  it('writes a deletion off a row only while it exists: erased between the check and the write, it stays gone', async () => {
    const storeUserId = `erased-${randomUUID()}`;
    const booking = {
      __edb_e__: 'crmBooking',
      storeUserId,
      status: 'active',
      prepaidAmount: 2_500,
      currency: 'EUR',
    };
    const writer = createLedgerWriter(db(), table, systemClock);
    let erase = true;
    const deps = {
      writer,
      onError: (error: unknown) => {
        throw error;
      },
      // The account's erase deletes the store's aggregates just after the check saw them.
      existingRows: async (rows: readonly AggregateRow[]) => {
        const found = await createExistingRows(db(), table)(rows);
        if (erase) {
          erase = false;
          const repo = createCommercePortabilityRepository(db(), table);
          while ((await repo.eraseSome(storeUserId, 100)).more);
        }
        return found;
      },
    };
    const insert = { eventName: 'INSERT', eventId: `event-${randomUUID()}`, newImage: booking };
    expect(await applyLedgerRecords(deps, [insert])).toEqual([]);
    expect(await readStoreBalances(db(), table, storeUserId)).toHaveLength(1);
    const remove = { eventName: 'REMOVE', eventId: `event-${randomUUID()}`, oldImage: booking };
    expect(await applyLedgerRecords(deps, [remove])).toEqual([]);
    // Not written back with -2,500; and the change counted once: delivered again, nothing.
    expect(await readStoreBalances(db(), table, storeUserId)).toEqual([]);
    expect(await applyLedgerRecords(deps, [remove])).toEqual([]);
    expect(await readStoreBalances(db(), table, storeUserId)).toEqual([]);
    expect(await writer.apply([`event-${randomUUID()}`], [])).toBe('applied');
    expect(await writer.apply([remove.eventId], [])).toBe('duplicate');
  });

  it('answers with at most 3 DynamoDB requests, and a store sees only its own figures', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await inventoryItem(a, { sizes: ['42'], purchasePrice: 8_000 });
    await overviewUntil(a, (o) => o.stock.units === 1);
    const other = await overviewOf(b);
    expect(other.stock).toEqual({ value: 0, units: 0 });
    expect(other.totals.revenue).toBe(0);
    expect(other.currencies).toEqual([]);

    const client = db();
    const requests = countRequests(client);
    const deps = { reader: createOverviewReader(client, table), clock: fixedClock(new Date()) };
    const actor = { kind: 'user' as const, userId: a.userId, isSuperuser: false, isDemo: false };
    for (const period of ['7d', '90d', '12m'] as const) {
      requests.length = 0;
      const overview = await getStoreOverview(deps, actor, { period });
      expect(overview.stock.units).toBe(1);
      expect(requests).toHaveLength(3);
    }
  });
});
