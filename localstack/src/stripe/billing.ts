import { createBillingCore, type BillingContext } from './billing/core';
import { createInvoices } from './billing/invoices';
import { createPaymentMethods } from './billing/payment-methods';
import { periodEnd } from './billing/periods';
import { createSubscriptions } from './billing/subscriptions';
import { createTransitions } from './billing/transitions';

export type { BillingContext } from './billing/core';

/**
 * What Stripe Billing does, shared by the API routes, the hosted pages and the clock:
 * payment methods, subscriptions, invoices and charges, each change announced as an event
 * dated by the customer's clock (its test clock, or the real time). Each part lives in
 * `billing/`; this wires them together, each part getting only the parts before it.
 */
export function createBilling(ctx: BillingContext) {
  const core = createBillingCore(ctx);
  const paymentMethods = createPaymentMethods(core);
  const invoices = createInvoices(core, paymentMethods);
  const subscriptions = createSubscriptions(core, paymentMethods, invoices);
  const transitions = createTransitions(core, paymentMethods, invoices, subscriptions);
  return {
    clockTime: core.clockTime,
    emit: core.emit,
    update: core.update,
    cardFromForm: paymentMethods.cardFromForm,
    attach: paymentMethods.attach,
    detach: paymentMethods.detach,
    behaviourOf: paymentMethods.behaviourOf,
    newCard: paymentMethods.newCard,
    setDefaultPaymentMethod: paymentMethods.setDefaultPaymentMethod,
    paymentMethodFor: paymentMethods.paymentMethodFor,
    createSubscription: subscriptions.createSubscription,
    cancelSubscription: subscriptions.cancelSubscription,
    changePrice: subscriptions.changePrice,
    createInvoice: invoices.createInvoice,
    previewInvoice: invoices.previewInvoice,
    payInvoice: invoices.payInvoice,
    payOpenInvoices: invoices.payOpenInvoices,
    nextDue: transitions.nextDue,
    runDue: transitions.runDue,
    periodEnd,
  };
}

export type Billing = ReturnType<typeof createBilling>;
