import {
  checkoutExpired,
  checkoutPaid,
  invoicePaid,
  paymentFailed,
  subscriptionChanged,
  trialEnding,
  type SubscriptionChangeReason,
} from '@sneakers/events/billing';
import { buildEvent } from '@sneakers/events/define-event';
import type { BillingPlan } from '@sneakers/shared/contracts/billing';
import type { SubscriptionStatus } from '@sneakers/shared/contracts/profile-values';
import { PLAN_PRICES } from '@sneakers/shared/contracts/profiles';
import { BadRequestError } from '@sneakers/shared/errors';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import type { BillingAccount } from '../accounts/ports';
import {
  BadSignatureError,
  type PaymentCheckoutEvent,
  type ProviderEvent,
  type ProviderSubscriptionStatus,
} from '../provider/ports';
import type { WebhookChange, WebhookDeps } from './ports';

/**
 * The provider's webhook (docs/product/billing.md): the only way a subscription's
 * state changes. Each event is applied once (its id is recorded in the transaction that
 * applies it) and in order (the account's `lastEventCreated` only moves forward), and every
 * transition leaves its outbox event in that same transaction, so the email and the in-app
 * notification follow exactly as often as the change: once.
 */

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/** The provider's statuses in the product's four (docs/product/billing.md). */
export function productStatus(status: ProviderSubscriptionStatus): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'trial';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
  }
}

