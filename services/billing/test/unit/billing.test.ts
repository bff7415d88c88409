import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { DEMO } from '@sneakers/shared/demo';
import { demoTrialEnd } from '@sneakers/shared/rules/subscription';
import {
  extendUserTrial,
  getBillingSummary,
  openCheckout,
  openPortal,
  startSignUpTrial,
} from '../../src/accounts/domain';
import type { ProviderEvent, ProviderSubscription } from '../../src/provider/ports';
import { changeReason, productStatus, receiveWebhook } from '../../src/webhooks/domain';
import { GOOD_SIGNATURE, memoryDeps, profileOf } from './memory';

const user = (userId: string, extra: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo: false,
  ...extra,
});

const T0 = Date.parse('2026-11-22T10:00:00Z') / 1000;

function subscriptionEvent(
  id: string,
  created: number,
  sub: Partial<ProviderSubscription>,
  trigger: 'created' | 'updated' | 'deleted' | 'trial_will_end' = 'updated',
): Extract<ProviderEvent, { kind: 'subscription' }> {
  return {
    id,
    created,
    kind: 'subscription',
    trigger,
    customerId: 'cus_1',
    userId: 'u1',
    subscription: {
      id: 'sub_1',
      status: 'trialing',
      plan: 'store',
      trialEnd: '2026-12-06T10:00:00.000Z',
      currentPeriodEnd: '2026-12-06T10:00:00.000Z',
      cancelAtPeriodEnd: false,
      ...sub,
    },
  };
}

async function signedUp() {
  const mem = memoryDeps();
  mem.profiles.set('u1', profileOf('u1'));
  await startSignUpTrial(mem.deps, { ...profileOf('u1'), role: 'store' });
  return mem;
}

const deliver = (mem: ReturnType<typeof memoryDeps>, event: ProviderEvent, signature = GOOD_SIGNATURE) =>
  receiveWebhook(mem.deps, JSON.stringify(event), signature);

const reasons = (mem: ReturnType<typeof memoryDeps>) =>
  mem.events
    .filter((e) => e.detailType === 'Billing.SubscriptionChanged')
    .map((e) => (e.detail.data as { reason: string }).reason);

describe('sign-up', () => {
  it('creates one customer and one trial even when the event is delivered twice', async () => {
    const mem = await signedUp();
    await startSignUpTrial(mem.deps, { ...profileOf('u1'), role: 'store' });
    expect(mem.calls.customers).toEqual(['u1']);
    expect(mem.calls.trials).toEqual(['u1']);
    expect(mem.accounts.get('u1')).toMatchObject({ customerId: 'cus_1', subscriptionId: 'sub_u1' });
    expect(mem.links.get('cus_1')).toBe('u1');
  });

  it('never takes the demo store to the provider', async () => {
    const mem = memoryDeps();
    expect(await startSignUpTrial(mem.deps, { ...profileOf(DEMO.userId), role: 'store' })).toBe('skipped');
    expect(mem.calls.customers).toEqual([]);
  });
});

