import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  createCheckoutSession,
  createPortalSession,
  extendTrial,
  getBillingSummary,
  listBillingInvoices,
} from '@sneakers/shared/contracts/billing';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { LOCAL_BILLING_CREDENTIALS } from '../../../../localstack/src/names';
import { api, rejection } from '../../../../tests/support/cloud-client';
import {
  deliver,
  postWebhook,
  providerEvent,
  storeAfterSignUp,
  storeWithProfile,
  subscriptionObject,
} from './support';

const now = () => Math.floor(Date.now() / 1000);
const customer = () => `cus_${randomUUID().replace(/-/g, '').slice(0, 14)}`;

describe('POST /api/billing/webhook', () => {
  it('applies an event once when it is delivered twice', async () => {
    const { client, userId } = await storeAfterSignUp();
    const event = providerEvent(
      'customer.subscription.updated',
      subscriptionObject(userId, customer(), { status: 'active' }),
      now(),
    );
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    const { billing } = await client.call(getBillingSummary, {});
    expect(billing).toMatchObject({
      status: 'active',
      subscriptionPlan: 'standard',
      hasBillingAccount: true,
    });
  });

  it('leaves the newer state when two events arrive in reverse order', async () => {
    const { client, userId } = await storeAfterSignUp();
    const cus = customer();
    const older = providerEvent(
      'customer.subscription.updated',
      subscriptionObject(userId, cus, { status: 'past_due' }),
      now() - 60,
    );
    const newer = providerEvent(
      'customer.subscription.updated',
      subscriptionObject(userId, cus, { status: 'active' }),
      now(),
    );
    expect((await deliver(newer)).body.outcome).toBe('applied');
    expect((await deliver(older)).body.outcome).toBe('stale');
    const { billing } = await client.call(getBillingSummary, {});
    expect(billing).toMatchObject({ status: 'active', pastDueSince: null, banner: null });
  });

  it('answers 400 BAD_SIGNATURE to a forged, missing or expired signature and changes nothing', async () => {
    const { client, userId } = await storeWithProfile();
    const event = providerEvent(
      'customer.subscription.deleted',
      subscriptionObject(userId, customer(), { status: 'canceled' }),
      now(),
    );
    expect(await deliver(event, 'whsec_forged')).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ code: 'BAD_SIGNATURE' }) },
    });
    expect((await postWebhook(JSON.stringify(event), {})).body.error?.code).toBe('BAD_SIGNATURE');
    // Signed with the right secret, 10 minutes ago: past the 5 minutes' tolerance.
    const late = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: LOCAL_BILLING_CREDENTIALS.webhookSecret,
      timestamp: now() - 600,
    });
    expect((await postWebhook(JSON.stringify(event), { 'stripe-signature': late })).body.error?.code).toBe(
      'BAD_SIGNATURE',
    );
    expect((await client.call(getBillingSummary, {})).billing.status).toBe('trial');
  });

  it('ignores an event type it does not act on and a customer nobody knows', async () => {
    expect(
      (await deliver(providerEvent('charge.refunded', { id: 'ch_1', object: 'charge' }, now()))).body,
    ).toEqual({
      received: true,
      outcome: 'ignored',
    });
    const orphan = subscriptionObject('', customer(), { status: 'active' });
    expect((await deliver(providerEvent('customer.subscription.updated', orphan, now()))).body.outcome).toBe(
      'ignored',
    );
  });

  it('records a paid invoice the user then lists', async () => {
    const { client, userId } = await storeAfterSignUp();
    const cus = customer();
    await deliver(
      providerEvent(
        'customer.subscription.created',
        subscriptionObject(userId, cus, { status: 'active' }),
        now(),
      ),
    );
    const invoice = {
      id: `in_${randomUUID().slice(0, 8)}`,
      object: 'invoice',
      customer: cus,
      number: 'SNK-0001',
      status: 'paid',
      amount_due: 4999,
      amount_paid: 4999,
      currency: 'eur',
      created: now(),
      period_start: now(),
      period_end: now() + 30 * 86400,
      hosted_invoice_url: 'https://invoice.example/in',
      invoice_pdf: 'https://invoice.example/in.pdf',
      next_payment_attempt: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: `sub_${cus}`, metadata: { userId } },
      },
    };
    expect((await deliver(providerEvent('invoice.paid', invoice, now()))).body.outcome).toBe('applied');
    // The sign-up trial's own zero-amount invoice is listed beside it.
    const { invoices } = await client.call(listBillingInvoices, { query: {} });
    expect(invoices.filter((i) => i.id === invoice.id)).toMatchObject([
      { number: 'SNK-0001', status: 'paid', amountPaid: 4999, pdfUrl: invoice.invoice_pdf },
    ]);
  });
});

describe('the billing routes', () => {
  it("summarises a new store's 14-day trial", async () => {
    const { client } = await storeWithProfile();
    const { billing } = await client.call(getBillingSummary, {});
    expect(billing).toMatchObject({
      status: 'trial',
      subscriptionPlan: 'trial',
      plan: 'store',
      price: { amount: 4999, currency: 'EUR', interval: 'month' },
      trialDaysLeft: 14,
      canWrite: true,
      banner: null,
    });
  });

  it('refuses the demo identity every session with DEMO_MODE, and shows it a trial with days left', async () => {
    const demo = api((await api().call(startDemoSession, {})).accessToken);
    expect((await rejection(demo.call(createCheckoutSession, { body: {} }))).code).toBe('DEMO_MODE');
    expect((await rejection(demo.call(createPortalSession, { body: {} }))).code).toBe('DEMO_MODE');
    const { billing } = await demo.call(getBillingSummary, {});
    expect(billing.status).toBe('trial');
    expect(billing.trialDaysLeft).toBeGreaterThan(0);
  });

  it('lets only a superuser extend a trial, and answers 404 for an unknown user', async () => {
    const store = await storeWithProfile();
    const refused = await rejection(
      store.client.call(extendTrial, { params: { userId: store.userId }, body: { days: 7 } }),
    );
    expect(refused.status).toBe(403);
    const admin = await storeWithProfile({ superuser: true });
    const missing = await rejection(
      admin.client.call(extendTrial, { params: { userId: 'no-such-user' }, body: { days: 7 } }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'USER_NOT_FOUND']);
  });
});
