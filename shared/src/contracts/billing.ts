import * as z from 'zod/mini';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { ROLES, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from './profile-values';

/**
 * The billing domain's HTTP contracts (services/billing, docs/product/billing.md): the
 * billing section's summary and invoices, the checkout and portal sessions it opens at the
 * payment provider, the provider's signed webhook, and the superuser's trial extension.
 */
export const BILLING_PAGE_SIZE_MAX = 50;

/** The paid plans: one per role, monthly, in integer cents (docs/product/constants.md#accounts-and-plans). */
export const BILLING_PLANS = ROLES;
export type BillingPlan = (typeof BILLING_PLANS)[number];
/**
 * The provider's price of each plan is found by this lookup key, so the same code runs
 * against the local stand-in and any Stripe account (services/billing/README.md#set-up).
 */
export const PLAN_LOOKUP_KEYS: Readonly<Record<BillingPlan, string>> = {
  store: 'sneakers_store_monthly',
  reseller: 'sneakers_reseller_monthly',
};

export const paymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});
export type BillingPaymentMethod = z.infer<typeof paymentMethodSchema>;

export const billingSummarySchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The profile's plan field as feature access rules see it ('trial' or 'standard'). */
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  /** Which price the account is (or will be) billed: its role's, unless changed in the portal. */
  plan: z.enum(BILLING_PLANS),
  price: z.object({ amount: z.number(), currency: z.literal('EUR'), interval: z.literal('month') }),
  trialEndsAt: z.string(),
  trialDaysLeft: z.number(),
  /** The end of the paid period (renewal or, when cancelling, the last day of access). */
  currentPeriodEnd: z.nullable(z.string()),
  cancelAtPeriodEnd: z.boolean(),
  nextInvoice: z.nullable(z.object({ date: z.string(), amount: z.number(), currency: z.literal('EUR') })),
  paymentMethod: z.nullable(paymentMethodSchema),
  pastDueSince: z.nullable(z.string()),
  graceEndsAt: z.nullable(z.string()),
  canWrite: z.boolean(),
  banner: z.nullable(z.enum(['trial_ending', 'past_due', 'canceled'])),
  /** false until the provider knows the account (sign-up creates the customer in the background). */
  hasBillingAccount: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const getBillingSummary = defineContract({
  id: 'billing.summary.get',
  method: 'GET',
  path: '/api/billing',
  auth: 'user',
  response: z.object({ billing: billingSummarySchema }),
});

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.nullable(z.string()),
  status: z.enum(INVOICE_STATUSES),
  /** Integer cents. */
  amountDue: z.number(),
  amountPaid: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  periodStart: z.nullable(z.string()),
  periodEnd: z.nullable(z.string()),
  hostedInvoiceUrl: z.nullable(z.string()),
  pdfUrl: z.nullable(z.string()),
});
export type BillingInvoice = z.infer<typeof invoiceSchema>;

export const listBillingInvoices = defineContract({
  id: 'billing.invoices.list',
  method: 'GET',
  path: '/api/billing/invoices',
  auth: 'user',
  query: z.object(pageQuery(BILLING_PAGE_SIZE_MAX)),
  response: z.object({ invoices: z.array(invoiceSchema), ...cursorField }),
});

const sessionResponse = z.object({ url: z.string() });

/**
 * Opens a Checkout Session for the caller's own customer (never one named in the request).
 * Not a change of anything the user owns until the provider's webhook says they paid, so
 * it is allowed while read-only.
 */
export const createCheckoutSession = defineContract({
  id: 'billing.checkout.create',
  method: 'POST',
  path: '/api/billing/checkout-session',
  auth: 'user',
  body: z.strictObject({ plan: z.optional(z.enum(BILLING_PLANS)) }),
  response: sessionResponse,
  maxBodyBytes: 1024,
  subscriptionExempt: true,
});

export const PORTAL_FLOWS = ['payment_method_update', 'subscription_update', 'subscription_cancel'] as const;
export type PortalFlow = (typeof PORTAL_FLOWS)[number];

/** Opens the provider's customer portal for the caller's own customer, optionally at one flow. */
export const createPortalSession = defineContract({
  id: 'billing.portal.create',
  method: 'POST',
  path: '/api/billing/portal-session',
  auth: 'user',
  body: z.strictObject({ flow: z.optional(z.enum(PORTAL_FLOWS)) }),
  response: sessionResponse,
  maxBodyBytes: 1024,
  subscriptionExempt: true,
});

/**
 * The payment provider's webhook: public, but only a body signed with the endpoint's secret
 * (`Stripe-Signature: t=…,v1=…`, 5 minutes' tolerance) is read; 400 otherwise. The body is
 * handed over raw: the signature covers its exact bytes.
 */
export const receiveBillingWebhook = defineContract({
  id: 'billing.webhook.receive',
  method: 'POST',
  path: '/api/billing/webhook',
  auth: 'public',
  body: z.string(),
  rawBody: true,
  response: z.object({
    received: z.literal(true),
    outcome: z.enum(['applied', 'duplicate', 'stale', 'ignored']),
  }),
  maxBodyBytes: 256 * 1024,
  kind: 'plumbing',
});

export const TRIAL_EXTENSION_MAX_DAYS = 90;

/** A superuser extends one user's trial (audited like every admin action). */
export const extendTrial = defineContract({
  id: 'billing.admin.extendTrial',
  method: 'POST',
  path: '/api/admin/users/{userId}/trial-extension',
  auth: 'user',
  superuserOnly: true,
  params: z.strictObject({ userId: z.string().check(z.minLength(1), z.maxLength(128)) }),
  body: z.strictObject({
    days: z
      .number('Enter a number of days')
      .check(
        z.int('Enter a whole number of days'),
        z.minimum(1, 'Extend by at least 1 day'),
        z.maximum(TRIAL_EXTENSION_MAX_DAYS, `Extend by at most ${TRIAL_EXTENSION_MAX_DAYS} days`),
      ),
  }),
  response: z.object({ trialEndsAt: z.string() }),
  maxBodyBytes: 1024,
  subscriptionExempt: true,
});

export const billingContracts = [
  getBillingSummary,
  listBillingInvoices,
  createCheckoutSession,
  createPortalSession,
  receiveBillingWebhook,
  extendTrial,
] as const;
