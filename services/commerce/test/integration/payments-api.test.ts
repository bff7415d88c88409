import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createPayment,
  getPayment,
  listPayments,
  listProviderBalances,
  type Payment,
  type PaymentCreate,
} from '@sneakers/shared/contracts/payments';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { createConsignment, createProvider, listConsignments } from '@sneakers/shared/contracts/providers';
import { createSale } from '@sneakers/shared/contracts/sales';
import { api, mailTo, poll, rejection } from '../../../../tests/support/cloud-client';
import { key, postWithKey, storeUser, type Store } from './support';

/**
 * Issue 14, payments to providers through the local gateway: a payment settles sold consignments
 * once (also against a concurrent payment), the stream-kept balance follows, the provider gets
 * one email.
 */

/** A provider added by the store (approved at once) with an address of its own. */
async function providerOf(store: Store, name: string) {
  const email = `provider-${randomUUID()}@example.com`;
  const { provider } = await store.call(createProvider, { body: { name, email } });
  return { ...provider, email };
}

async function consignment(store: Store, providerId: string, itemName: string, price: number) {
  const { consignment: created } = await store.call(createConsignment, {
    params: { providerId },
    body: { itemSku: 'DD1391-100', itemName, size: '42', price },
    idempotencyKey: key(),
  });
  return created;
}

/** A consignment sold through a sale (the way a store sells one in issue 14). */
async function soldConsignment(store: Store, providerId: string, itemName: string, price: number) {
  const created = await consignment(store, providerId, itemName, price);
  await store.call(createSale, {
    body: {
      source: 'consignment',
      providerId,
      consignmentId: created.id,
      salePrice: price * 2,
      buyerName: 'Walk-in',
    },
    idempotencyKey: key(),
  });
  return created;
}

const postPayment = (store: Store, body: PaymentCreate, idempotencyKey = key()) =>
  postWithKey(store.token, '/api/payments', body, idempotencyKey);

const paymentMails = async (address: string) =>
  (await mailTo(address)).filter((m) => m.subject.startsWith('Payment sent'));

