import { StripeError } from '../errors';
import { formatMoney } from '../money';
import { newId } from '../store';
import type { Customer, Invoice, InvoiceLine, Price, Subscription } from '../types';
import type { BillingCore } from './core';
import type { PaymentMethods } from './payment-methods';
import { DAY, nextPeriodEnd, periodEnd, periodStart, recurringOf, RETRY_DAYS, setPeriod } from './periods';

/** Invoices: their lines, creating and previewing them, and charging them (with the retry schedule). */
export function createInvoices(core: BillingCore, paymentMethods: PaymentMethods) {
  const { store, emit, update } = core;
  const { behaviourOf } = paymentMethods;
  const t = store.tables;

  const productName = (price: Price) => t.products.get(price.product)?.name ?? price.nickname ?? price.id;

  function line(
    sub: Subscription,
    itemId: string,
    price: Price,
    amount: number,
    quantity: number,
    start: number,
    end: number,
    proration: boolean,
    description: string,
  ): InvoiceLine {
    return {
      id: newId('il_'),
      object: 'line_item',
      amount,
      currency: price.currency,
      description,
      discount_amounts: [],
      discountable: !proration,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: {
          invoice_item: proration ? newId('ii_') : null,
          proration,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: itemId,
        },
        invoice_item_details: null,
      },
      period: { start, end },
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      quantity,
      subscription: sub.id,
      subtotal: amount,
      taxes: [],
    };
  }

  /**
   * An invoice for the subscription's current period (finalized at once: Stripe's hour as a
   * draft adds nothing here), with any pending prorations. `amount` 0 is a trial's invoice.
   */
  function createInvoice(
    sub: Subscription,
    reason: Invoice['billing_reason'],
    at: number,
    amount?: number,
    onlyLines?: InvoiceLine[],
    preview = false,
  ): Invoice {
    const customer = t.customers.get(sub.customer);
    const id = preview ? newId('upcoming_in_') : newId('in_');
    const start = periodStart(sub);
    const end = periodEnd(sub);
    const lines = onlyLines ?? [
      ...(store.internal.pendingProrations.get(sub.id) ?? []),
      ...sub.items.data.map((i) =>
        line(
          sub,
          i.id,
          i.price,
          amount ?? i.price.unit_amount * i.quantity,
          i.quantity,
          start,
          end,
          false,
          `${i.quantity} × ${productName(i.price)} (${sub.status === 'trialing' && amount === 0 ? 'Trial period' : `at ${formatMoney(i.price.unit_amount, i.price.currency)} / ${i.price.recurring?.interval ?? 'month'}`})`,
        ),
      ),
    ];
    if (!onlyLines && !preview) store.internal.pendingProrations.delete(sub.id);
    for (const l of lines) l.invoice = id;
    const total = Math.max(
      0,
      lines.reduce((n, l) => n + l.amount, 0),
    );
    const base = core.baseUrl();
    let number: string | null = null;
    if (customer && !preview) {
      number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
      customer.next_invoice_sequence += 1;
    }
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'IE',
      account_name: 'Sneakers CRM (local)',
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: sub.currency,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: [],
      due_date: null,
      effective_at: at,
      ending_balance: 0,
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      },
      period_end: reason === 'subscription_cycle' ? start : at,
      period_start: reason === 'subscription_cycle' ? start : at,
      starting_balance: 0,
      status: 'open',
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: sub.test_clock,
      total,
      total_excluding_tax: total,
      webhooks_delivered_at: at,
    };
    if (preview)
      return {
        ...invoice,
        status: 'draft',
        hosted_invoice_url: null,
        invoice_pdf: null,
        next_payment_attempt: at,
        status_transitions: { ...invoice.status_transitions, finalized_at: null },
        webhooks_delivered_at: null,
      };
    t.invoices.set(id, invoice);
    store.changed();
    emit('invoice.created', invoice, at);
    emit('invoice.finalized', invoice, at);
    return invoice;
  }

  /**
   * Charges an open invoice with a payment method: paid → `invoice.paid` (and a past_due or
   * incomplete subscription becomes active); failed → `invoice.payment_failed` with the next
   * retry, and an active subscription becomes past_due. Off-session, a card that needs
   * authentication fails as Stripe's does.
   */
  function payInvoice(
    invoice: Invoice,
    pmId: string | null,
    at: number,
    options: { first?: boolean; authenticated?: boolean } = {},
  ): boolean {
    if (invoice.status !== 'open') return invoice.status === 'paid';
    const sub = invoice.parent
      ? t.subscriptions.get(invoice.parent.subscription_details.subscription)
      : undefined;
    const needsCharge = invoice.amount_due > 0;
    const behaviour = behaviourOf(pmId);
    // On a hosted page the customer can pass 3-D Secure; off-session such a card fails.
    const succeeded =
      !needsCharge ||
      behaviour === 'succeeds' ||
      (behaviour === 'authentication_required' && options.authenticated === true);
    if (needsCharge) {
      invoice.attempted = true;
      invoice.attempt_count += 1;
    }
    if (succeeded) {
      update('invoice.updated', invoice, at, (i) => {
        i.status = 'paid';
        i.amount_paid = i.amount_due;
        i.amount_remaining = 0;
        i.next_payment_attempt = null;
        i.default_payment_method = needsCharge ? pmId : null;
        i.status_transitions = { ...i.status_transitions, paid_at: at };
      });
      store.internal.firstFailure.delete(invoice.id);
      emit('invoice.paid', invoice, at);
      emit('invoice.payment_succeeded', invoice, at);
      if (
        sub &&
        (sub.status === 'past_due' || sub.status === 'unpaid') &&
        !hasOtherOpenInvoice(sub, invoice.id)
      )
        update('customer.subscription.updated', sub, at, (s) => {
          s.status = 'active';
        });
      if (
        sub &&
        pmId &&
        needsCharge &&
        sub.payment_settings.save_default_payment_method === 'on_subscription' &&
        !sub.default_payment_method
      )
        update('customer.subscription.updated', sub, at, (s) => {
          s.default_payment_method = pmId;
        });
      return true;
    }
    const first = store.internal.firstFailure.get(invoice.id) ?? at;
    store.internal.firstFailure.set(invoice.id, first);
    const retry = RETRY_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt =
      options.first || retry === undefined || !sub || sub.status === 'canceled' ? null : first + retry * DAY;
    store.changed();
    emit('invoice.payment_failed', invoice, at);
    return false;
  }

  function hasOtherOpenInvoice(sub: Subscription, except: string) {
    for (const i of t.invoices.values())
      if (i.id !== except && i.status === 'open' && i.parent?.subscription_details.subscription === sub.id)
        return true;
    return false;
  }

  /** Pays the customer's open invoices with a payment method at once (the portal's card update). */
  function payOpenInvoices(customer: Customer, pmId: string, at: number) {
    for (const invoice of [...t.invoices.values()])
      if (invoice.customer === customer.id && invoice.status === 'open') {
        const sub = invoice.parent
          ? t.subscriptions.get(invoice.parent.subscription_details.subscription)
          : undefined;
        if (sub?.status === 'canceled') continue;
        payInvoice(invoice, pmId, at);
      }
  }

  /**
   * The next invoice, not saved (`POST /v1/invoices/create_preview`): the next period at the
   * current price with the pending prorations, charged at the period's (or trial's) end.
   */
  function previewInvoice(sub: Subscription): Invoice {
    if (sub.status === 'canceled' || sub.cancel_at_period_end || sub.status === 'paused')
      throw new StripeError(
        400,
        'invalid_request_error',
        `No upcoming invoices for customer: ${sub.customer}`,
        'invoice_upcoming_none',
      );
    const next = structuredClone(sub);
    const start = periodEnd(sub);
    setPeriod(next, start, nextPeriodEnd(recurringOf(sub), start));
    next.status = 'active';
    return createInvoice(next, 'subscription_cycle', start, undefined, undefined, true);
  }

  return { line, productName, createInvoice, payInvoice, payOpenInvoices, previewInvoice };
}

export type Invoices = ReturnType<typeof createInvoices>;
