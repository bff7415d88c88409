import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  createCheckoutSession,
  createPortalSession,
  getBillingSummary,
} from '@sneakers/shared/contracts/billing';
import { getMyProfile } from '@sneakers/shared/contracts/profiles';
import { LOCAL_BILLING_CREDENTIALS } from '../../../../localstack/src/names';
import { cloud, poll } from '../../../../tests/support/cloud-client';
import { deliver, providerEvent, storeWithProfile, subscriptionObject } from './support';

/** The SDK on the stand-in, to see what the billing service made there. */
function provider() {
  const url = new URL(cloud().stripeUrl);
  return new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

/** A store whose sign-up has reached the provider: its customer and its trial. */
async function signedUpStore() {
  const store = await storeWithProfile();
  const { billing } = await poll(
    () => store.client.call(getBillingSummary, {}),
    (r) => r.billing.hasBillingAccount,
    20_000,
  );
  expect(billing.hasBillingAccount).toBe(true);
  const { profile } = await store.client.call(getMyProfile, {});
  const customers = await provider().customers.list({ email: profile?.contactEmail ?? '', limit: 10 });
  return { ...store, profile, customers: customers.data };
}

describe('sign-up at the provider', () => {
  it('makes one customer with a trialing subscription, no card, ending with the profile trial', async () => {
    const { userId, profile, customers } = await signedUpStore();
    expect(customers.map((c) => c.metadata.userId)).toEqual([userId]);
    const subs = await poll(
      () => provider().subscriptions.list({ customer: customers[0]?.id ?? '' }),
      (list) => list.data.length > 0,
      20_000,
    );
    expect(subs.data).toHaveLength(1);
    expect(subs.data[0]).toMatchObject({
      status: 'trialing',
      trial_end: Math.floor(Date.parse(profile?.trialEndsAt ?? '') / 1000),
      metadata: { userId },
    });
  });
});

describe('checkout and portal sessions', () => {
  it("open the caller's own customer only: the portal while trialing, Checkout once canceled", async () => {
    const { client, userId, customers } = await signedUpStore();
    const customerId = customers[0]?.id ?? '';
    const portal = await client.call(createCheckoutSession, { body: {} });
    expect(portal.url).toContain(`${cloud().stripeUrl}/portal/`);
    const manage = await client.call(createPortalSession, { body: {} });
    expect(manage.url).toContain(`${cloud().stripeUrl}/portal/`);

    // The trial ended without a card: the provider canceled it.
    const subs = await provider().subscriptions.list({ customer: customerId });
    const canceled = {
      ...subscriptionObject(userId, customerId, { status: 'canceled' }),
      id: subs.data[0]?.id ?? 'sub_x',
    };
    expect(
      (
        await deliver(
          providerEvent('customer.subscription.deleted', canceled, Math.floor(Date.now() / 1000) + 5),
        )
      ).body.outcome,
    ).toBe('applied');
    const checkout = await client.call(createCheckoutSession, { body: {} });
    const id = new URL(checkout.url).pathname.split('/').pop() ?? '';
    const session = await provider().checkout.sessions.retrieve(id);
    expect(session).toMatchObject({
      customer: customerId,
      client_reference_id: userId,
      mode: 'subscription',
    });

    // Another store's session is for its own customer, whatever it sends.
    const other = await signedUpStore();
    const theirs = await other.client.call(createCheckoutSession, { body: { plan: 'store' } });
    expect(theirs.url).not.toContain(id);
  });
});
