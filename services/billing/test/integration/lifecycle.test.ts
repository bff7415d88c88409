import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  createCheckoutSession,
  createPortalSession,
  getBillingSummary,
  listBillingInvoices,
  type BillingSummary,
} from '@sneakers/shared/contracts/billing';
import { createClient } from '@sneakers/shared/contracts/crm';
import { SUBSCRIPTION_REQUIRED_CODE } from '@sneakers/shared/rules/subscription';
import { LOCAL_BILLING_CREDENTIALS } from '../../../../localstack/src/names';
import { cloud, mailTo, poll, rejection } from '../../../../tests/support/cloud-client';
import { storeWithProfile } from './support';

/**
 * The whole life of a subscription against the Stripe-shaped stand-in, no mocks: each store's
 * customer lives on its own test clock (the suites' cloud sets BILLING_TEST_CLOCKS), which the
 * test moves forward to reach the trial's end, a renewal and a failed payment without waiting.
 * Every state below arrives only through the provider's signed webhooks.
 */
const DAY_S = 86_400;
/** A state the webhooks carry can take a few deliveries to show (the bus, then the stream). */
const SETTLE_MS = 30_000;

function provider() {
  const url = new URL(cloud().stripeUrl);
  return new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

type Store = Awaited<ReturnType<typeof storeWithProfile>>;

const summaryOf = async (store: Store): Promise<BillingSummary> =>
  (await store.client.call(getBillingSummary, {})).billing;

async function summaryUntil(store: Store, ok: (s: BillingSummary) => boolean): Promise<BillingSummary> {
  return poll(() => summaryOf(store), ok, SETTLE_MS);
}

/** The store's customer at the provider and the test clock it lives on. */
async function customerOf(store: Store) {
  await summaryUntil(store, (s) => s.hasBillingAccount);
  const { data } = await provider().customers.list({ email: store.contactEmail, limit: 1 });
  const customer = data[0];
  const clock = typeof customer?.test_clock === 'string' ? customer.test_clock : customer?.test_clock?.id;
  if (!customer || !clock) throw new Error(`no customer on a test clock for ${store.contactEmail}`);
  return { customerId: customer.id, clock };
}

/** Moves the clock to `frozenTime` and waits until every transition it caused was delivered. */
async function advance(clock: string, frozenTime: number) {
  const stripe = provider();
  await stripe.testHelpers.testClocks.advance(clock, { frozen_time: frozenTime });
  const ready = await poll(
    () => stripe.testHelpers.testClocks.retrieve(clock),
    (c) => c.status === 'ready',
    SETTLE_MS,
  );
  expect(ready.status).toBe('ready');
}

const frozenTimeOf = async (clock: string) =>
  (await provider().testHelpers.testClocks.retrieve(clock)).frozen_time;

/** Posts a hosted page's form as a browser would, and answers where it redirected. */
async function submitForm(
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

const card = (number: string) => ({
  card_number: number,
  card_expiry: '12/34',
  card_cvc: '123',
  cardholder_name: 'Ana Tienda',
});

const newClient = (store: Store) =>
  store.client.call(createClient, {
    idempotencyKey: randomUUID(),
    body: { name: 'Lifecycle client', email: `client-${randomUUID()}@example.com`, phone: '+34 600000001' },
  });

async function mailWithSubject(address: string, subject: RegExp) {
  const mails = await poll(
    () => mailTo(address),
    (list) => list.some((m) => subject.test(m.subject)),
    SETTLE_MS,
  );
  return mails.find((m) => subject.test(m.subject));
}

describe('the life of a subscription', () => {
  it('trial → trial-ending email → canceled and read-only → checkout → active → failed renewal → past due → paid in the portal → active', async () => {
    const [store, tienda] = await Promise.all([storeWithProfile(), storeWithProfile({ language: 'es' })]);

    // Sign-up: a 14-day trial without a card.
    const first = await summaryUntil(store, (s) => s.hasBillingAccount);
    expect(first).toMatchObject({ status: 'trial', trialDaysLeft: 14, canWrite: true, paymentMethod: null });
    const [{ customerId, clock }, spanish] = await Promise.all([customerOf(store), customerOf(tienda)]);
    const start = await frozenTimeOf(clock);

    // Day 11: the provider's notice, 3 days before the end, becomes the trial-ending email.
    await Promise.all([
      advance(clock, start + 11 * DAY_S + 60),
      advance(spanish.clock, start + 11 * DAY_S + 60),
    ]);
    expect(await mailWithSubject(store.contactEmail, /^Your free trial ends in 3 days$/)).toBeDefined();
    expect(
      await mailWithSubject(tienda.contactEmail, /^Tu prueba gratuita termina en 3 días$/),
    ).toBeDefined();

    // Past the end without a card: canceled, and every write answers 402.
    await advance(clock, start + 15 * DAY_S);
    const lapsed = await summaryUntil(store, (s) => s.status === 'canceled');
    expect(lapsed).toMatchObject({ status: 'canceled', canWrite: false, banner: 'canceled' });
    expect(await mailWithSubject(store.contactEmail, /^Your free trial has ended$/)).toBeDefined();
    const refused = await poll(
      () => rejection(newClient(store)),
      (e) => e.status === 402,
      SETTLE_MS,
    );
    expect(refused).toMatchObject({ status: 402, code: SUBSCRIPTION_REQUIRED_CODE });

    // Choose a plan: Checkout with the card that succeeds.
    const checkout = await store.client.call(createCheckoutSession, { body: {} });
    expect(checkout.url).toContain(`${cloud().stripeUrl}/checkout/`);
    expect((await fetch(checkout.url)).status).toBe(200);
    const paid = await submitForm(checkout.url, card('4242424242424242'));
    expect(paid.status).toBe(303);
    expect(paid.location).toContain('/dashboard/billing?checkout=success&session_id=cs_');
    const active = await summaryUntil(store, (s) => s.status === 'active');
    expect(active).toMatchObject({
      status: 'active',
      subscriptionPlan: 'standard',
      canWrite: true,
      banner: null,
    });
    expect(active.paymentMethod).toMatchObject({ last4: '4242' });
    // Writing works again at once (a cached refusal is read again before it is repeated).
    expect((await newClient(store)).client.name).toBe('Lifecycle client');

    // The card on file now fails every charge: the next renewal makes the account past due.
    const portal = await store.client.call(createPortalSession, { body: { flow: 'payment_method_update' } });
    expect((await submitForm(`${portal.url}/payment-method`, card('4000000000000341'))).status).toBe(303);
    const renewal = Date.parse(active.currentPeriodEnd ?? '') / 1000;
    expect(renewal).toBeGreaterThan(start + 15 * DAY_S);
    await advance(clock, renewal + 3600);
    const due = await summaryUntil(store, (s) => s.status === 'past_due');
    expect(due).toMatchObject({ status: 'past_due', banner: 'past_due', canWrite: true });
    expect(due.pastDueSince).not.toBeNull();
    expect(await mailWithSubject(store.contactEmail, /^We could not take your payment of/)).toBeDefined();

    // Paying through the portal with a good card settles the open invoice: active again.
    const again = await store.client.call(createPortalSession, { body: { flow: 'payment_method_update' } });
    expect((await submitForm(`${again.url}/payment-method`, card('4242424242424242'))).status).toBe(303);
    const recovered = await summaryUntil(store, (s) => s.status === 'active');
    expect(recovered).toMatchObject({ status: 'active', banner: null, pastDueSince: null });
    const { invoices } = await poll(
      () => store.client.call(listBillingInvoices, { query: {} }),
      (r) => r.invoices.filter((i) => i.status === 'paid').length >= 2,
      SETTLE_MS,
    );
    expect(invoices.filter((i) => i.status === 'paid').length).toBeGreaterThanOrEqual(2);
    expect(customerId).toMatch(/^cus_/);
  }, 240_000);
});
