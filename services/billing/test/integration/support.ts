import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { getBillingSummary } from '@sneakers/shared/contracts/billing';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { LOCAL_BILLING_CREDENTIALS } from '../../../../localstack/src/names';
import { api, newUser, poll, raw } from '../../../../tests/support/cloud-client';

/** The set-up every billing integration test shares: users with profiles, signed webhooks. */
export const key = () => `key-${randomUUID()}`;

/** A new signed-in user, as the API client and their raw token. */
export async function signedInUser() {
  const { token } = await newUser();
  return { token, client: api(token) };
}

/** A signed-in store (or superuser) with a profile: its trial starts now. */
export async function storeWithProfile(opts: { superuser?: boolean; language?: 'en' | 'es' } = {}) {
  const { token } = await newUser(opts);
  const client = api(token);
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName: `Billing ${randomUUID().slice(0, 8)}`,
      contactEmail: `billing-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Madrid',
      instagramHandle: '',
      preferredContact: 'email',
      currency: 'EUR',
      language: opts.language ?? 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { token, client, userId: profile.userId, contactEmail: profile.contactEmail };
}

/**
 * A store whose sign-up trial the provider has started and reported: its own
 * `customer.subscription.created` webhook has been applied (the account then knows a period
 * end). A test that delivers subscription events of its own starts from here, or the sign-up's
 * event, sent a little later with a `created` second no older than the test's, could land
 * after the test's and be applied over it.
 */
export async function storeAfterSignUp(opts: { language?: 'en' | 'es' } = {}) {
  const store = await storeWithProfile(opts);
  const { billing } = await poll(
    () => store.client.call(getBillingSummary, {}),
    (r) => r.billing.currentPeriodEnd !== null,
    60_000,
  );
  if (billing.currentPeriodEnd === null) throw new Error('The sign-up trial never reached the webhook');
  return store;
}

// Only its webhook helpers are used: no request reaches a server through this client.
const stripe = new Stripe('sk_test_unused');

/** A provider event as Stripe sends it (the fields the billing service reads). */
export function providerEvent(type: string, object: Record<string, unknown>, created: number) {
  return { id: `evt_${randomUUID()}`, object: 'event', type, created, livemode: false, data: { object } };
}

/** A subscription object of the store plan for `userId`'s customer. */
export function subscriptionObject(
  userId: string,
  customerId: string,
  fields: { status: string; trial_end?: number | null; cancel_at_period_end?: boolean; period_end?: number },
) {
  const periodEnd = fields.period_end ?? Math.floor(Date.now() / 1000) + 30 * 86400;
  return {
    id: `sub_${customerId}`,
    object: 'subscription',
    customer: customerId,
    status: fields.status,
    metadata: { userId },
    trial_end: fields.trial_end ?? null,
    cancel_at_period_end: fields.cancel_at_period_end ?? false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${customerId}`,
          current_period_end: periodEnd,
          price: { lookup_key: 'sneakers_store_monthly' },
        },
      ],
    },
  };
}

/** POSTs `event` to the webhook, signed with `secret` (the local endpoint's by default). */
export async function deliver(event: unknown, secret: string = LOCAL_BILLING_CREDENTIALS.webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return postWebhook(payload, { 'stripe-signature': signature });
}

export async function postWebhook(payload: string, headers: Record<string, string>) {
  const res = await raw('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: { code: string } } };
}
