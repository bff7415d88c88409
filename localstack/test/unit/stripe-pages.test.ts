import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { DAY, eventsOf, planPrices, startHarness, type Harness } from './support/stripe-harness';

/** The hosted pages driven as an integration test would: plain fetch posts of the documented fields. */

let h: Harness;
let store: Stripe.Price;
let reseller: Stripe.Price;

beforeAll(async () => {
  h = await startHarness();
  ({ store, reseller } = await planPrices(h));
});
afterAll(() => h.close());

const card = (number: string) => ({
  card_number: number,
  card_expiry: '12/34',
  card_cvc: '123',
  cardholder_name: 'Ada Lovelace',
});

function post(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

async function clockCustomer() {
  const start = Math.floor(Date.UTC(2026, 2, 1) / 1000);
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await h.stripe.customers.create({
    email: `${clock.id}@example.com`,
    test_clock: clock.id,
  });
  return { start, clock, customer };
}

async function subscriptionCheckout(
  customer: string,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
) {
  return h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: 'user-1',
    line_items: [{ price: store.id, quantity: 1 }],
    subscription_data: { metadata: { userId: 'user-1' } },
    payment_method_collection: 'always',
    success_url: 'http://app.local/dashboard/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.local/dashboard/billing?checkout=cancelled',
    ...extra,
  });
}

describe('hosted Checkout', () => {
  it('subscription mode with 4242: redirects to success_url, subscription active, invoice paid, events sent', async () => {
    const { customer } = await clockCustomer();
    const session = await subscriptionCheckout(customer.id);
    expect(session.url).toBe(`${h.standIn.url}/checkout/${session.id}`);
    const pageHtml = await (await fetch(session.url ?? '')).text();
    expect(pageHtml).toContain('<label for="card_number">Card number</label>');
    expect(pageHtml).toContain('4000 0025 0000 3155');
    const res = await post(session.url ?? '', card('4242 4242 4242 4242'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `http://app.local/dashboard/billing?checkout=success&session_id=${session.id}`,
    );
    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('active');
    expect(sub.metadata).toEqual({ userId: 'user-1' });
    const invoice = await h.stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 4999 });
    await h.standIn.deliveriesSettled();
    expect(eventsOf(h, 'checkout.session.completed').map((e) => e.data.object.id)).toContain(session.id);
    expect(eventsOf(h, 'invoice.paid').map((e) => e.data.object.id)).toContain(invoice.id);
    const html = await fetch(invoice.hosted_invoice_url ?? '');
    expect(await html.text()).toContain(invoice.number ?? 'none');
    const pdf = await fetch(invoice.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes).toContain('EUR 49.99');
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('a declined card shows the error on the page and leaves the session open', async () => {
    const { customer } = await clockCustomer();
    const session = await subscriptionCheckout(customer.id);
    const res = await post(session.url ?? '', card('4000000000000002'));
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('role="alert">Your card was declined.');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('3-D Secure: Fail returns to the page with the error; Complete succeeds', async () => {
    const { customer } = await clockCustomer();
    const session = await subscriptionCheckout(customer.id);
    const first = await post(session.url ?? '', card('4000002500003155'));
    expect(first.status).toBe(303);
    const step = new URL(first.headers.get('location') ?? '', h.standIn.url).toString();
    expect(await (await fetch(step)).text()).toContain('Complete authentication');
    const failed = await post(step, { outcome: 'fail' });
    const back = new URL(failed.headers.get('location') ?? '', h.standIn.url).toString();
    expect(await (await fetch(back)).text()).toContain('unable to authenticate');
    const again = await post(session.url ?? '', card('4000002500003155'));
    const step2 = new URL(again.headers.get('location') ?? '', h.standIn.url).toString();
    const ok = await post(step2, { outcome: 'complete' });
    expect(ok.headers.get('location')).toContain(`session_id=${session.id}`);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });

  it('a trial with payment_method_collection if_required needs no card', async () => {
    const { customer } = await clockCustomer();
    const session = await subscriptionCheckout(customer.id, {
      payment_method_collection: 'if_required',
      subscription_data: { trial_period_days: 7, metadata: { userId: 'user-2' } },
    });
    expect(session.amount_total).toBe(0);
    const res = await post(session.url ?? '', {});
    expect(res.status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.payment_status).toBe('no_payment_required');
    expect((done.subscription as Stripe.Subscription).status).toBe('trialing');
  });

  it('payment mode with price_data creates a succeeded PaymentIntent; expire closes a session', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 12000, product_data: { name: 'Air Max 1' } },
          quantity: 2,
        },
      ],
      success_url: 'http://app.local/shop/done?session_id={CHECKOUT_SESSION_ID}',
      customer_email: 'buyer@example.com',
    });
    expect(session.amount_total).toBe(24000);
    const res = await post(session.url ?? '', card('4242424242424242'));
    expect(res.headers.get('location')).toBe(`http://app.local/shop/done?session_id=${session.id}`);
    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done.payment_status).toBe('paid');
    expect(done.payment_intent as Stripe.PaymentIntent).toMatchObject({ status: 'succeeded', amount: 24000 });
    const other = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'Laces' } } }],
      success_url: 'http://app.local/x',
    });
    expect((await h.stripe.checkout.sessions.expire(other.id)).status).toBe('expired');
    expect((await fetch(other.url ?? '')).status).toBe(410);
  });
});

