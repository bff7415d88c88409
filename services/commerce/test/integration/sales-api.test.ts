import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient } from '@sneakers/shared/contracts/crm';
import { createItem, getMyItem } from '@sneakers/shared/contracts/lists';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { createConsignment, createProvider, listConsignments } from '@sneakers/shared/contracts/providers';
import {
  createSale,
  exportSales,
  getSale,
  listSales,
  salesDac7,
  updateSale,
  type SaleCreate,
} from '@sneakers/shared/contracts/sales';
import {
  createVirtualProduct,
  deleteVirtualProduct,
  getVirtualProduct,
  listVirtualProducts,
  updateVirtualProduct,
} from '@sneakers/shared/contracts/virtual-products';
import { api, mailTo, poll, raw, rejection } from '../../../../tests/support/cloud-client';
import { key, postWithKey, storeUser, type Store } from './support';

/**
 * Issue 14, the `commerce` function through the local gateway: a sale takes its stock in its
 * own transaction, once, whoever else is selling; its emails go out through the outbox.
 */

async function inventoryItem(store: Store, sizes: string[]) {
  const { item } = await store.call(createItem, {
    body: {
      listType: 'inventory',
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      sizes,
      purchasePrice: 9000,
      currency: 'EUR',
    },
  });
  return item;
}

const postSale = (store: Store, body: SaleCreate, idempotencyKey = key()) =>
  postWithKey(store.token, '/api/sales', body, idempotencyKey);

