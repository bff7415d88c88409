import type { Customer, Invoice, Subscription } from '../types';
import { previousAttributes } from '../webhooks';
import type { BillingCore } from './core';
import type { Invoices } from './invoices';
import type { PaymentMethods } from './payment-methods';
import {
  DAY,
  nextPeriodEnd,
  periodEnd,
  recurringOf,
  RETRY_DAYS,
  setPeriod,
  TRIAL_WILL_END_SECONDS,
} from './periods';
import type { Subscriptions } from './subscriptions';

/**
 * What the clock runs for a subscription (engine.ts walks time and calls these): the trial
 * notice, the trial's end, renewals, retries of a failed charge, and cancelling at the end.
 */
export function createTransitions(
  core: BillingCore,
  paymentMethods: PaymentMethods,
  invoices: Invoices,
  subscriptions: Subscriptions,
) {
  const { store, emit, update } = core;
  const { paymentMethodFor } = paymentMethods;
  const { createInvoice, payInvoice } = invoices;
  const { cancelSubscription } = subscriptions;
  const t = store.tables;

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
    const end = nextPeriodEnd(recurringOf(sub), at);
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
    setPeriod(sub, at, nextPeriodEnd(recurringOf(sub), at));
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

  return { nextDue, runDue };
}