describe('hosted portal', () => {
  it('0341 at renewal → past_due with retries; updating the card in the portal pays the invoice → active', async () => {
    const { start, clock, customer } = await clockCustomer();
    const session = await subscriptionCheckout(customer.id);
    await post(session.url ?? '', card('4242424242424242'));
    const { subscription } = await h.stripe.checkout.sessions.retrieve(session.id);
    const subId = subscription as string;
    // Swap to the card that attaches but fails every charge, through the portal.
    const portal = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.local/dashboard/billing',
      flow_data: { type: 'payment_method_update' },
    });
    expect(portal.url).toBe(`${h.standIn.url}/portal/${portal.id}`);
    const swap = await post(`${portal.url}/payment-method`, card('4000000000000341'));
    expect(swap.status).toBe(303);
    const sub = await h.stripe.subscriptions.retrieve(subId);
    const periodEnd = sub.items.data[0]?.current_period_end ?? 0;
    await h.advance(clock.id, periodEnd + 60);
    await h.standIn.deliveriesSettled();
    const failed = eventsOf(h, 'invoice.payment_failed').filter(
      (e) => e.data.object.customer === customer.id,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data.object.next_payment_attempt).toBe(periodEnd + 3 * DAY);
    expect((await h.stripe.subscriptions.retrieve(subId)).status).toBe('past_due');
    await h.advance(clock.id, periodEnd + 3 * DAY + 60);
    expect(
      (await h.stripe.invoices.list({ customer: customer.id, status: 'open' })).data[0]?.attempt_count,
    ).toBe(2);
    // The page shows the plan, the card and the invoices.
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Past due');
    expect(html).toContain('•••• 0341');
    expect(html).toContain('Return to Sneakers');
    const fixed = await post(`${portal.url}/payment-method`, card('4242424242424242'));
    expect(fixed.status).toBe(303);
    expect((await h.stripe.subscriptions.retrieve(subId)).status).toBe('active');
    expect((await h.stripe.invoices.list({ customer: customer.id, status: 'open' })).data).toHaveLength(0);
    expect(start).toBeLessThan(periodEnd);
  });

  it('change plan (prorated), cancel at period end, resume; a flow with a redirect goes back', async () => {
    const { customer } = await clockCustomer();
    const session = await subscriptionCheckout(customer.id);
    await post(session.url ?? '', card('4242424242424242'));
    const subId = (await h.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const portal = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.local/dashboard/billing',
    });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Switch to Sneakers CRM: reseller plan');
    const change = await post(`${portal.url}/plan`, { subscription: subId, price: reseller.id });
    expect(change.headers.get('location')).toBe(`/portal/${portal.id}?done=plan`);
    expect((await h.stripe.subscriptions.retrieve(subId)).items.data[0]?.price.id).toBe(reseller.id);
    await post(`${portal.url}/cancel`, { subscription: subId });
    expect((await h.stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Resume subscription');
    await post(`${portal.url}/resume`, { subscription: subId });
    expect((await h.stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(false);
    const flow = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.local/dashboard/billing',
      flow_data: {
        type: 'subscription_cancel',
        subscription_cancel: { subscription: subId },
        after_completion: {
          type: 'redirect',
          redirect: { return_url: 'http://app.local/dashboard/billing?canceled=1' },
        },
      },
    });
    const cancelled = await post(`${flow.url}/cancel`, { subscription: subId });
    expect(cancelled.headers.get('location')).toBe('http://app.local/dashboard/billing?canceled=1');
  });
});