describe('webhooks', () => {
  it('refuses a bad signature before reading the body, changing nothing', async () => {
    const mem = await signedUp();
    await expect(deliver(mem, subscriptionEvent('evt_1', T0, {}), 'forged')).rejects.toMatchObject({
      status: 400,
      code: 'BAD_SIGNATURE',
    });
    expect(mem.processed.size).toBe(0);
    expect(mem.profiles.get('u1')?.subscriptionStatus).toBe('trial');
  });

  it('applies an event once: a redelivery is a duplicate and emits nothing', async () => {
    const mem = await signedUp();
    const event = subscriptionEvent('evt_1', T0, {}, 'created');
    expect(await deliver(mem, event)).toBe('applied');
    expect(await deliver(mem, event)).toBe('duplicate');
    expect(reasons(mem)).toEqual(['trial_started']);
  });

  it('keeps the newer state when two events arrive in reverse order', async () => {
    const mem = await signedUp();
    await deliver(mem, subscriptionEvent('evt_1', T0, {}, 'created'));
    const active = subscriptionEvent('evt_3', T0 + 200, { status: 'active', trialEnd: null });
    const pastDue = subscriptionEvent('evt_2', T0 + 100, { status: 'past_due' });
    expect(await deliver(mem, active)).toBe('applied');
    expect(await deliver(mem, pastDue)).toBe('stale');
    expect(mem.profiles.get('u1')).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'standard',
    });
    expect(mem.accounts.get('u1')?.lastEventCreated).toBe(T0 + 200);
    expect(reasons(mem)).toEqual(['trial_started', 'activated']);
  });

  it('plans again when another event was applied between its read and its write', async () => {
    const mem = await signedUp();
    await deliver(mem, subscriptionEvent('evt_1', T0, {}, 'created'));
    mem.hooks.beforeApply = () => {
      const account = mem.accounts.get('u1');
      if (account) mem.accounts.set('u1', { ...account, lastEventCreated: T0 + 500, status: 'active' });
    };
    expect(await deliver(mem, subscriptionEvent('evt_2', T0 + 100, { status: 'past_due' }))).toBe('stale');
  });

  it('tells each transition by its reason, with pastDueSince set on entering past_due and cleared on leaving', async () => {
    const mem = await signedUp();
    await deliver(mem, subscriptionEvent('e1', T0, {}, 'created'));
    await deliver(mem, subscriptionEvent('e2', T0 + 10, { trialEnd: '2026-12-20T10:00:00.000Z' }));
    await deliver(mem, subscriptionEvent('e3', T0 + 20, { status: 'active', trialEnd: null }));
    await deliver(mem, subscriptionEvent('e4', T0 + 30, { status: 'past_due' }));
    expect(mem.profiles.get('u1')?.pastDueSince).toBe(new Date((T0 + 30) * 1000).toISOString());
    await deliver(mem, subscriptionEvent('e5', T0 + 40, { status: 'past_due' }));
    expect(mem.profiles.get('u1')?.pastDueSince).toBe(new Date((T0 + 30) * 1000).toISOString());
    await deliver(mem, subscriptionEvent('e6', T0 + 50, { status: 'active' }));
    expect(mem.profiles.get('u1')?.pastDueSince).toBeNull();
    await deliver(mem, subscriptionEvent('e7', T0 + 60, { status: 'active', cancelAtPeriodEnd: true }));
    await deliver(mem, subscriptionEvent('e8', T0 + 70, { status: 'active', cancelAtPeriodEnd: false }));
    await deliver(mem, subscriptionEvent('e9', T0 + 80, { status: 'active', plan: 'reseller' }));
    await deliver(mem, subscriptionEvent('e10', T0 + 90, { status: 'active', plan: 'reseller' }));
    await deliver(
      mem,
      subscriptionEvent('e11', T0 + 100, { status: 'canceled', plan: 'reseller' }, 'deleted'),
    );
    expect(reasons(mem)).toEqual([
      'trial_started',
      'trial_extended',
      'activated',
      'payment_failed',
      'payment_recovered',
      'cancel_scheduled',
      'cancel_undone',
      'plan_changed',
      'canceled',
    ]);
    expect(mem.profiles.get('u1')).toMatchObject({
      subscriptionStatus: 'canceled',
      subscriptionPlan: 'standard',
    });
  });

  it('a trial that ends without a card is trial_ended; the notice 3 days before is Billing.TrialEnding', async () => {
    const mem = await signedUp();
    await deliver(mem, subscriptionEvent('e1', T0, {}, 'created'));
    await deliver(mem, subscriptionEvent('e2', T0 + 10, {}, 'trial_will_end'));
    await deliver(mem, subscriptionEvent('e3', T0 + 20, { status: 'canceled' }, 'deleted'));
    expect(mem.events.map((e) => e.detailType)).toEqual([
      'Billing.SubscriptionChanged',
      'Billing.TrialEnding',
      'Billing.SubscriptionChanged',
    ]);
    expect(reasons(mem)).toEqual(['trial_started', 'trial_ended']);
  });

  it('records invoices in order and emits paid and failed events', async () => {
    const mem = await signedUp();
    const invoice = {
      id: 'in_1',
      number: 'INV-1',
      status: 'paid' as const,
      amountDue: 4999,
      amountPaid: 4999,
      currency: 'eur',
      createdAt: '2026-12-06T10:00:00.000Z',
      periodStart: null,
      periodEnd: null,
      hostedInvoiceUrl: 'https://provider.test/i/in_1',
      pdfUrl: 'https://provider.test/i/in_1.pdf',
      nextPaymentAttempt: null,
    };
    const base = { customerId: 'cus_1', userId: null, kind: 'invoice' as const };
    expect(await deliver(mem, { ...base, id: 'e2', created: T0 + 20, trigger: 'paid', invoice })).toBe(
      'applied',
    );
    const failed = { ...invoice, status: 'open' as const, amountPaid: 0 };
    expect(
      await deliver(mem, { ...base, id: 'e1', created: T0 + 10, trigger: 'payment_failed', invoice: failed }),
    ).toBe('stale');
    expect(mem.invoices.get('u1#in_1')?.status).toBe('paid');
    expect(mem.events.map((e) => e.detailType)).toEqual(['Billing.InvoicePaid']);
  });

  it('ignores unknown events and customers nobody knows', async () => {
    const mem = await signedUp();
    expect(await deliver(mem, { kind: 'unknown', id: 'e1', type: 'charge.refunded' })).toBe('ignored');
    expect(
      await deliver(mem, { ...subscriptionEvent('e2', T0, {}), customerId: 'cus_x', userId: null }),
    ).toBe('ignored');
    expect(
      await deliver(mem, { ...subscriptionEvent('e3', T0, {}), customerId: 'cus_y', userId: 'nobody' }),
    ).toBe('ignored');
    expect(mem.processed.size).toBe(0);
  });

  it('maps every provider status to the product four', () => {
    expect(
      (
        ['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'canceled', 'incomplete_expired'] as const
      ).map(productStatus),
    ).toEqual(['trial', 'active', 'past_due', 'past_due', 'past_due', 'canceled', 'canceled']);
    const state = {
      status: 'active' as const,
      plan: 'store' as const,
      trialEnd: null,
      cancelAtPeriodEnd: false,
    };
    expect(changeReason(state, { ...state, trialEnd: null })).toBeNull();
  });
});