describe('sales API', () => {
  it('a sale removes the size from the inventory, with its profit; get, list and update', async () => {
    const shop = await storeUser('Kicks Sales');
    const item = await inventoryItem(shop, ['42', '43']);
    const { sale } = await shop.call(createSale, {
      body: {
        source: 'inventory',
        itemId: item.id,
        size: '42',
        salePrice: 15000,
        fees: 1000,
        buyerName: 'Walk-in',
      },
      idempotencyKey: key(),
    });
    expect(sale).toMatchObject({
      size: '42',
      purchasePrice: 9000,
      profit: 5000,
      buyerName: 'Walk-in',
      clientId: null,
    });
    expect(sale.confirmationQueuedAt).toBeNull();
    expect((await shop.call(getMyItem, { params: { itemId: item.id } })).item).toMatchObject({
      sizes: ['43'],
      status: 'available',
    });

    await shop.call(createSale, {
      body: {
        source: 'inventory',
        itemId: item.id,
        size: '43',
        salePrice: 14000,
        buyerName: 'Walk-in 2',
        saleDate: '2026-01-15',
      },
      idempotencyKey: key(),
    });
    expect((await shop.call(getMyItem, { params: { itemId: item.id } })).item).toMatchObject({
      sizes: ['43'],
      status: 'sold',
    });

    const january = await shop.call(listSales, { query: { from: '2026-01-01', to: '2026-01-31' } });
    expect(january.sales.map((s) => s.buyerName)).toEqual(['Walk-in 2']);
    const all = await shop.call(listSales, { query: { limit: 1 } });
    expect(all.sales.map((s) => s.id)).toEqual([sale.id]);
    expect(all.cursor).not.toBeNull();

    const updated = await shop.call(updateSale, {
      params: { saleId: sale.id },
      body: { shippingCarrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(updated.sale).toMatchObject({ shippingCarrier: 'UPS', salePrice: 15000 });
    expect((await shop.call(getSale, { params: { saleId: sale.id } })).sale).toEqual(updated.sale);
  });

  it('a retried submit (same Idempotency-Key) makes one sale: 201 then 200 with the same sale', async () => {
    const shop = await storeUser('Kicks Retry');
    const item = await inventoryItem(shop, ['42', '43']);
    const body: SaleCreate = {
      source: 'inventory',
      itemId: item.id,
      size: '42',
      salePrice: 15000,
      buyerName: 'Ana',
    };
    const idem = key();
    const first = await postSale(shop, body, idem);
    const second = await postSale(shop, body, idem);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(await second.json()).toEqual(await first.json());
    expect((await shop.call(listSales, {})).sales).toHaveLength(1);
    expect((await shop.call(getMyItem, { params: { itemId: item.id } })).item.sizes).toEqual(['43']);
    const missingKey = await raw('/api/sales', {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(missingKey.status).toBe(400);
  });

  it('two tabs selling the same pair at once: exactly one 201, the other 409 ITEM_NOT_AVAILABLE', async () => {
    const shop = await storeUser('Kicks Race');
    for (const sizes of [['42'], ['42', '43']]) {
      const item = await inventoryItem(shop, sizes);
      const body: SaleCreate = {
        source: 'inventory',
        itemId: item.id,
        size: '42',
        salePrice: 15000,
        buyerName: 'Tab',
      };
      const responses = await Promise.all([postSale(shop, body), postSale(shop, body), postSale(shop, body)]);
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const r of responses.filter((x) => x.status === 409))
        expect(((await r.json()) as { error: { code: string } }).error.code).toBe('ITEM_NOT_AVAILABLE');
    }
    expect((await shop.call(listSales, {})).sales).toHaveLength(2);
  });

  it('a consignment sale marks it sold and emails the provider consignment_sold', async () => {
    const shop = await storeUser('Kicks Consign');
    const providerEmail = `provider-${randomUUID()}@example.com`;
    const { provider } = await shop.call(createProvider, { body: { name: 'Pablo', email: providerEmail } });
    const { consignment } = await shop.call(createConsignment, {
      params: { providerId: provider.id },
      body: { itemSku: 'FQ1759-100', itemName: 'Jordan 1 Low Sold', size: '44', price: 7000 },
      idempotencyKey: key(),
    });
    const body: SaleCreate = {
      source: 'consignment',
      providerId: provider.id,
      consignmentId: consignment.id,
      salePrice: 12000,
      buyerName: 'Ana',
    };
    const { sale } = await shop.call(createSale, { body, idempotencyKey: key() });
    expect(sale).toMatchObject({ source: 'consignment', size: '44', purchasePrice: 7000, profit: 5000 });
    const [listed] = (await shop.call(listConsignments, { params: { providerId: provider.id } }))
      .consignments;
    expect(listed).toMatchObject({ status: 'sold', saleId: sale.id, salePrice: 12000 });

    const again = await rejection(shop.call(createSale, { body, idempotencyKey: key() }));
    expect([again.status, again.code]).toEqual([409, 'CONSIGNMENT_NOT_IN_STOCK']);
    const sold = await poll(
      () => mailTo(providerEmail),
      (mails) => mails.some((m) => m.subject.includes('sold')),
    );
    expect(
      sold.filter((m) => m.subject.includes('Jordan 1 Low Sold') && m.subject.includes('sold')),
    ).toHaveLength(1);
  });

  it('the sale confirmation email goes once to a client with an address, never when switched off', async () => {
    const shop = await storeUser('Kicks Confirm');
    const item = await inventoryItem(shop, ['42', '43']);
    const quietEmail = `quiet-${randomUUID()}@example.com`;
    const loudEmail = `loud-${randomUUID()}@example.com`;
    const { client: quiet } = await shop.call(createClient, {
      body: { name: 'Quiet', email: quietEmail, phone: '1' },
    });
    const { client: loud } = await shop.call(createClient, {
      body: { name: 'Loud', email: loudEmail, phone: '2' },
    });

    const silent = await shop.call(createSale, {
      body: {
        source: 'inventory',
        itemId: item.id,
        size: '42',
        salePrice: 15000,
        clientId: quiet.id,
        notifyClient: false,
      },
      idempotencyKey: key(),
    });
    expect(silent.sale).toMatchObject({ buyerName: 'Quiet', clientId: quiet.id, confirmationQueuedAt: null });
    const idem = key();
    const body: SaleCreate = {
      source: 'inventory',
      itemId: item.id,
      size: '43',
      salePrice: 16000,
      clientId: loud.id,
      buyerName: 'x',
    };
    const { sale } = await shop.call(createSale, { body, idempotencyKey: idem });
    await shop.call(createSale, { body, idempotencyKey: idem });
    expect(sale).toMatchObject({ buyerName: 'Loud' });
    expect(sale.confirmationQueuedAt).not.toBeNull();

    const mails = await poll(
      () => mailTo(loudEmail),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Dunk Low Panda');
    // The switched-off sale was written first: by now its event was handled too.
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailTo(quietEmail)).toEqual([]);
    expect(await mailTo(loudEmail)).toHaveLength(1);
  });

  it('tenancy: another store cannot sell, read or change my stock and sales', async () => {
    const a = await storeUser('Store A');
    const b = await storeUser('Store B');
    const item = await inventoryItem(a, ['42']);
    const { client } = await a.call(createClient, {
      body: { name: 'Mine', email: `c-${randomUUID()}@example.com`, phone: '1' },
    });
    const { sale } = await a.call(createSale, {
      body: {
        source: 'inventory',
        itemId: (await inventoryItem(a, ['40'])).id,
        size: '40',
        salePrice: 100,
        buyerName: 'A',
      },
      idempotencyKey: key(),
    });
    const own = await inventoryItem(b, ['42']);
    for (const [attempt, code] of [
      [
        () =>
          b.call(createSale, {
            body: { source: 'inventory', itemId: item.id, size: '42', salePrice: 1, buyerName: 'B' },
            idempotencyKey: key(),
          }),
        'ITEM_NOT_FOUND',
      ],
      [
        () =>
          b.call(createSale, {
            body: { source: 'inventory', itemId: own.id, size: '42', salePrice: 1, clientId: client.id },
            idempotencyKey: key(),
          }),
        'CLIENT_NOT_FOUND',
      ],
      [() => b.call(getSale, { params: { saleId: sale.id } }), 'SALE_NOT_FOUND'],
      [
        () => b.call(updateSale, { params: { saleId: sale.id }, body: { notes: 'mine now' } }),
        'SALE_NOT_FOUND',
      ],
    ] as const) {
      const error = await rejection(attempt());
      expect([error.status, error.code]).toEqual([404, code]);
    }
    expect((await a.call(getMyItem, { params: { itemId: item.id } })).item.sizes).toEqual(['42']);
    expect((await b.call(listSales, {})).sales).toEqual([]);
    const noBuyer = await rejection(
      a.call(createSale, {
        body: { source: 'inventory', itemId: item.id, size: '42', salePrice: 1 },
        idempotencyKey: key(),
      }),
    );
    expect([noBuyer.status, noBuyer.code]).toEqual([400, 'BUYER_REQUIRED']);
  });

  it('the demo reads but never writes (403 DEMO_MODE)', async () => {
    const demo = api((await api().call(startDemoSession, {})).accessToken);
    await demo.call(listSales, {});
    await demo.call(listVirtualProducts, {});
    for (const attempt of [
      () =>
        demo.call(createSale, {
          body: { source: 'inventory', itemId: 'x', size: '42', salePrice: 1, buyerName: 'D' },
          idempotencyKey: key(),
        }),
      () => demo.call(updateSale, { params: { saleId: 'x' }, body: { notes: 'n' } }),
      () =>
        demo.call(createVirtualProduct, {
          body: { sku: 'S', name: 'N', price: 1, sizes: ['42'] },
          idempotencyKey: key(),
        }),
      () => demo.call(updateVirtualProduct, { params: { virtualProductId: 'x' }, body: { active: false } }),
      () => demo.call(deleteVirtualProduct, { params: { virtualProductId: 'x' } }),
    ]) {
      const error = await rejection(attempt());
      expect([error.status, error.code]).toEqual([403, 'DEMO_MODE']);
    }
  });
});

describe('virtual products API', () => {
  it('create (idempotent), list, get, update, sell, and delete only while unsold', async () => {
    const shop = await storeUser('Kicks Virtual');
    const other = await storeUser('Kicks Other');
    const idem = key();
    const body = {
      sku: 'IE0421',
      name: 'Samba OG',
      price: 12000,
      costPrice: 8000,
      sizes: ['UK 8', 'uk 8', 'UK 9'],
    };
    const { virtualProduct } = await shop.call(createVirtualProduct, { body, idempotencyKey: idem });
    expect(virtualProduct).toMatchObject({
      sizes: ['UK 8', 'UK 9'],
      currency: 'EUR',
      active: true,
      soldCount: 0,
    });
    expect((await shop.call(createVirtualProduct, { body, idempotencyKey: idem })).virtualProduct).toEqual(
      virtualProduct,
    );
    expect((await shop.call(listVirtualProducts, {})).virtualProducts).toEqual([virtualProduct]);

    const params = { virtualProductId: virtualProduct.id };
    for (const attempt of [
      () => other.call(getVirtualProduct, { params }),
      () => other.call(updateVirtualProduct, { params, body: { price: 1 } }),
      () => other.call(deleteVirtualProduct, { params }),
      () =>
        other.call(createSale, {
          body: { source: 'virtual', itemId: virtualProduct.id, size: 'UK 8', salePrice: 1, buyerName: 'O' },
          idempotencyKey: key(),
        }),
    ]) {
      const error = await rejection(attempt());
      expect([error.status, error.code]).toEqual([404, 'VIRTUAL_PRODUCT_NOT_FOUND']);
    }

    const sell = (size: string) =>
      shop.call(createSale, {
        body: { source: 'virtual', itemId: virtualProduct.id, size, salePrice: 12000, buyerName: 'V' },
        idempotencyKey: key(),
      });
    const { sale } = await sell('UK 9');
    expect(sale).toMatchObject({ source: 'virtual', purchasePrice: 8000, profit: 4000 });
    const offered = await rejection(sell('UK 10'));
    expect([offered.status, offered.code]).toEqual([400, 'SIZE_NOT_OFFERED']);

    const { virtualProduct: inactive } = await shop.call(updateVirtualProduct, {
      params,
      body: { active: false, notes: 'Sourcing paused', costPrice: null },
    });
    expect(inactive).toMatchObject({
      active: false,
      soldCount: 1,
      notes: 'Sourcing paused',
      costPrice: null,
    });
    const closed = await rejection(sell('UK 8'));
    expect([closed.status, closed.code]).toEqual([409, 'ITEM_NOT_AVAILABLE']);
    const hasSales = await rejection(shop.call(deleteVirtualProduct, { params }));
    expect([hasSales.status, hasSales.code]).toEqual([409, 'VIRTUAL_PRODUCT_HAS_SALES']);

    const { virtualProduct: unsold } = await shop.call(createVirtualProduct, { body, idempotencyKey: key() });
    await shop.call(deleteVirtualProduct, { params: { virtualProductId: unsold.id } });
    const gone = await rejection(shop.call(getVirtualProduct, { params: { virtualProductId: unsold.id } }));
    expect(gone.status).toBe(404);
  });
});

describe('sales reports', () => {
  it('exports a period as CSV and summarises a year for DAC7 with its thresholds', async () => {
    const shop = await storeUser('Kicks Reports');
    const { virtualProduct } = await shop.call(createVirtualProduct, {
      body: { sku: 'IE0421', name: 'Samba, "OG"', price: 12000, sizes: ['42'] },
      idempotencyKey: key(),
    });
    const sell = (over: Partial<SaleCreate>) =>
      shop.call(createSale, {
        body: { source: 'virtual', itemId: virtualProduct.id, size: '42', salePrice: 1000, ...over },
        idempotencyKey: key(),
      });
    // Frequent: 30 small sales in 2025. Big: 2 sales of 1,000 EUR. Small: one sale.
    for (let i = 0; i < 30; i++)
      await sell({ buyerName: 'Frequent', saleDate: `2025-0${(i % 9) + 1}-10`, fees: 10 });
    await sell({ buyerName: 'Big Spender', saleDate: '2025-02-01', salePrice: 100_000 });
    await sell({ buyerName: 'big spender ', saleDate: '2025-11-01', salePrice: 100_000 });
    await sell({ buyerName: '=Small', saleDate: '2025-12-31', salePrice: 500 });
    await sell({ buyerName: 'Next year', saleDate: '2026-01-01' });

    const { year, thresholds, counterparties } = await shop.call(salesDac7, { query: { year: 2025 } });
    expect([year, thresholds]).toEqual([2025, { sales: 30, amountEurCents: 200_000 }]);
    expect(counterparties.map((c) => [c.key, c.totalSales, c.totalAmount, c.reportable])).toEqual([
      ['name:big spender', 2, 200_000, true],
      ['name:frequent', 30, 30_000, true],
      ['name:=small', 1, 500, false],
    ]);
    const frequent = counterparties.find((c) => c.key === 'name:frequent');
    expect(frequent?.quarters.map((q) => q.sales)).toEqual([12, 9, 9, 0]);
    expect(frequent?.totalFees).toBe(300);

    const q4 = await shop.call(exportSales, { query: { from: '2025-10-01', to: '2026-01-01' } });
    expect(q4.filename).toBe('sales-2025-10-01-2026-01-01.csv');
    expect(q4.rows).toBe(3);
    expect(q4.csv.split('\r\n')).toEqual([
      'Date,Item,SKU,Size,Quantity,Buyer,Price,Purchase price,Fees,Profit,Currency',
      '2025-11-01,"Samba, ""OG""",IE0421,42,1,big spender,1000.00,0.00,0.00,1000.00,EUR',
      '2025-12-31,"Samba, ""OG""",IE0421,42,1,\'=Small,5.00,0.00,0.00,5.00,EUR',
      '2026-01-01,"Samba, ""OG""",IE0421,42,1,Next year,10.00,0.00,0.00,10.00,EUR',
      '',
    ]);
    const backwards = await rejection(
      shop.call(exportSales, { query: { from: '2025-12-01', to: '2025-01-01' } }),
    );
    expect(backwards.status).toBe(400);
  });
});
