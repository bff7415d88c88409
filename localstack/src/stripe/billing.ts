import { createHash } from 'node:crypto';
import { declined, invalid, missing, type StripeError } from './errors';
import { newId, nowSeconds, type Store } from './store';
import { cardByNumber, cardByPaymentMethod, type TestCard } from './test-cards';
import type {
  Customer,
  Invoice,
  InvoiceLine,
  Metadata,
  PaymentMethod,
  Price,
  Subscription,
  SubscriptionItem,
} from './types';
import { previousAttributes, type Webhooks } from './webhooks';

/**
 * What Stripe Billing does, shared by the API routes, the hosted pages and the clock:
 * payment methods, subscriptions, invoices and charges, each change announced as an event
 * dated by the customer's clock (its test clock, or the real time).
 */

export const DAY = 86_400;
/** Retries after a failed charge, counted from the first failure (the brief's schedule). */
export const RETRY_DAYS = [3, 5, 7] as const;
export const TRIAL_WILL_END_SECONDS = 3 * DAY;

export interface BillingContext {
  store: Store;
  webhooks: Webhooks;
  baseUrl: () => string;
}

export function addInterval(seconds: number, interval: string, count = 1): number {
  const d = new Date(seconds * 1000);
  if (interval === 'day') return seconds + count * DAY;
  if (interval === 'week') return seconds + count * 7 * DAY;
  const months = interval === 'year' ? 12 * count : count;
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function createBilling(ctx: BillingContext) {
  const { store, webhooks } = ctx;
  const t = store.tables;

  function clockTime(customerId: string | null | undefined): number {
    const customer = customerId ? t.customers.get(customerId) : undefined;
    const clock = customer?.test_clock ? t.testClocks.get(customer.test_clock) : undefined;
    return clock ? clock.frozen_time : nowSeconds();
  }

  function emit(type: string, object: unknown, at: number, previous?: Record<string, unknown>) {
    webhooks.emit(type, object, at, previous);
  }

  /** Applies `change` to an object and announces `<type>` with its previous attributes. */
  function update<T extends object>(type: string, object: T, at: number, change: (o: T) => void) {
    const before = structuredClone(object);
    change(object);
    const previous = previousAttributes(before, object);
    store.changed();
    if (Object.keys(previous).length > 0) emit(type, object, at, previous);
  }

  // Payment methods -----------------------------------------------------------------

  function newCard(card: TestCard, exp: { month: number; year: number }, name: string | null, at: number) {
    const pm: PaymentMethod = {
      id: newId('pm_'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name, phone: null, tax_id: null },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: exp.month,
        exp_year: exp.year,
        fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
        funding: 'credit',
        generated_from: null,
        last4: card.number.slice(-4),
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: at,
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    t.paymentMethods.set(pm.id, pm);
    store.internal.cards.set(pm.id, card.behaviour);
    store.changed();
    return pm;
  }

  /** A card typed on a hosted page (number, MM/YY expiry, CVC, name). */
  function cardFromForm(form: { number?: string; expiry?: string; cvc?: string; name?: string }, at: number) {
    const card = cardByNumber(form.number ?? '');
    if (!card) throw declined('Your card number is invalid.', 'invalid_number', 'invalid_number');
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
    if (!match)
      throw declined("Your card's expiration date is incomplete.", 'invalid_expiry', 'invalid_expiry_month');
    const month = Number(match[1]);
    const year = Number(match[2]) < 100 ? 2000 + Number(match[2]) : Number(match[2]);
    const nowDate = new Date(at * 1000);
    if (month < 1 || month > 12)
      throw declined("Your card's expiration month is invalid.", 'invalid_expiry', 'invalid_expiry_month');
    if (
      year < nowDate.getUTCFullYear() ||
      (year === nowDate.getUTCFullYear() && month < nowDate.getUTCMonth() + 1)
    )
      throw declined("Your card's expiration date is in the past.", 'expired_card', 'expired_card');
    if (!/^\d{3,4}$/.test(form.cvc ?? ''))
      throw declined("Your card's security code is incomplete.", 'incorrect_cvc', 'incorrect_cvc');
    return newCard(card, { month, year }, form.name?.trim() || null, at);
  }

  function behaviourOf(pmId: string | null | undefined) {
    return pmId ? store.internal.cards.get(pmId) : undefined;
  }

  /** Attaches a payment method (a `pm_card_…` test id is cloned first, as Stripe does). */
  function attach(pmId: string, customerId: string, at: number): PaymentMethod {
    const customer = t.customers.get(customerId);
    if (!customer) throw missing('customer', customerId, 'customer');
    let pm = t.paymentMethods.get(pmId);
    if (!pm) {
      const test = cardByPaymentMethod(pmId);
      if (!test) throw missing('PaymentMethod', pmId, 'payment_method');
      const year = new Date(at * 1000).getUTCFullYear() + 3;
      pm = newCard(test, { month: 12, year }, null, at);
    }
    if (pm.customer && pm.customer !== customerId)
      throw invalid(
        'payment_method',
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      );
    if (behaviourOf(pm.id) === 'declined') throw declined('Your card was declined.', 'generic_decline');
    if (pm.customer === customerId) return pm;
    pm.customer = customerId;
    store.changed();
    emit('payment_method.attached', pm, at);
    return pm;
  }

  function detach(pm: PaymentMethod, at: number) {
    const customerId = pm.customer;
    if (!customerId)
      throw invalid(
        'payment_method',
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    const before = structuredClone(pm);
    pm.customer = null;
    const customer = t.customers.get(customerId);
    if (customer?.invoice_settings.default_payment_method === pm.id)
      update('customer.updated', customer, at, (c) => {
        c.invoice_settings = { ...c.invoice_settings, default_payment_method: null };
      });
    for (const sub of t.subscriptions.values())
      if (sub.default_payment_method === pm.id)
        update('customer.subscription.updated', sub, at, (s) => {
          s.default_payment_method = null;
        });
    store.changed();
    emit('payment_method.detached', pm, at, { customer: before.customer });
    return pm;
  }

  function setDefaultPaymentMethod(customer: Customer, pmId: string | null, at: number) {
    update('customer.updated', customer, at, (c) => {
      c.invoice_settings = { ...c.invoice_settings, default_payment_method: pmId };
    });
  }

  function paymentMethodFor(sub: Subscription | undefined, customer: Customer | undefined) {
    return sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
  }

  // Subscriptions ---------------------------------------------------------------------

  function item(subId: string, price: Price, quantity: number, start: number, end: number): SubscriptionItem {
    return {
      id: newId('si_', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: start,
      current_period_end: end,
      current_period_start: start,
      discounts: [],
      metadata: {},
      plan: planOf(price),
      price: structuredClone(price),
      quantity,
      subscription: subId,
      tax_rates: [],
    };
  }

  function planOf(price: Price): SubscriptionItem['plan'] {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval ?? 'month',
      interval_count: price.recurring?.interval_count ?? 1,
      livemode: false,
      metadata: price.metadata,
      nickname: price.nickname,
      product: price.product,
      usage_type: 'licensed',
    };
  }

  const periodEnd = (sub: Subscription) => sub.items.data[0]?.current_period_end ?? sub.billing_cycle_anchor;
  const periodStart = (sub: Subscription) => sub.items.data[0]?.current_period_start ?? sub.start_date;

  function setPeriod(sub: Subscription, start: number, end: number) {
    sub.items.data = sub.items.data.map((i) => ({
      ...i,
      current_period_start: start,
      current_period_end: end,
    }));
  }

  function nextPeriodEnd(sub: Subscription, start: number) {
    const recurring = sub.items.data[0]?.price.recurring;
    return addInterval(start, recurring?.interval ?? 'month', recurring?.interval_count ?? 1);
  }

  interface NewSubscription {
    customer: Customer;
    items: { price: Price; quantity: number }[];
    trialEnd: number | null;
    missingPaymentMethod: Subscription['trial_settings']['end_behavior']['missing_payment_method'];
    saveDefault: 'off' | 'on_subscription';
    defaultPaymentMethod: string | null;
    metadata: Metadata;
    description: string | null;
    /** Stripe's payment_behavior: 'error_if_incomplete' refuses a failed first charge. */
    paymentBehavior: 'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete';
    /** The first charge is made on a hosted page, 3-D Secure passed. */
    authenticated?: boolean;
  }

  function createSubscription(input: NewSubscription, at: number): Subscription {
    const id = newId('sub_');
    const first = input.items[0];
    if (!first) throw invalid('items', 'A subscription needs at least one item.');
    for (const i of input.items)
      if (!i.price.recurring)
        throw invalid(
          'items',
          `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        );
    const trialing = input.trialEnd !== null && input.trialEnd > at;
    const start = at;
    const probe = { items: { data: [{ price: first.price }] } } as unknown as Subscription;
    const end = trialing ? (input.trialEnd ?? at) : nextPeriodEnd(probe, start);
    const sub: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: end,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: at,
      currency: first.price.currency,
      customer: input.customer.id,
      default_payment_method: input.defaultPaymentMethod,
      description: input.description,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: input.items.map((i) => item(id, i.price, i.quantity, start, end)),
        has_more: false,
        total_count: input.items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: input.saveDefault,
      },
      pending_update: null,
      schedule: null,
      start_date: at,
      status: trialing ? 'trialing' : 'incomplete',
      test_clock: input.customer.test_clock,
      trial_end: trialing ? input.trialEnd : null,
      trial_settings: { end_behavior: { missing_payment_method: input.missingPaymentMethod } },
      trial_start: trialing ? at : null,
    };
    const pm = paymentMethodFor(sub, input.customer);
    if (!trialing && !pm && input.paymentBehavior !== 'default_incomplete')
      throw invalid(
        'default_payment_method',
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      );
    t.subscriptions.set(id, sub);
    store.changed();
    const invoice = createInvoice(sub, 'subscription_create', at, trialing ? 0 : undefined);
    sub.latest_invoice = invoice.id;
    if (trialing) {
      emit('customer.subscription.created', sub, at);
      payInvoice(invoice, null, at);
      return sub;
    }
    const paid =
      input.paymentBehavior === 'default_incomplete'
        ? false
        : payInvoice(invoice, pm, at, { first: true, authenticated: input.authenticated });
    sub.status = paid ? 'active' : 'incomplete';
    emit('customer.subscription.created', sub, at);
    return sub;
  }

  function cancelSubscription(sub: Subscription, at: number, reason: string) {
    if (sub.status === 'canceled') return sub;
    const before = structuredClone(sub);
    sub.status = 'canceled';
    sub.canceled_at = sub.canceled_at ?? at;
    sub.ended_at = at;
    sub.cancellation_details = { comment: null, feedback: null, reason };
    store.internal.pendingProrations.delete(sub.id);
    for (const invoice of t.invoices.values())
      if (invoice.parent?.subscription_details.subscription === sub.id && invoice.status === 'open')
        invoice.next_payment_attempt = null;
    store.changed();
    emit('customer.subscription.deleted', sub, at, previousAttributes(before, sub));
    return sub;
  }

  /** The item's price swapped; `create_prorations` bills the rest of the period at the new price on the next invoice. */
  function changePrice(
    sub: Subscription,
    itemId: string | undefined,
    price: Price,
    prorationBehavior: 'create_prorations' | 'none' | 'always_invoice',
    at: number,
  ) {
    const target = sub.items.data.find((i) => i.id === itemId) ?? sub.items.data[0];
    if (!target) throw invalid('items', 'The subscription has no item.');
    if (target.price.id === price.id) return;
    const old = target.price;
    const start = target.current_period_start;
    const end = target.current_period_end;
    const prorate = prorationBehavior !== 'none' && sub.status !== 'trialing' && end > at;
    update('customer.subscription.updated', sub, at, (s) => {
      s.items.data = s.items.data.map((i) =>
        i.id === target.id ? { ...i, price: structuredClone(price), plan: planOf(price) } : i,
      );
    });
    if (!prorate) return;
    const fraction = (end - at) / Math.max(1, end - start);
    const quantity = target.quantity;
    const lines = [
      line(
        sub,
        target.id,
        old,
        -Math.round(old.unit_amount * quantity * fraction),
        quantity,
        at,
        end,
        true,
        `Unused time on ${productName(old)} after ${day(at)}`,
      ),
      line(
        sub,
        target.id,
        price,
        Math.round(price.unit_amount * quantity * fraction),
        quantity,
        at,
        end,
        true,
        `Remaining time on ${productName(price)} after ${day(at)}`,
      ),
    ];
    if (prorationBehavior === 'always_invoice') {
      const invoice = createInvoice(sub, 'subscription_update', at, undefined, lines);
      sub.latest_invoice = invoice.id;
      payInvoice(invoice, paymentMethodFor(sub, t.customers.get(sub.customer)), at);
      return;
    }
    store.internal.pendingProrations.set(sub.id, [
      ...(store.internal.pendingProrations.get(sub.id) ?? []),
      ...lines,
    ]);
    store.changed();
  }

  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  const productName = (price: Price) => t.products.get(price.product)?.name ?? price.nickname ?? price.id;

  // Invoices --------------------------------------------------------------------------

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
  ): Invoice {
    const customer = t.customers.get(sub.customer);
    const id = newId('in_');
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
    if (!onlyLines) store.internal.pendingProrations.delete(sub.id);
    for (const l of lines) l.invoice = id;
    const total = Math.max(
      0,
      lines.reduce((n, l) => n + l.amount, 0),
    );
    const base = ctx.baseUrl();
    let number: string | null = null;
    if (customer) {
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

  // The clock's transitions ------------------------------------------------------------

  /** When a subscription next needs the clock, or undefined. */
  function nextDue(sub: Subscription): number | undefined {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.status === 'paused')
      return undefined;
    const moments: number[] = [];
    if (sub.status === 'trialing' && sub.trial_end !== null) {
      if (store.internal.trialNotices.get(sub.id) !== sub.trial_end)
        moments.push(sub.trial_end - TRIAL_WILL_END_SECONDS);
      moments.push(sub.trial_end);
    } else if (sub.status === 'active' || sub.status === 'past_due') moments.push(periodEnd(sub));
    for (const invoice of t.invoices.values())
      if (
        invoice.status === 'open' &&
        invoice.next_payment_attempt !== null &&
        invoice.parent?.subscription_details.subscription === sub.id
      )
        moments.push(invoice.next_payment_attempt);
    return moments.length ? Math.min(...moments) : undefined;
  }

  /** Runs what is due for a subscription at `at` (one step; the engine loops). */
  function runDue(sub: Subscription, at: number) {
    const customer = t.customers.get(sub.customer);
    if (sub.status === 'trialing' && sub.trial_end !== null) {
      const notice = sub.trial_end - TRIAL_WILL_END_SECONDS;
      if (store.internal.trialNotices.get(sub.id) !== sub.trial_end && at >= notice && at < sub.trial_end) {
        store.internal.trialNotices.set(sub.id, sub.trial_end);
        store.changed();
        // A trial shorter than the notice gets it at once, as Stripe does.
        emit('customer.subscription.trial_will_end', sub, Math.max(notice, sub.created));
        return;
      }
      if (at >= sub.trial_end) return endTrial(sub, customer, sub.trial_end);
    }
    for (const invoice of [...t.invoices.values()])
      if (
        invoice.status === 'open' &&
        invoice.next_payment_attempt !== null &&
        invoice.next_payment_attempt <= at &&
        invoice.parent?.subscription_details.subscription === sub.id
      )
        return retry(sub, invoice, customer, invoice.next_payment_attempt);
    if ((sub.status === 'active' || sub.status === 'past_due') && periodEnd(sub) <= at)
      return renew(sub, customer, periodEnd(sub));
  }

  function endTrial(sub: Subscription, customer: Customer | undefined, at: number) {
    store.internal.trialNotices.set(sub.id, sub.trial_end ?? at);
    const pm = paymentMethodFor(sub, customer);
    if (!pm) {
      const behaviour = sub.trial_settings.end_behavior.missing_payment_method;
      if (behaviour === 'cancel') return void cancelSubscription(sub, at, 'cancellation_requested');
      if (behaviour === 'pause')
        return update('customer.subscription.updated', sub, at, (s) => {
          s.status = 'paused';
        });
    }
    const end = nextPeriodEnd(sub, at);
    const before = structuredClone(sub);
    setPeriod(sub, at, end);
    sub.billing_cycle_anchor = at;
    const invoice = createInvoice(sub, 'subscription_cycle', at);
    sub.latest_invoice = invoice.id;
    const paid = payInvoice(invoice, pm, at);
    sub.status = paid ? 'active' : 'past_due';
    if (!paid && invoice.next_payment_attempt === null && pm) {
      invoice.next_payment_attempt =
        (store.internal.firstFailure.get(invoice.id) ?? at) + (RETRY_DAYS[0] ?? 3) * DAY;
    }
    store.changed();
    emit('customer.subscription.updated', sub, at, previousAttributes(before, sub));
  }

  function renew(sub: Subscription, customer: Customer | undefined, at: number) {
    if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= at))
      return void cancelSubscription(sub, at, 'cancellation_requested');
    const before = structuredClone(sub);
    setPeriod(sub, at, nextPeriodEnd(sub, at));
    const invoice = createInvoice(sub, 'subscription_cycle', at);
    sub.latest_invoice = invoice.id;
    const paid = payInvoice(invoice, paymentMethodFor(sub, customer), at);
    if (!paid) sub.status = 'past_due';
    store.changed();
    emit('customer.subscription.updated', sub, at, previousAttributes(before, sub));
  }

  function retry(sub: Subscription, invoice: Invoice, customer: Customer | undefined, at: number) {
    const paid = payInvoice(invoice, paymentMethodFor(sub, customer), at);
    if (paid) return;
    if (invoice.next_payment_attempt === null) {
      // The last retry failed: Stripe's "cancel the subscription" setting.
      cancelSubscription(sub, at, 'payment_failed');
    }
  }

  return {
    clockTime,
    emit,
    update,
    cardFromForm,
    attach,
    detach,
    behaviourOf,
    newCard,
    setDefaultPaymentMethod,
    paymentMethodFor,
    createSubscription,
    cancelSubscription,
    changePrice,
    createInvoice,
    payInvoice,
    payOpenInvoices,
    nextDue,
    runDue,
    periodEnd,
  };
}

export type Billing = ReturnType<typeof createBilling>;

export function formatMoney(cents: number, currency: string) {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

export function assertStripe(condition: unknown, error: StripeError): asserts condition {
  if (!condition) throw error;
}
