import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { DAY, eventsOf, startHarness, type Harness } from './support/stripe-harness';

let h: Harness;
let storePrice: Stripe.Price;
let resellerPrice: Stripe.Price;

beforeAll(async () => {
  h = await startHarness();
  const product = await h.stripe.products.create({ name: 'Store plan' });
  storePrice = await h.stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: 4999,
    recurring: { interval: 'month' },
    lookup_key: 'store_monthly',
  });
  resellerPrice = await h.stripe.prices.create({
    product_data: { name: 'Reseller plan' },
    currency: 'eur',
    unit_amount: 499,
    recurring: { interval: 'month' },
    lookup_key: 'reseller_monthly',
  } as Stripe.PriceCreateParams);
});
afterAll(() => h.close());

async function trialCustomer(days = 14, price = () => storePrice) {
  const start = Math.floor(Date.UTC(2026, 0, 10) / 1000);
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await h.stripe.customers.create({
    email: `someone+${clock.id}@example.com`,
    test_clock: clock.id,
    metadata: { userId: `user-${clock.id}` },
  });
  const sub = await h.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price().id }],
    trial_end: start + days * DAY,
    trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { userId: `user-${clock.id}` },
  });
  return { start, clock, customer, sub };
}

const settle = () => h.standIn.deliveriesSettled();

