import type Stripe from 'stripe';
import { BILLING_PLANS, PLAN_LOOKUP_KEYS, type BillingPlan } from '@sneakers/shared/contracts/billing';
import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { stripeClient, type StripeClientEnv } from '@sneakers/shared/payments/stripe-client';
import {
  BadSignatureError,
  type BillingGateway,
  type PaymentCheckoutEvent,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './ports';

/**
 * The BillingGateway on the official `stripe` SDK, through the client every payment-provider
 * function shares (shared/src/payments/stripe-client.ts: the secret, the lazy SDK import and
 * the stand-in's connection options; docs/adr/0026-lazy-provider-sdk.md), so the billing
 * summary and invoices never load the SDK.
 */

/** The webhook signature's tolerance: 5 minutes, as the issue and Stripe's default say. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type GatewayEnv = StripeClientEnv & Pick<RuntimeEnv, 'BILLING_TEST_CLOCKS'>;

export class BillingProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingProviderError';
  }
}

const iso = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const STATUSES: readonly ProviderSubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'paused',
];
const INVOICE_STATUSES: readonly ProviderInvoice['status'][] = [
  'draft',
  'open',
  'paid',
  'uncollectible',
  'void',
];

function planOfLookupKey(key: string | null | undefined): BillingPlan | null {
  for (const plan of BILLING_PLANS) if (PLAN_LOOKUP_KEYS[plan] === key) return plan;
  return null;
}

function userIdOf(metadata: Stripe.Metadata | null | undefined): string | null {
  const id = metadata && Object.hasOwn(metadata, 'userId') ? metadata.userId : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
}

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  const status = STATUSES.find((s) => s === sub.status) ?? 'incomplete';
  return {
    id: sub.id,
    status,
    plan: planOfLookupKey(item?.price.lookup_key) ?? planOfLookupKey(sub.metadata.plan ?? null),
    trialEnd: iso(sub.trial_end),
    currentPeriodEnd: iso(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

function toProviderInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    status: INVOICE_STATUSES.find((s) => s === invoice.status) ?? 'open',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    createdAt: iso(invoice.created) ?? new Date(0).toISOString(),
    periodStart: iso(invoice.period_start),
    periodEnd: iso(invoice.period_end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    nextPaymentAttempt: iso(invoice.next_payment_attempt),
  };
}

function metadataText(metadata: Stripe.Metadata | null | undefined, name: string): string {
  const value = metadata && Object.hasOwn(metadata, name) ? metadata[name] : undefined;
  return typeof value === 'string' ? value : '';
}

function paymentCheckout(
  id: string,
  created: number,
  trigger: PaymentCheckoutEvent['trigger'],
  session: Stripe.Checkout.Session,
): PaymentCheckoutEvent {
  return {
    kind: 'payment_checkout',
    trigger,
    id,
    created,
    sessionId: session.id,
    purpose: metadataText(session.metadata, 'purpose'),
    reference: metadataText(session.metadata, 'reference'),
    storeUserId: metadataText(session.metadata, 'storeUserId'),
    amountTotal: session.amount_total ?? 0,
    currency: session.currency ?? '',
    paymentIntentId: idOf(session.payment_intent),
  };
}

/** The provider's event in the product's words; what the product does not act on is `unknown`. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end': {
      const sub = event.data.object;
      const trigger =
        event.type === 'customer.subscription.trial_will_end'
          ? 'trial_will_end'
          : event.type === 'customer.subscription.created'
            ? 'created'
            : event.type === 'customer.subscription.updated'
              ? 'updated'
              : 'deleted';
      return {
        ...base,
        kind: 'subscription',
        trigger,
        customerId: idOf(sub.customer) ?? '',
        userId: userIdOf(sub.metadata),
        subscription: toProviderSubscription(sub),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        kind: 'invoice',
        trigger: event.type === 'invoice.paid' ? 'paid' : 'payment_failed',
        customerId: idOf(invoice.customer) ?? '',
        userId: userIdOf(invoice.parent?.subscription_details?.metadata),
        invoice: toProviderInvoice(invoice),
      };
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'payment')
        return session.payment_status === 'paid'
          ? paymentCheckout(event.id, event.created, 'paid', session)
          : // An asynchronous payment method settles later; the product takes cards only.
            { kind: 'unknown', id: event.id, type: event.type };
      return {
        ...base,
        kind: 'checkout_completed',
        customerId: idOf(session.customer) ?? '',
        userId: session.client_reference_id ?? userIdOf(session.metadata),
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      if (session.mode !== 'payment') return { kind: 'unknown', id: event.id, type: event.type };
      return paymentCheckout(event.id, event.created, 'expired', session);
    }
    case 'payment_method.attached': {
      const method = event.data.object;
      const customerId = idOf(method.customer);
      if (!method.card || !customerId) return { kind: 'unknown', id: event.id, type: event.type };
      return {
        ...base,
        kind: 'payment_method',
        customerId,
        userId: userIdOf(method.metadata),
        card: {
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        },
      };
    }
    default:
      return { kind: 'unknown', id: event.id, type: event.type };
  }
}

/**
 * One gateway per container: the secret is read and the client built on first use, and the
 * plans' price ids (found by lookup key) are remembered. The API key and the signing secret
 * never reach a log: errors carry the SDK's error type and code only.
 */
export function createStripeGateway(env: GatewayEnv): BillingGateway {
  const connect = stripeClient(env, (message) => new BillingProviderError(message));
  let prices: Promise<Map<BillingPlan, string>> | undefined;
  const priceOf = async (plan: BillingPlan): Promise<string> => {
    const { stripe } = await connect();
    prices ??= stripe.prices
      .list({ lookup_keys: Object.values(PLAN_LOOKUP_KEYS), active: true, limit: BILLING_PLANS.length })
      .then((list) => {
        const found = new Map<BillingPlan, string>();
        for (const price of list.data) {
          const p = planOfLookupKey(price.lookup_key);
          if (p) found.set(p, price.id);
        }
        return found;
      })
      .catch((error: unknown) => {
        prices = undefined;
        throw error;
      });
    const id = (await prices).get(plan);
    if (!id) {
      prices = undefined;
      throw new BillingProviderError(
        `The provider has no price with lookup key ${PLAN_LOOKUP_KEYS[plan]} (run ensurePlanPrices).`,
      );
    }
    return id;
  };
  const unix = (isoDate: string) => Math.floor(Date.parse(isoDate) / 1000);

  const startTrial = async (
    stripe: Stripe,
    input: { customerId: string; userId: string; plan: BillingPlan; trialEnd: string },
    idempotencyKey: string | undefined,
  ) => {
    const sub = await stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: await priceOf(input.plan) }],
        trial_end: unix(input.trialEnd),
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: input.userId },
      },
      idempotencyKey ? { idempotencyKey } : undefined,
    );
    return { subscriptionId: sub.id };
  };

  return {
    async createCustomer(input) {
      const { stripe } = await connect();
      const idempotencyKey = `billing-customer-${input.userId}`;
      let testClock: string | undefined;
      if (env.BILLING_TEST_CLOCKS === 'true') {
        const clock = await stripe.testHelpers.testClocks.create(
          { frozen_time: Math.floor(Date.now() / 1000), name: input.userId },
          { idempotencyKey: `billing-clock-${input.userId}` },
        );
        testClock = clock.id;
      }
      const customer = await stripe.customers.create(
        {
          email: input.email,
          name: input.name,
          metadata: { userId: input.userId },
          ...(testClock ? { test_clock: testClock } : {}),
        },
        { idempotencyKey },
      );
      return { customerId: customer.id };
    },
    async startTrial(input) {
      const { stripe } = await connect();
      return startTrial(stripe, input, `billing-trial-${input.userId}`);
    },
    async checkoutSession(input) {
      const { stripe } = await connect();
      const withTrial = input.trialDays !== null && input.trialDays > 0;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: await priceOf(input.plan), quantity: 1 }],
        subscription_data: {
          metadata: { userId: input.userId },
          ...(withTrial ? { trial_period_days: input.trialDays ?? undefined } : {}),
        },
        payment_method_collection: withTrial ? 'if_required' : 'always',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: input.locale,
      });
      if (!session.url)
        throw new BillingProviderError('The provider answered a Checkout Session without a URL.');
      return { url: session.url };
    },
    async portalSession(input) {
      const { stripe } = await connect();
      let flowData: Stripe.BillingPortal.SessionCreateParams.FlowData | undefined;
      if (input.flow === 'payment_method_update') flowData = { type: 'payment_method_update' };
      else if (input.flow === 'subscription_update' && input.subscriptionId)
        flowData = {
          type: 'subscription_update',
          subscription_update: { subscription: input.subscriptionId },
        };
      else if (input.flow === 'subscription_cancel' && input.subscriptionId)
        flowData = {
          type: 'subscription_cancel',
          subscription_cancel: { subscription: input.subscriptionId },
        };
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        ...(flowData ? { flow_data: flowData } : {}),
      });
      return { url: session.url };
    },
    async extendTrial(input) {
      const { stripe } = await connect();
      if (input.subscriptionId) {
        const current = await stripe.subscriptions.retrieve(input.subscriptionId);
        if (current.status !== 'canceled' && current.status !== 'incomplete_expired') {
          await stripe.subscriptions.update(current.id, {
            trial_end: unix(input.trialEnd),
            proration_behavior: 'none',
          });
          return { subscriptionId: current.id };
        }
      }
      // The trial ended and the provider canceled it: a new trialing subscription, no card.
      return startTrial(stripe, input, undefined);
    },
    async cancelSubscription(subscriptionId) {
      const { stripe } = await connect();
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(subscriptionId, { prorate: false });
    },
    async parseWebhook(rawBody, signature) {
      const { stripe, sdk, secret } = await connect();
      if (!signature) throw new BadSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          secret.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof sdk.errors.StripeSignatureVerificationError) throw new BadSignatureError();
        throw error;
      }
      return toProviderEvent(event);
    },
  };
}
