import { invalid } from '../errors';
import { newId } from '../store';
import type { Customer, Metadata, Price, Subscription, SubscriptionItem } from '../types';
import { previousAttributes } from '../webhooks';
import type { BillingCore } from './core';
import type { Invoices } from './invoices';
import type { PaymentMethods } from './payment-methods';
import { nextPeriodEnd } from './periods';

export interface NewSubscription {
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

/** Subscriptions: creating one (with its first invoice and charge), cancelling, changing its price. */
export function createSubscriptions(core: BillingCore, paymentMethods: PaymentMethods, invoices: Invoices) {
  const { store, emit, update } = core;
  const { paymentMethodFor } = paymentMethods;
  const { line, productName, createInvoice, payInvoice } = invoices;
  const t = store.tables;

  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

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
    const end = trialing ? (input.trialEnd ?? at) : nextPeriodEnd(first.price.recurring, start);
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

  return { createSubscription, cancelSubscription, changePrice };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