describe('the Stripe stand-in through the stripe SDK', () => {
  it('refuses a bad API key with 401 in Stripe’s error shape', async () => {
    const bad = new Stripe('sk_test_wrong_key_123', {
      host: '127.0.0.1',
      port: h.standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const error = await bad.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
    const raw = await fetch(`${h.standIn.url}/v1/customers`);
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('finds prices by lookup key, and a lookup key moves only with transfer_lookup_key', async () => {
    const found = await h.stripe.prices.list({
      lookup_keys: ['store_monthly', 'reseller_monthly'],
      active: true,
    });
    expect(found.object).toBe('list');
    expect(found.data.map((p) => p.id).sort()).toEqual([storePrice.id, resellerPrice.id].sort());
    expect(found.data.find((p) => p.id === storePrice.id)).toMatchObject({
      unit_amount: 4999,
      currency: 'eur',
      recurring: { interval: 'month' },
    });
    const taken = await h.stripe.prices
      .create({
        product: storePrice.product as string,
        currency: 'eur',
        unit_amount: 5999,
        lookup_key: 'store_monthly',
      })
      .catch((e: unknown) => e);
    expect((taken as Stripe.errors.StripeError).statusCode).toBe(400);
    const missing = await h.stripe.customers.retrieve('cus_nope').catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('pages lists with limit and starting_after, and expands ids', async () => {
    await h.stripe.customers.create({ email: 'another@example.com' });
    const { customer, sub } = await trialCustomer();
    const first = await h.stripe.customers.list({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.has_more).toBe(true);
    const next = await h.stripe.customers.list({ limit: 1, starting_after: first.data[0]?.id });
    expect(next.data[0]?.id).not.toBe(first.data[0]?.id);
    const expanded = await h.stripe.subscriptions.retrieve(sub.id, {
      expand: ['latest_invoice', 'customer'],
    });
    expect((expanded.customer as Stripe.Customer).email).toBe(customer.email);
    expect((expanded.latest_invoice as Stripe.Invoice).object).toBe('invoice');
    const byEmail = await h.stripe.customers.list({ email: customer.email ?? '' });
    expect(byEmail.data.map((c) => c.id)).toEqual([customer.id]);
  });

  it('honours Idempotency-Key: the same key and body answer the first result', async () => {
    const a = await h.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'idem-1' });
    const b = await h.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'idem-1' });
    expect(b.id).toBe(a.id);
    const clash = await h.stripe.customers
      .create({ email: 'other@example.com' }, { idempotencyKey: 'idem-1' })
      .catch((e: unknown) => e);
    expect(clash).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('a trial without a card: trial_will_end 3 days before, signed; canceled past the end', async () => {
    const { start, clock, sub } = await trialCustomer();
    expect(sub.status).toBe('trialing');
    expect(sub.items.data[0]?.current_period_end).toBe(start + 14 * DAY);
    await h.advance(clock.id, start + 10 * DAY);
    await settle();
    expect(
      eventsOf(h, 'customer.subscription.trial_will_end').filter((e) => e.data.object.id === sub.id),
    ).toHaveLength(0);
    await h.advance(clock.id, start + 11 * DAY);
    await settle();
    const notice = eventsOf(h, 'customer.subscription.trial_will_end').filter(
      (e) => e.data.object.id === sub.id,
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]?.created).toBe(start + 11 * DAY);
    expect(notice[0]?.api_version).toBe('2026-10-28.endive');
    expect(h.refused).toEqual([]);
    await h.advance(clock.id, start + 14 * DAY + 60);
    await settle();
    const deleted = eventsOf(h, 'customer.subscription.deleted').filter((e) => e.data.object.id === sub.id);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.data.object.status).toBe('canceled');
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('the SDK’s generateTestHeaderString signs as the stand-in does', async () => {
    const { signatureHeader } = await import('../../src/stripe/webhooks');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const t = 1_800_000_000;
    const header = h.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x', timestamp: t });
    expect(signatureHeader(payload, 'whsec_x', t)).toBe(header);
  });

  it('a card at trial end pays (active); a failing card goes past_due, retried at +3/+5/+7 days, then canceled', async () => {
    const { start, clock, customer, sub } = await trialCustomer();
    const pm = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    expect(pm.id).not.toBe('pm_card_chargeCustomerFail');
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '0341' });
    await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    await h.advance(clock.id, start + 14 * DAY + 60);
    await settle();
    const failed = eventsOf(h, 'invoice.payment_failed').filter(
      (e) => e.data.object.customer === customer.id,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data.object.next_payment_attempt).toBe(start + 17 * DAY);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    await h.advance(clock.id, start + 21 * DAY + 60);
    await settle();
    const attempts = eventsOf(h, 'invoice.payment_failed').filter(
      (e) => e.data.object.customer === customer.id,
    );
    expect(attempts.map((e) => e.created)).toEqual([
      start + 14 * DAY,
      start + 17 * DAY,
      start + 19 * DAY,
      start + 21 * DAY,
    ]);
    expect(attempts.at(-1)?.data.object.next_payment_attempt).toBeNull();
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('renews monthly, and a plan change prorates onto the next invoice', async () => {
    const { start, clock, customer, sub } = await trialCustomer(14, () => resellerPrice);
    const pm = await h.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    await h.advance(clock.id, start + 14 * DAY + 60);
    let current = await h.stripe.subscriptions.retrieve(sub.id);
    expect(current.status).toBe('active');
    const periodEnd = current.items.data[0]?.current_period_end ?? 0;
    const periodStart = current.items.data[0]?.current_period_start ?? 0;
    // Halfway through the month: reseller → store.
    const half = periodStart + Math.floor((periodEnd - periodStart) / 2);
    await h.advance(clock.id, half);
    current = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: current.items.data[0]?.id, price: storePrice.id }],
      proration_behavior: 'create_prorations',
    });
    expect(current.items.data[0]?.price.id).toBe(storePrice.id);
    await h.advance(clock.id, periodEnd + 60);
    const invoices = await h.stripe.invoices.list({ customer: customer.id });
    const renewal = invoices.data[0];
    expect(renewal?.billing_reason).toBe('subscription_cycle');
    const prorations =
      renewal?.lines.data.filter((l) => l.parent?.subscription_item_details?.proration) ?? [];
    expect(prorations).toHaveLength(2);
    expect(prorations[0]?.amount).toBeLessThan(0);
    expect(renewal?.status).toBe('paid');
    expect(prorations[1]?.amount).toBeGreaterThan(2000);
    expect(renewal?.amount_paid).toBe(4999 + (prorations[0]?.amount ?? 0) + (prorations[1]?.amount ?? 0));
    expect(renewal?.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(renewal?.number).toMatch(/^[A-Z0-9]+-\d{4}$/);
  });

  it('cancel at period end, then resume', async () => {
    const { customer, sub, clock, start } = await trialCustomer(1);
    await h.stripe.paymentMethods
      .attach('pm_card_visa', { customer: customer.id })
      .then((pm) => h.stripe.subscriptions.update(sub.id, { default_payment_method: pm.id }));
    await h.advance(clock.id, start + DAY + 60);
    await settle();
    // A trial shorter than 3 days gets its notice at once, never dated before the subscription.
    const notice = eventsOf(h, 'customer.subscription.trial_will_end').find(
      (e) => e.data.object.id === sub.id,
    );
    expect(notice?.created).toBe(start);
    let current = await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(current.cancel_at_period_end).toBe(true);
    expect(current.cancel_at).toBe(current.items.data[0]?.current_period_end);
    current = await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(current).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await settle();
    const updates = eventsOf(h, 'customer.subscription.updated').filter((e) => e.data.object.id === sub.id);
    expect(updates.at(-1)?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });
    await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await h.advance(clock.id, (current.items.data[0]?.current_period_end ?? 0) + 60);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('retries a webhook the endpoint refused, in order', async () => {
    await settle();
    const before = h.received.length;
    h.failNext([500, 503]);
    const a = await h.stripe.customers.create({ email: 'retry-a@example.com' });
    const b = await h.stripe.customers.create({ email: 'retry-b@example.com' });
    await settle();
    const created = h.received.slice(before).filter((e) => e.type === 'customer.created');
    expect(created.map((e) => (e.data.object as Stripe.Customer).id)).toEqual([a.id, b.id]);
  });

  it('keeps its state across a restart', async () => {
    const { customer, sub } = await trialCustomer();
    await h.restart();
    expect((await h.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('trialing');
    expect((await h.stripe.prices.list({ lookup_keys: ['store_monthly'] })).data[0]?.id).toBe(storePrice.id);
  });
});

describe('customers without a test clock', () => {
  it('follow the real time: the ticker ends a trial that has run out', async () => {
    const customer = await h.stripe.customers.create({ email: 'realtime@example.com' });
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: storePrice.id }],
      trial_end: Math.floor(Date.now() / 1000) + 1,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    expect(sub.status).toBe('trialing');
    await expect
      .poll(async () => (await h.stripe.subscriptions.retrieve(sub.id)).status, {
        timeout: 5000,
        interval: 200,
      })
      .toBe('canceled');
  });
});