describe('payments API', () => {
  it('pays sold consignments once: balance, consignments, email, retry, list and get', async () => {
    const shop = await storeUser('Kicks Payments');
    const provider = await providerOf(shop, 'Pablo');
    const first = await soldConsignment(shop, provider.id, 'Dunk Low Panda', 7000);
    const second = await soldConsignment(shop, provider.id, 'Jordan 1 Low', 5550);

    // The ledger is kept by the stream consumer; its first batch on a fresh cloud takes seconds.
    const owed = await poll(
      () => shop.call(listProviderBalances),
      (r) => r.balances.some((b) => b.providerId === provider.id && b.owed === 12550),
      20_000,
    );
    expect(owed.balances).toEqual([
      { providerId: provider.id, currency: 'EUR', owed: 12550, unpaidCount: 2 },
    ]);

    const body: PaymentCreate = {
      providerId: provider.id,
      consignmentIds: [first.id, second.id],
      paymentMethod: 'bank_transfer',
      paymentDate: '2026-03-02',
      notes: 'March settlement',
    };
    const idem = key();
    const created = await postPayment(shop, body, idem);
    expect(created.status).toBe(201);
    const { payment } = (await created.json()) as { payment: Payment };
    expect(payment).toMatchObject({
      providerId: provider.id,
      providerName: 'Pablo',
      totalAmount: 12550,
      currency: 'EUR',
      paymentMethod: 'bank_transfer',
      paymentDate: '2026-03-02',
      notes: 'March settlement',
    });
    expect(payment.consignments.map((c) => [c.id, c.itemName, c.price])).toEqual([
      [first.id, 'Dunk Low Panda', 7000],
      [second.id, 'Jordan 1 Low', 5550],
    ]);
    expect(payment.emailQueuedAt).not.toBeNull();

    const { consignments } = await shop.call(listConsignments, { params: { providerId: provider.id } });
    expect(consignments).toHaveLength(2);
    for (const c of consignments) expect(c).toMatchObject({ status: 'sold', paymentId: payment.id });
    for (const c of consignments) expect(c.paidAt).toBe(payment.createdAt);

    const settled = await poll(
      () => shop.call(listProviderBalances),
      (r) => r.balances.length === 0,
    );
    expect(settled.balances).toEqual([]);

    // A retried submit: the same payment, 200, and nothing written or sent again.
    const retry = await postPayment(shop, body, idem);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ payment });

    const mails = await poll(
      () => paymentMails(provider.email),
      (m) => m.length > 0,
    );
    // Let a duplicate delivery (the retry or a second handling of the event) land before counting.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await paymentMails(provider.email)).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Payment sent: €125.50 from Kicks Payments');
    expect(mails[0]?.body.text).toContain('Hi Pablo,');
    expect(mails[0]?.body.text).toContain('Amount: €125.50');
    expect(mails[0]?.body.text).toContain('Method: Bank transfer');

    // Paid once: paying the same consignment again is refused.
    const twice = await rejection(
      shop.call(createPayment, {
        body: { providerId: provider.id, consignmentIds: [first.id], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([twice.status, twice.code]).toEqual([409, 'CONSIGNMENT_NOT_PAYABLE']);

    const other = await providerOf(shop, 'Otra');
    const third = await soldConsignment(shop, other.id, 'Samba OG', 3000);
    const { payment: later } = await shop.call(createPayment, {
      body: { providerId: other.id, consignmentIds: [third.id], paymentMethod: 'cash' },
      idempotencyKey: key(),
    });
    expect((await shop.call(listPayments)).payments.map((p) => p.id)).toEqual([later.id, payment.id]);
    const byProvider = await shop.call(listPayments, { query: { providerId: provider.id } });
    expect(byProvider.payments).toEqual([payment]);
    expect((await shop.call(getPayment, { params: { paymentId: payment.id } })).payment).toEqual(payment);
    const page = await shop.call(listPayments, { query: { limit: 1 } });
    expect([page.payments.map((p) => p.id), page.cursor !== null]).toEqual([[later.id], true]);
  });

  it('refuses an unsold consignment (409) and an unknown one (404)', async () => {
    const shop = await storeUser('Kicks Unsold');
    const provider = await providerOf(shop, 'Ana');
    const inStock = await consignment(shop, provider.id, 'Dunk Low Panda', 7000);
    const unsold = await rejection(
      shop.call(createPayment, {
        body: { providerId: provider.id, consignmentIds: [inStock.id], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([unsold.status, unsold.code]).toEqual([409, 'CONSIGNMENT_NOT_PAYABLE']);
    const missing = await rejection(
      shop.call(createPayment, {
        body: { providerId: provider.id, consignmentIds: ['no-such-consignment'], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'CONSIGNMENT_NOT_FOUND']);
    const [listed] = (await shop.call(listConsignments, { params: { providerId: provider.id } }))
      .consignments;
    expect(listed).toMatchObject({ status: 'in_stock', paymentId: null, paidAt: null });
    expect((await shop.call(listPayments)).payments).toEqual([]);
  });

  it('two payments of the same sold consignment at once: exactly one 201, the other 409', async () => {
    const shop = await storeUser('Kicks Race');
    const provider = await providerOf(shop, 'Race');
    const sold = await soldConsignment(shop, provider.id, 'Dunk Low Panda', 7000);
    const body: PaymentCreate = {
      providerId: provider.id,
      consignmentIds: [sold.id],
      paymentMethod: 'cash',
      notifyProvider: false,
    };
    const responses = await Promise.all([postPayment(shop, body), postPayment(shop, body)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = responses.find((r) => r.status === 409);
    expect(((await loser?.json()) as { error: { code: string } }).error.code).toBe('CONSIGNMENT_NOT_PAYABLE');
    const winner = (await responses.find((r) => r.status === 201)?.json()) as {
      payment: { id: string };
    };
    const { payments } = await shop.call(listPayments);
    expect(payments.map((p) => p.id)).toEqual([winner.payment.id]);
    const [listed] = (await shop.call(listConsignments, { params: { providerId: provider.id } }))
      .consignments;
    expect(listed?.paymentId).toBe(winner.payment.id);
  });

  it('tenancy: another store cannot pay my provider or read my payments', async () => {
    const a = await storeUser('Store A');
    const b = await storeUser('Store B');
    const provider = await providerOf(a, 'Mine');
    const sold = await soldConsignment(a, provider.id, 'Dunk Low Panda', 7000);
    const foreign = await rejection(
      b.call(createPayment, {
        body: { providerId: provider.id, consignmentIds: [sold.id], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([foreign.status, foreign.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    // B's own provider with A's consignment id: still not found.
    const own = await providerOf(b, 'Theirs');
    const cross = await rejection(
      b.call(createPayment, {
        body: { providerId: own.id, consignmentIds: [sold.id], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([cross.status, cross.code]).toEqual([404, 'CONSIGNMENT_NOT_FOUND']);

    const { payment } = await a.call(createPayment, {
      body: { providerId: provider.id, consignmentIds: [sold.id], paymentMethod: 'cash' },
      idempotencyKey: key(),
    });
    const hidden = await rejection(b.call(getPayment, { params: { paymentId: payment.id } }));
    expect([hidden.status, hidden.code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    expect((await b.call(listPayments)).payments).toEqual([]);
    expect((await b.call(listPayments, { query: { providerId: provider.id } })).payments).toEqual([]);
    expect((await b.call(listProviderBalances)).balances).toEqual([]);
  });

  it('notifyProvider false: the payment is made, no email', async () => {
    const shop = await storeUser('Kicks Quiet');
    const provider = await providerOf(shop, 'Quiet');
    const sold = await soldConsignment(shop, provider.id, 'Dunk Low Panda', 7000);
    const { payment } = await shop.call(createPayment, {
      body: {
        providerId: provider.id,
        consignmentIds: [sold.id],
        paymentMethod: 'paypal',
        notifyProvider: false,
      },
      idempotencyKey: key(),
    });
    expect(payment).toMatchObject({ totalAmount: 7000, emailQueuedAt: null });
    // The consignment's own emails (received, sold) come through the same outbox, after which
    // the payment's event has been handled too.
    await poll(
      () => mailTo(provider.email),
      (m) => m.length >= 2,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const subjects = (await mailTo(provider.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(await paymentMails(provider.email)).toEqual([]);
  });

  it('the demo reads but never pays (403 DEMO_MODE)', async () => {
    const demo = api((await api().call(startDemoSession, {})).accessToken);
    await demo.call(listPayments);
    await demo.call(listProviderBalances);
    const error = await rejection(
      demo.call(createPayment, {
        body: { providerId: 'x', consignmentIds: ['c'], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([error.status, error.code]).toEqual([403, 'DEMO_MODE']);
  });
});