interface SubscriptionState {
  status: SubscriptionStatus;
  plan: BillingPlan;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * Why the subscription changed, from the state last applied (null before the provider's
 * first word) to the new one; null when nothing the user is told about changed (a renewal
 * moves only the period).
 */
export function changeReason(
  previous: SubscriptionState | null,
  next: SubscriptionState,
): SubscriptionChangeReason | null {
  if (!previous) {
    if (next.status === 'trial') return 'trial_started';
    if (next.status === 'active') return 'activated';
    if (next.status === 'past_due') return 'payment_failed';
    return 'canceled';
  }
  if (previous.status !== next.status) {
    switch (next.status) {
      // Only a superuser's extension starts a trial again after another status.
      case 'trial':
        return 'trial_extended';
      case 'active':
        return previous.status === 'past_due' ? 'payment_recovered' : 'activated';
      case 'past_due':
        return 'payment_failed';
      case 'canceled':
        return previous.status === 'trial' ? 'trial_ended' : 'canceled';
    }
  }
  if (!previous.cancelAtPeriodEnd && next.cancelAtPeriodEnd) return 'cancel_scheduled';
  if (previous.cancelAtPeriodEnd && !next.cancelAtPeriodEnd) return 'cancel_undone';
  if (previous.plan !== next.plan) return 'plan_changed';
  if (
    next.status === 'trial' &&
    next.trialEnd !== null &&
    (previous.trialEnd === null || Date.parse(next.trialEnd) > Date.parse(previous.trialEnd))
  )
    return 'trial_extended';
  return null;
}

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

type KnownEvent = Exclude<ProviderEvent, { kind: 'unknown' } | PaymentCheckoutEvent>;

/**
 * A payment-mode session's outcome (pure): only the provider event's record and the event
 * that hands it to the service that made the session (its metadata's `purpose`), written
 * together, so a redelivery publishes nothing twice. No account, customer or profile changes.
 */
export function planPaymentCheckout(
  event: PaymentCheckoutEvent,
  deps: Pick<WebhookDeps, 'clock' | 'ids'>,
): WebhookChange {
  const now = deps.clock.now().toISOString();
  const occurredAt = isoOf(event.created);
  const meta = { eventId: deps.ids.next(), occurredAt };
  const about = {
    sessionId: event.sessionId,
    purpose: event.purpose,
    reference: event.reference,
    storeUserId: event.storeUserId,
  };
  return {
    eventId: event.id,
    // The processed-event record names whom the event was about; a session has no user of its own.
    userId: event.storeUserId || event.purpose,
    customerId: '',
    created: event.created,
    appliedAt: now,
    linkCustomer: false,
    account: null,
    card: null,
    profile: null,
    invoice: null,
    events: [
      event.trigger === 'paid'
        ? buildEvent(
            checkoutPaid,
            {
              ...about,
              amountTotal: event.amountTotal,
              currency: event.currency,
              paymentIntentId: event.paymentIntentId,
              paidAt: occurredAt,
            },
            meta,
          )
        : buildEvent(checkoutExpired, { ...about, expiredAt: occurredAt }, meta),
    ],
  };
}

/**
 * What one event changes, given the account as read (pure). 'stale' when the account has
 * already applied a later subscription event.
 */
export function planChange(
  event: KnownEvent,
  userId: string,
  linkCustomer: boolean,
  account: BillingAccount | null,
  deps: Pick<WebhookDeps, 'clock' | 'ids'>,
): WebhookChange | 'stale' {
  const now = deps.clock.now().toISOString();
  const change: WebhookChange = {
    eventId: event.id,
    userId,
    customerId: event.customerId,
    created: event.created,
    appliedAt: now,
    linkCustomer,
    account: null,
    card: null,
    profile: null,
    invoice: null,
    events: [],
  };
  // The provider's time, not ours: a trial-ending notice says "in 3 days" from when the
  // provider sent it (a test clock's time too), however late it was delivered.
  const occurredAt = new Date(event.created * 1000).toISOString();
  const meta = () => ({ eventId: deps.ids.next(), occurredAt });
  const plan: BillingPlan = account?.plan ?? 'store';
  const amountOf = (p: BillingPlan) => PLAN_PRICES[p].amount;

  switch (event.kind) {
    case 'subscription': {
      const read = account?.lastEventCreated ?? null;
      if (read !== null && read > event.created) return 'stale';
      const sub = event.subscription;
      const status = productStatus(sub.status);
      const nextPlan = sub.plan ?? plan;
      const previous: SubscriptionState | null =
        account?.status && account.lastEventCreated !== null
          ? {
              status: account.status,
              plan: account.plan,
              trialEnd: account.trialEnd,
              cancelAtPeriodEnd: account.cancelAtPeriodEnd,
            }
          : null;
      const next: SubscriptionState = {
        status,
        plan: nextPlan,
        trialEnd: sub.trialEnd ?? account?.trialEnd ?? null,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      };
      // The past-due spell starts with the first failure and ends when the status leaves it.
      const pastDueSince =
        status === 'past_due'
          ? previous?.status === 'past_due'
            ? (account?.pastDueSince ?? isoOf(event.created))
            : isoOf(event.created)
          : null;
      change.account = {
        readLastEventCreated: read,
        record: {
          userId,
          customerId: account?.customerId ?? event.customerId,
          subscriptionId: sub.id,
          plan: nextPlan,
          status,
          trialEnd: next.trialEnd,
          currentPeriodEnd: sub.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          pastDueSince,
          card: account?.card ?? null,
          lastEventCreated: event.created,
          cardEventCreated: account?.cardEventCreated ?? null,
          createdAt: account?.createdAt ?? now,
          updatedAt: now,
        },
      };
      change.profile = {
        subscriptionStatus: status,
        subscriptionPlan: status === 'trial' ? 'trial' : 'standard',
        trialEndsAt: next.trialEnd,
        pastDueSince,
      };
      const reason = changeReason(previous, next);
      if (reason && event.trigger !== 'trial_will_end')
        change.events.push(
          buildEvent(
            subscriptionChanged,
            {
              userId,
              reason,
              previousStatus: previous?.status ?? null,
              status,
              plan: nextPlan,
              amount: amountOf(nextPlan),
              trialEndsAt: next.trialEnd ?? now,
              currentPeriodEnd: sub.currentPeriodEnd,
              cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            },
            meta(),
          ),
        );
      if (event.trigger === 'trial_will_end' && status === 'trial' && next.trialEnd)
        change.events.push(
          buildEvent(
            trialEnding,
            {
              userId,
              trialEndsAt: next.trialEnd,
              plan: nextPlan,
              amount: amountOf(nextPlan),
              hasPaymentMethod: account?.card != null,
            },
            meta(),
          ),
        );
      return change;
    }
    case 'invoice': {
      const inv = event.invoice;
      change.invoice = {
        userId,
        invoiceId: inv.id,
        createdAt: inv.createdAt,
        number: inv.number,
        status: inv.status,
        amountDue: inv.amountDue,
        amountPaid: inv.amountPaid,
        currency: inv.currency,
        periodStart: inv.periodStart,
        periodEnd: inv.periodEnd,
        hostedInvoiceUrl: inv.hostedInvoiceUrl,
        pdfUrl: inv.pdfUrl,
        lastEventCreated: event.created,
      };
      change.events.push(
        event.trigger === 'paid'
          ? buildEvent(
              invoicePaid,
              {
                userId,
                invoiceId: inv.id,
                number: inv.number,
                amount: inv.amountPaid,
                currency: inv.currency,
                pdfUrl: inv.pdfUrl,
                hostedInvoiceUrl: inv.hostedInvoiceUrl,
              },
              meta(),
            )
          : buildEvent(
              paymentFailed,
              {
                userId,
                invoiceId: inv.id,
                amount: inv.amountDue,
                currency: inv.currency,
                nextAttemptAt: inv.nextPaymentAttempt,
                hostedInvoiceUrl: inv.hostedInvoiceUrl,
              },
              meta(),
            ),
      );
      return change;
    }
    case 'payment_method':
      change.card = event.card;
      return change;
    case 'checkout_completed':
      // The subscription it made reports itself (customer.subscription.created); this only
      // links the customer, for an account whose first word comes from Checkout.
      return change;
  }
}

const ATTEMPTS = 3;

/**
 * POST /api/billing/webhook: the signature (and its age) is checked before anything of the
 * body is read; a bad one is 400 BAD_SIGNATURE. Everything else answers 2xx, so the
 * provider stops retrying: an unknown event or customer is `ignored`, a replay `duplicate`,
 * an event older than the applied state `stale`.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: ProviderEvent;
  try {
    event = await deps.gateway.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof BadSignatureError) throw new BadRequestError('BAD_SIGNATURE', error.message);
    throw error;
  }
  if (event.kind === 'unknown') return 'ignored';
  if (event.kind === 'payment_checkout') {
    // A session this product did not start (no purpose or reference) is not passed on.
    if (!event.purpose || !event.reference) return 'ignored';
    const outcome = await deps.repo.apply(planPaymentCheckout(event, deps));
    return outcome === 'applied' ? 'applied' : 'duplicate';
  }
  const linked = event.customerId ? await deps.repo.userOfCustomer(event.customerId) : null;
  // The link wins; an object this service created names its user in its metadata too
  // (a webhook may arrive before sign-up has recorded the customer).
  const userId = linked ?? event.userId;
  if (!userId || !event.customerId) return 'ignored';
  if (event.kind === 'payment_method' && !linked) return 'ignored';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const account = await deps.repo.getAccount(userId);
    if (event.kind === 'payment_method' && !account) return 'ignored';
    const change = planChange(event, userId, linked === null, account, deps);
    if (change === 'stale') return (await deps.repo.wasApplied(event.id)) ? 'duplicate' : 'stale';
    const outcome = await deps.repo.apply(change);
    if (outcome !== 'changed') return outcome;
  }
  throw new TransactionBusyError();
}
