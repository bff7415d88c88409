import { createHash } from 'node:crypto';
import { declined, invalid, missing } from '../errors';
import { newId } from '../store';
import { cardByNumber, cardByPaymentMethod, type TestCard } from '../test-cards';
import type { Customer, PaymentMethod, Subscription } from '../types';
import type { BillingCore } from './core';

/**
 * Payment methods: test cards (typed on a hosted page or a `pm_card_…` id), attaching and
 * detaching them, and which one a subscription is charged with.
 */
export function createPaymentMethods(core: BillingCore) {
  const { store, emit, update } = core;
  const t = store.tables;

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

  return { newCard, cardFromForm, behaviourOf, attach, detach, setDefaultPaymentMethod, paymentMethodFor };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