describe('payment-mode Checkout Sessions', () => {
  const session = (id: string, trigger: 'paid' | 'expired', purpose = 'storefront'): ProviderEvent => ({
    kind: 'payment_checkout',
    trigger,
    id,
    created: T0,
    sessionId: 'cs_1',
    purpose,
    reference: 'checkout-1',
    storeUserId: 'store-1',
    amountTotal: 18_000,
    currency: 'eur',
    paymentIntentId: trigger === 'paid' ? 'pi_1' : null,
  });

  it('passes a paid or expired session on once, with its metadata, and touches no account', async () => {
    const mem = memoryDeps();
    expect(await deliver(mem, session('evt_p', 'paid'))).toBe('applied');
    expect(await deliver(mem, session('evt_p', 'paid'))).toBe('duplicate');
    expect(await deliver(mem, session('evt_e', 'expired'))).toBe('applied');
    expect(mem.events.map((e) => [e.detailType, e.detail.data])).toEqual([
      [
        'Billing.CheckoutPaid',
        {
          sessionId: 'cs_1',
          purpose: 'storefront',
          reference: 'checkout-1',
          storeUserId: 'store-1',
          amountTotal: 18_000,
          currency: 'eur',
          paymentIntentId: 'pi_1',
          paidAt: new Date(T0 * 1000).toISOString(),
        },
      ],
      [
        'Billing.CheckoutExpired',
        {
          sessionId: 'cs_1',
          purpose: 'storefront',
          reference: 'checkout-1',
          storeUserId: 'store-1',
          expiredAt: new Date(T0 * 1000).toISOString(),
        },
      ],
    ]);
    expect(mem.accounts.size).toBe(0);
  });

  it('ignores a session without a purpose (not one this product started)', async () => {
    const mem = memoryDeps();
    expect(await deliver(mem, session('evt_x', 'paid', ''))).toBe('ignored');
    expect(mem.events).toEqual([]);
  });
});

