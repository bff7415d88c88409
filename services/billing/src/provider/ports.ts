/**
 * The payment provider as the billing domain sees it (docs/product/billing.md): a port with
 * the product's words, so no use case imports the provider's SDK. The one adapter is
 * ./stripe-gateway.ts (the official `stripe` SDK, pointed at the local stand-in when
 * STRIPE_API_URL is set).
 */
import type { BillingPaymentMethod, BillingPlan, PortalFlow } from '@sneakers/shared/contracts/billing';

/** The provider's subscription statuses, as it names them (the domain maps them to the product's). */
export type ProviderSubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'canceled' | 'paused';

export interface ProviderSubscription {
  id: string;
  status: ProviderSubscriptionStatus;
  /** The plan of its price (by lookup key); null for a price the product does not sell. */
  plan: BillingPlan | null;
  /** ISO 8601, or null without a trial. */
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderInvoice {
  id: string;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  /** Integer cents. */
  amountDue: number;
  amountPaid: number;
  currency: string;
  createdAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  hostedInvoiceUrl: string | null;
  pdfUrl: string | null;
  /** When the provider tries the card again; null when it will not. */
  nextPaymentAttempt: string | null;
}

/** What every provider event carries: its id (the dedup key) and when it happened (the order). */
interface EventBase {
  id: string;
  /** Unix seconds on the provider's clock (a test clock's in the suites). */
  created: number;
  customerId: string;
  /** The user the provider's metadata names (set by this service on every object it creates). */
  userId: string | null;
}

/** The provider's events the product acts on, already verified and parsed. */
export type ProviderEvent =
  | (EventBase & {
      kind: 'subscription';
      /** `trial_will_end`: the provider's notice 3 days before the trial's end. */
      trigger: 'created' | 'updated' | 'deleted' | 'trial_will_end';
      subscription: ProviderSubscription;
    })
  | (EventBase & { kind: 'invoice'; trigger: 'paid' | 'payment_failed'; invoice: ProviderInvoice })
  | (EventBase & { kind: 'checkout_completed'; subscriptionId: string | null })
  | (EventBase & { kind: 'payment_method'; card: BillingPaymentMethod })
  | PaymentCheckoutEvent
  | { kind: 'unknown'; id: string; type: string };

/**
 * A Checkout Session in payment mode (a one-off card payment another service started, such
 * as a storefront purchase) was paid or expired unpaid. Billing does not interpret it: it
 * passes the session's metadata on in an event, once (docs/adr/0027-storefront-checkout.md).
 */
export interface PaymentCheckoutEvent {
  kind: 'payment_checkout';
  trigger: 'paid' | 'expired';
  id: string;
  created: number;
  sessionId: string;
  /** The metadata's `purpose`, `reference` and `storeUserId` (empty when absent). */
  purpose: string;
  reference: string;
  storeUserId: string;
  amountTotal: number;
  currency: string;
  paymentIntentId: string | null;
}

export interface CreateCustomerInput {
  userId: string;
  email: string;
  name: string;
}

export interface StartTrialInput {
  customerId: string;
  userId: string;
  plan: BillingPlan;
  /** ISO 8601. */
  trialEnd: string;
}

export interface CheckoutInput {
  customerId: string;
  userId: string;
  plan: BillingPlan;
  /** Trial days Checkout grants (only an account from before billing that has some left). */
  trialDays: number | null;
  locale: 'en' | 'es';
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  customerId: string;
  returnUrl: string;
  flow: PortalFlow | null;
  /** The subscription a subscription flow is about. */
  subscriptionId: string | null;
}

export interface ExtendTrialInput {
  customerId: string;
  userId: string;
  plan: BillingPlan;
  /** The subscription to extend; null or ended: a new trialing subscription is started. */
  subscriptionId: string | null;
  /** ISO 8601: the new end of the trial. */
  trialEnd: string;
}

export interface BillingGateway {
  /**
   * Idempotent per user: a retry of the same user's creation answers the first customer
   * (Idempotency-Key derived from the user id), never a second one.
   */
  createCustomer(input: CreateCustomerInput): Promise<{ customerId: string }>;
  /** A trialing subscription without a card; idempotent per user like the customer. */
  startTrial(input: StartTrialInput): Promise<{ subscriptionId: string }>;
  checkoutSession(input: CheckoutInput): Promise<{ url: string }>;
  portalSession(input: PortalInput): Promise<{ url: string }>;
  /** Moves the trial's end (a new trialing subscription when the old one has ended). */
  extendTrial(input: ExtendTrialInput): Promise<{ subscriptionId: string }>;
  /**
   * Cancels the subscription now, without proration (the account is closing,
   * docs/product/accounts.md#closing-the-account). An already ended one is left as it is.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Verifies the signature (and its timestamp, 5 minutes' tolerance) of a webhook body
   * before reading it; throws BadSignatureError otherwise.
   */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
}

/** A webhook whose signature is missing, wrong or too old: nothing of it is read. */
export class BadSignatureError extends Error {
  constructor() {
    super('The webhook signature is not valid.');
    this.name = 'BadSignatureError';
  }
}
