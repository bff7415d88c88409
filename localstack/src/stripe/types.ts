/**
 * The stand-in's objects, kept in the shapes the `stripe` SDK (API 2026-10-28.endive) reads
 * (node_modules/stripe/esm/resources/*.d.ts), so a stored object is its own API answer. Only
 * the fields the product and its tests use carry meaning; the rest hold Stripe's defaults.
 */

export type Metadata = Record<string, string>;

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  default_price: string | null;
  images: string[];
  livemode: false;
  marketing_features: never[];
  metadata: Metadata;
  type: 'service';
  url: string | null;
}

export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  meter: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: string | null;
}

/** How a test card behaves (test-cards.ts). */
export type CardBehaviour = 'succeeds' | 'declined' | 'authentication_required' | 'charge_fails';

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: null;
    email: string | null;
    name: string | null;
    phone: null;
    tax_id: null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    regulated_status: 'unregulated';
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  created: number;
  customer: string | null;
  customer_account: null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: never[];
  metadata: Metadata;
  plan: {
    id: string;
    object: 'plan';
    active: boolean;
    amount: number;
    billing_scheme: 'per_unit';
    created: number;
    currency: string;
    interval: Recurring['interval'];
    interval_count: number;
    livemode: false;
    lookup_key?: string | null;
    metadata: Metadata;
    nickname: string | null;
    product: string;
    usage_type: 'licensed';
  };
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: never[];
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  discounts: never[];
  ended_at: number | null;
  items: ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'pause' | 'create_invoice' } };
  trial_start: number | null;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string | null;
  discount_amounts: never[];
  discountable: boolean;
  discounts: never[];
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details' | 'invoice_item_details';
    subscription_item_details: {
      invoice_item: string | null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    } | null;
    invoice_item_details: null;
  } | null;
  period: { start: number; end: number };
  pretax_credit_amounts: never[];
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  } | null;
  quantity: number;
  subscription: string | null;
  subtotal: number;
  taxes: never[];
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface Invoice {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: string | null;
  description: string | null;
  discounts: never[];
  due_date: number | null;
  effective_at: number | null;
  ending_balance: number | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  last_finalization_error: null;
  lines: ApiList<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  } | null;
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: string | null;
  total: number;
  total_excluding_tax: number;
  webhooks_delivered_at: number | null;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  capture_method: 'automatic';
  client_secret: string;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: { code: string; decline_code: string; message: string; type: 'card_error' } | null;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
}

export interface CheckoutLineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment' | 'setup' | 'subscription';
  payment_intent: string | null;
  payment_method_collection: 'always' | 'if_required' | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  ui_mode: 'hosted';
  url: string | null;
}

/** What Checkout keeps beside the session: its line items and the subscription's settings. */
export interface CheckoutExtras {
  lineItems: CheckoutLineItem[];
  subscriptionData: {
    metadata: Metadata;
    trialPeriodDays: number | null;
    description: string | null;
    missingPaymentMethod: 'cancel' | 'pause' | 'create_invoice';
  };
  paymentIntentData: { metadata: Metadata; description: string | null };
}

export interface PortalFlow {
  type:
    'payment_method_update' | 'subscription_update' | 'subscription_cancel' | 'subscription_update_confirm';
  after_completion: {
    type: 'redirect' | 'portal_homepage' | 'hosted_confirmation';
    redirect: { return_url: string } | null;
    hosted_confirmation: { custom_message: string | null } | null;
  };
  subscription_cancel: { subscription: string } | null;
  subscription_update: { subscription: string } | null;
  subscription_update_confirm: null;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: PortalFlow | null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing' | 'internal_failure';
  status_details: { advancing?: { target_frozen_time: number } };
}
