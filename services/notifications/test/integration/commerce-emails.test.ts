import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient } from '@sneakers/shared/contracts/crm';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createPayment } from '@sneakers/shared/contracts/payments';
import { createConsignment, createProvider } from '@sneakers/shared/contracts/providers';
import { createSale } from '@sneakers/shared/contracts/sales';
import { cloud, mailTo, poll, type SentMail } from '../../../../tests/support/cloud-client';
import { key, storeWithProfile } from './support';

/** Issue 14: Sale.Recorded and Payment.Recorded become emails, once each, in the store's language. */

/** Lets a duplicate or late delivery land before counting what arrived. */
const settle = () => new Promise((r) => setTimeout(r, 1000));

async function store(language: 'en' | 'es', businessName: string) {
  return (await storeWithProfile({ language, businessName })).client;
}

type Store = Awaited<ReturnType<typeof store>>;

async function inventoryItem(shop: Store, name: string) {
  const { item } = await shop.call(createItem, {
    body: {
      listType: 'inventory',
      sku: 'DD1391-100',
      name,
      brand: 'Nike',
      sizes: ['42', '43'],
      purchasePrice: 9000,
      currency: 'EUR',
    },
  });
  return item;
}

/** Every email the SES emulator holds, whoever it went to. */
async function allMail(): Promise<SentMail[]> {
  const res = await fetch(`${cloud().mailUrl}/store`);
  return ((await res.json()) as { emails: SentMail[] }).emails;
}

describe('sale confirmation email', () => {
  it('goes once to a client with an address, in the store language (en and es)', async () => {
    for (const [language, expected] of [
      [
        'en',
        {
          subject: 'Your purchase from Kicks London: Dunk Low Panda',
          lines: ['Hi Ana,', 'Product: Dunk Low Panda (DD1391-100)', 'Size: 42', 'Sale price: €160.00'],
        },
      ],
      [
        'es',
        {
          subject: 'Tu compra en Zapas Madrid: Dunk Low Panda',
          lines: [
            'Hola Ana:',
            'Producto: Dunk Low Panda (DD1391-100)',
            'Talla: 42',
            /Precio de venta: 160,00\s€/,
          ],
        },
      ],
    ] as const) {
      const shop = await store(language, language === 'es' ? 'Zapas Madrid' : 'Kicks London');
      const item = await inventoryItem(shop, 'Dunk Low Panda');
      const to = `client-${randomUUID()}@example.com`;
      const { client } = await shop.call(createClient, { body: { name: 'Ana', email: to, phone: '1' } });
      const body = {
        source: 'inventory' as const,
        itemId: item.id,
        size: '42',
        salePrice: 16000,
        clientId: client.id,
      };
      const idempotencyKey = key();
      await shop.call(createSale, { body, idempotencyKey });
      // A retried submit replays the sale: no second email.
      await shop.call(createSale, { body, idempotencyKey });
      await poll(
        () => mailTo(to),
        (m) => m.length > 0,
        10_000,
      );
      await settle();
      const mails = await mailTo(to);
      expect(mails.map((m) => m.subject)).toEqual([expected.subject]);
      const text = mails[0]?.body.text ?? '';
      for (const line of expected.lines)
        if (typeof line === 'string') expect(text).toContain(line);
        else expect(text).toMatch(line);
      expect(mails[0]?.body.html).toContain('Dunk Low Panda');
      // What the store paid for the pair is not the client's business.
      expect(text).not.toMatch(/90[,.]00/);
    }
  });

  it('a sale to a buyer name only sends nothing', async () => {
    const shop = await store('en', 'Kicks Walk-in');
    const itemName = `Walk-in Dunk ${randomUUID()}`;
    const item = await inventoryItem(shop, itemName);
    const { sale } = await shop.call(createSale, {
      body: { source: 'inventory', itemId: item.id, size: '42', salePrice: 16000, buyerName: 'Walk-in' },
      idempotencyKey: key(),
    });
    expect(sale.confirmationQueuedAt).toBeNull();
    // A later sale of the same store with an address: once its email is in, the first sale's
    // event was handled too.
    const to = `client-${randomUUID()}@example.com`;
    const { client } = await shop.call(createClient, { body: { name: 'Ana', email: to, phone: '1' } });
    await shop.call(createSale, {
      body: { source: 'inventory', itemId: item.id, size: '43', salePrice: 16000, clientId: client.id },
      idempotencyKey: key(),
    });
    await poll(
      () => mailTo(to),
      (m) => m.length > 0,
      10_000,
    );
    await settle();
    const mentions = (await allMail()).filter((m) => m.subject.includes(itemName));
    expect(mentions.map((m) => m.destination.to)).toEqual([[to]]);
  });
});

describe('payment email', () => {
  it('a payment emails the provider once, in the store language', async () => {
    const shop = await store('es', 'Zapas Pagos');
    const to = `provider-${randomUUID()}@example.com`;
    const { provider } = await shop.call(createProvider, { body: { name: 'Pablo', email: to } });
    const { consignment } = await shop.call(createConsignment, {
      params: { providerId: provider.id },
      body: { itemSku: 'FQ1759-100', itemName: 'Jordan 1 Low', size: '44', price: 123456 },
      idempotencyKey: key(),
    });
    await shop.call(createSale, {
      body: {
        source: 'consignment',
        providerId: provider.id,
        consignmentId: consignment.id,
        salePrice: 150000,
        buyerName: 'Ana',
      },
      idempotencyKey: key(),
    });
    const body = {
      providerId: provider.id,
      consignmentIds: [consignment.id],
      paymentMethod: 'bizum' as const,
      paymentDate: '2026-03-02',
    };
    const idempotencyKey = key();
    await shop.call(createPayment, { body, idempotencyKey });
    await shop.call(createPayment, { body, idempotencyKey });
    const isPayment = (m: SentMail) => m.subject.startsWith('Pago enviado');
    await poll(
      () => mailTo(to),
      (m) => m.some(isPayment),
      10_000,
    );
    await settle();
    const payments = (await mailTo(to)).filter(isPayment);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.subject).toMatch(/^Pago enviado: 1234,56\s€ de Zapas Pagos$/);
    const text = payments[0]?.body.text ?? '';
    expect(text).toContain('Hola Pablo:');
    expect(text).toContain('Zapas Pagos te ha pagado 1 artículo(s) en consigna vendido(s).');
    expect(text).toContain('Método: Bizum');
    expect(text).toContain('Fecha de pago: 2026-03-02');
  });
});
