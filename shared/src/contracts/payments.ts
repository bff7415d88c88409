import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { cents, recordId as id, text } from './fields';
import { isoDate } from './sale-schema';

/**
 * Payments to providers for sold consignments (docs/product/commerce.md#payments: the balances,
 * Pay provider, the payment detail and the payment email). A consignment is paid once: the
 * payment sets its `paymentId` in the same transaction, on condition it is sold and unpaid.
 */
export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'paypal', 'bizum', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_CONSIGNMENTS_MAX = 50;
const pageQuery = pageQueryOf(100);

export const paymentSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  /** Σ the settled consignments' prices. */
  totalAmount: cents,
  currency: z.enum(CURRENCIES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentDate: isoDate,
  notes: z.nullable(z.string()),
  /** What it settled, as it was when paid. */
  consignments: z.array(
    z.object({ id: z.string(), itemName: z.string(), itemSku: z.string(), size: z.string(), price: cents }),
  ),
  /** When the payment email to the provider was queued (null: no address or not asked). */
  emailQueuedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Pays a provider for some of its sold, unpaid consignments (same currency). Requires an
 * Idempotency-Key header. 404 PROVIDER_NOT_FOUND, CONSIGNMENT_NOT_FOUND; 409
 * CONSIGNMENT_NOT_PAYABLE (not sold, or already paid, also by a concurrent payment); 400
 * MIXED_CURRENCIES.
 */
export const paymentCreateSchema = z.strictObject({
  providerId: id,
  consignmentIds: z
    .array(id)
    .check(z.minLength(1, 'Select at least one consignment'), z.maxLength(PAYMENT_CONSIGNMENTS_MAX)),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentDate: z.optional(isoDate),
  notes: z.optional(z.nullable(text(2000))),
  /** Email the provider (send-payment-email) when it has an address (default true). */
  notifyProvider: z.optional(z.boolean()),
});
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

const paymentId = z.object({ paymentId: id });

/** The store's payments, newest first, optionally to one provider. */
export const listPayments = defineContract({
  id: 'commerce.payments.list',
  method: 'GET',
  path: '/api/payments',
  auth: 'user',
  query: z.object({ providerId: z.optional(id), ...pageQuery }),
  response: z.object({ payments: z.array(paymentSchema), ...cursorField }),
});

export const createPayment = defineContract({
  id: 'commerce.payments.create',
  method: 'POST',
  path: '/api/payments',
  auth: 'user',
  body: paymentCreateSchema,
  response: z.object({ payment: paymentSchema }),
  maxBodyBytes: 8 * 1024,
});

export const getPayment = defineContract({
  id: 'commerce.payments.get',
  method: 'GET',
  path: '/api/payments/{paymentId}',
  auth: 'user',
  params: paymentId,
  response: z.object({ payment: paymentSchema }),
});

export const providerBalanceSchema = z.object({
  providerId: z.string(),
  currency: z.enum(CURRENCIES),
  /** Σ prices of sold consignments not yet paid. */
  owed: z.int(),
  unpaidCount: z.int(),
});
export type ProviderBalance = z.infer<typeof providerBalanceSchema>;

/** What the store owes each provider (only providers with something owed), from the ledger: one Query. */
export const listProviderBalances = defineContract({
  id: 'commerce.payments.balances',
  method: 'GET',
  path: '/api/provider-balances',
  auth: 'user',
  response: z.object({ balances: z.array(providerBalanceSchema) }),
});

export const paymentsContracts = [listPayments, createPayment, getPayment, listProviderBalances] as const;