describe('summary, sessions and the trial extension', () => {
  it('summarises the caller from the profile and the account', async () => {
    const mem = await signedUp();
    const summary = await getBillingSummary(mem.deps, user('u1'));
    expect(summary).toMatchObject({
      status: 'trial',
      plan: 'store',
      price: { amount: 4999, currency: 'EUR', interval: 'month' },
      trialDaysLeft: 14,
      nextInvoice: { date: '2026-12-06T10:00:00.000Z', amount: 4999 },
      canWrite: true,
      banner: null,
      hasBillingAccount: true,
    });
  });

  it('shows the demo store a trial with days left however long ago it was seeded', async () => {
    const mem = memoryDeps();
    mem.profiles.set(DEMO.userId, profileOf(DEMO.userId, { trialEndsAt: '2026-01-01T00:00:00.000Z' }));
    const summary = await getBillingSummary(mem.deps, user(DEMO.userId, { isDemo: true }));
    expect(summary.trialDaysLeft).toBeGreaterThan(0);
    expect(summary.canWrite).toBe(true);
    expect(demoTrialEnd('2027-01-01T00:00:00.000Z', new Date('2026-11-22T10:00:00Z'))).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('refuses demo users every session with DEMO_MODE', async () => {
    const mem = memoryDeps();
    mem.profiles.set(DEMO.userId, profileOf(DEMO.userId));
    const demo = user(DEMO.userId, { isDemo: true });
    await expect(openCheckout(mem.deps, demo, {})).rejects.toMatchObject({ code: 'DEMO_MODE' });
    await expect(openPortal(mem.deps, demo, {})).rejects.toMatchObject({ code: 'DEMO_MODE' });
    expect(mem.calls.checkouts.length + mem.calls.portals.length).toBe(0);
  });

  it('opens the portal while the subscription lives and Checkout once it has ended', async () => {
    const mem = await signedUp();
    await openCheckout(mem.deps, user('u1'), {});
    expect(mem.calls.portals).toMatchObject([{ customerId: 'cus_1', flow: 'payment_method_update' }]);
    await deliver(mem, subscriptionEvent('e1', T0, { status: 'canceled' }, 'deleted'));
    await openCheckout(mem.deps, user('u1'), { plan: 'reseller' });
    expect(mem.calls.checkouts).toMatchObject([
      {
        customerId: 'cus_1',
        userId: 'u1',
        plan: 'reseller',
        trialDays: null,
        successUrl: 'https://app.test/dashboard/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://app.test/dashboard/billing?checkout=cancelled',
      },
    ]);
  });

  it('gives an account from before billing its remaining trial days at Checkout', async () => {
    const mem = memoryDeps();
    mem.profiles.set('old', profileOf('old', { trialEndsAt: '2026-11-27T10:00:00.000Z' }));
    await openCheckout(mem.deps, user('old'), {});
    expect(mem.calls.customers).toEqual(['old']);
    expect(mem.calls.checkouts).toMatchObject([{ trialDays: 5 }]);
  });

  it('lets only a superuser extend a trial, audited, 404 for an unknown user', async () => {
    const mem = await signedUp();
    await expect(extendUserTrial(mem.deps, user('u1'), 'u1', 7)).rejects.toMatchObject({ status: 403 });
    const admin = user('boss', { isSuperuser: true, email: 'boss@example.com' });
    await expect(extendUserTrial(mem.deps, admin, 'ghost', 7)).rejects.toMatchObject({ status: 404 });
    const { trialEndsAt } = await extendUserTrial(mem.deps, admin, 'u1', 7);
    expect(trialEndsAt).toBe('2026-12-13T10:00:00.000Z');
    expect(mem.calls.extensions).toMatchObject([{ subscriptionId: 'sub_u1', trialEnd: trialEndsAt }]);
    expect(mem.audit).toMatchObject([
      { action: 'billing.trialExtended', subject: 'u1', actorUserId: 'boss' },
    ]);
  });
});
