import { requireSuperuser, requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { auditItem } from '@sneakers/shared/audit/audit-item';
import type { BillingPlan, BillingSummary, PortalFlow } from '@sneakers/shared/contracts/billing';
import { PLAN_PRICES } from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { NotFoundError } from '@sneakers/shared/errors';
import { daysUntil, demoTrialEnd, subscriptionAccess } from '@sneakers/shared/rules/subscription';
import type { AccountsDeps, BillingAccount, BillingProfile } from './ports';

/**
 * The billing account's use cases (docs/product/billing.md): the summary the billing
 * section shows, the provider's Checkout and portal for the caller's own customer, the trial
 * every sign-up starts, and a superuser's trial extension. The subscription's state itself
 * changes only from the provider's webhooks (../webhooks).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const profileNotFound = () => new NotFoundError('Profile not found', 'PROFILE_NOT_FOUND');
const userNotFound = () => new NotFoundError('User not found', 'USER_NOT_FOUND');

/** Statuses whose subscription is still alive at the provider: a card is added in the portal. */
const LIVE = new Set(['trial', 'active', 'past_due']);

export function summaryOf(
  profile: BillingProfile,
  account: BillingAccount | null,
  now: Date,
  isDemo: boolean,
): BillingSummary {
  const trialEndsAt = isDemo ? demoTrialEnd(profile.trialEndsAt, now) : profile.trialEndsAt;
  const status = profile.subscriptionStatus;
  const pastDueSince = profile.pastDueSince;
  const access = subscriptionAccess({ status, trialEndsAt, pastDueSince }, now);
  const plan: BillingPlan = account?.plan ?? profile.role;
  const price = PLAN_PRICES[plan];
  const currentPeriodEnd = account?.currentPeriodEnd ?? null;
  const cancelAtPeriodEnd = account?.cancelAtPeriodEnd ?? false;
  // The provider bills at the trial's end or the period's end; nothing once it is ending.
  const invoiceDate =
    status === 'canceled' || cancelAtPeriodEnd ? null : status === 'trial' ? trialEndsAt : currentPeriodEnd;
  return {
    status,
    subscriptionPlan: profile.subscriptionPlan,
    plan,
    price: { amount: price.amount, currency: price.currency, interval: 'month' },
    trialEndsAt,
    trialDaysLeft: access.trialDaysLeft,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    nextInvoice: invoiceDate ? { date: invoiceDate, amount: price.amount, currency: price.currency } : null,
    paymentMethod: account?.card ?? null,
    pastDueSince,
    graceEndsAt: access.graceEndsAt,
    canWrite: access.canWrite,
    banner: access.banner,
    hasBillingAccount: account !== null,
  };
}

/** GET /api/billing: the caller's plan, status and card (the demo store's from its profile). */
export async function getBillingSummary(deps: AccountsDeps, actor: Actor): Promise<BillingSummary> {
  const user = requireUser(actor);
  const profile = await deps.repo.getProfile(user.userId);
  if (!profile) throw profileNotFound();
  const account = user.isDemo ? null : await deps.repo.getAccount(user.userId);
  return summaryOf(profile, account, deps.clock.now(), user.isDemo || user.userId === DEMO.userId);
}

/**
 * The user's account, made now if sign-up has not made it yet (an account from before
 * billing, or a sign-up whose background step is still retrying). Safe to race: the
 * provider dedupes the customer by a key derived from the user id, and the account's
 * conditional create lets one writer win.
 */
export async function ensureAccount(
  deps: AccountsDeps,
  profile: Pick<BillingProfile, 'userId' | 'contactEmail' | 'businessName' | 'role'>,
): Promise<BillingAccount> {
  const existing = await deps.repo.getAccount(profile.userId);
  if (existing) return existing;
  const { customerId } = await deps.gateway.createCustomer({
    userId: profile.userId,
    email: profile.contactEmail,
    name: profile.businessName,
  });
  const now = deps.clock.now().toISOString();
  const account: BillingAccount = {
    userId: profile.userId,
    customerId,
    subscriptionId: null,
    plan: profile.role,
    status: null,
    trialEnd: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    pastDueSince: null,
    card: null,
    lastEventCreated: null,
    cardEventCreated: null,
    createdAt: now,
    updatedAt: now,
  };
  if ((await deps.repo.createAccount(account)) === 'committed') return account;
  const made = await deps.repo.getAccount(profile.userId);
  if (!made) throw new Error('The billing account vanished after a conflicting create');
  return made;
}

export interface NewProfile {
  userId: string;
  role: BillingPlan;
  businessName: string;
  contactEmail: string;
  trialEndsAt: string;
}

/**
 * Profile.Created: the provider's customer and a trialing subscription without a card,
 * ending when the profile's trial ends. A redelivery finds the account and its subscription
 * and starts nothing twice. The demo store never reaches the provider.
 */
export async function startSignUpTrial(
  deps: AccountsDeps,
  profile: NewProfile,
): Promise<'started' | 'skipped'> {
  if (profile.userId === DEMO.userId || profile.userId.startsWith('demo-')) return 'skipped';
  const account = await ensureAccount(deps, profile);
  if (account.subscriptionId) return 'skipped';
  const { subscriptionId } = await deps.gateway.startTrial({
    customerId: account.customerId,
    userId: profile.userId,
    plan: account.plan,
    trialEnd: profile.trialEndsAt,
  });
  await deps.repo.setFirstSubscription(profile.userId, subscriptionId, deps.clock.now().toISOString());
  return 'started';
}

function returnUrl(deps: AccountsDeps, query = '') {
  return `${deps.appUrl().replace(/\/$/, '')}/dashboard/billing${query}`;
}

async function writerContext(deps: AccountsDeps, actor: Actor) {
  // A write first: the demo identity gets the demo answer (403 DEMO_MODE), nothing else.
  const user = requireWriter(actor);
  const profile = await deps.repo.getProfile(user.userId);
  if (!profile) throw profileNotFound();
  const account = await ensureAccount(deps, profile);
  return { user, profile, account };
}

/**
 * "Choose a plan" (docs/product/billing.md): while the subscription lives
 * (trialing, active, past due) a card is added in the portal, which also pays an open
 * invoice; once it has ended, or with none at all, Checkout starts a new one. Checkout grants
 * the trial's remaining days only to an account that never had a subscription (one from
 * before billing). Always the caller's own customer, never one named in the request.
 */
export async function openCheckout(
  deps: AccountsDeps,
  actor: Actor,
  input: { plan?: BillingPlan | undefined },
): Promise<{ url: string }> {
  const { user, profile, account } = await writerContext(deps, actor);
  const status = account.status ?? (account.subscriptionId ? 'trial' : null);
  if (account.subscriptionId && status && LIVE.has(status))
    return deps.gateway.portalSession({
      customerId: account.customerId,
      returnUrl: returnUrl(deps),
      flow: 'payment_method_update',
      subscriptionId: account.subscriptionId,
    });
  const now = deps.clock.now();
  const neverSubscribed = account.subscriptionId === null;
  const trialDays =
    neverSubscribed && profile.subscriptionStatus === 'trial' ? daysUntil(profile.trialEndsAt, now) : 0;
  return deps.gateway.checkoutSession({
    customerId: account.customerId,
    userId: user.userId,
    plan: input.plan ?? account.plan,
    trialDays: trialDays > 0 ? trialDays : null,
    locale: profile.language,
    successUrl: returnUrl(deps, '?checkout=success&session_id={CHECKOUT_SESSION_ID}'),
    cancelUrl: returnUrl(deps, '?checkout=cancelled'),
  });
}

/** Manage Billing: the provider's portal for the caller's own customer, optionally at one flow. */
export async function openPortal(
  deps: AccountsDeps,
  actor: Actor,
  input: { flow?: PortalFlow | undefined },
): Promise<{ url: string }> {
  const { account } = await writerContext(deps, actor);
  return deps.gateway.portalSession({
    customerId: account.customerId,
    returnUrl: returnUrl(deps),
    flow: input.flow ?? null,
    subscriptionId: account.subscriptionId,
  });
}

/**
 * A superuser extends a user's trial by `days` from its current end (or from now, once it
 * has ended). The provider moves the subscription's trial end (or starts a new trialing
 * subscription after a canceled one); its webhook then updates the profile like any other
 * change. Recorded in the audit log (docs/product/administration.md#audit-log).
 */
export async function extendUserTrial(
  deps: AccountsDeps,
  actor: Actor,
  userId: string,
  days: number,
): Promise<{ trialEndsAt: string }> {
  requireWriter(actor);
  const superuser = requireSuperuser(actor);
  const profile = await deps.repo.getProfile(userId);
  if (!profile) throw userNotFound();
  const account = await ensureAccount(deps, profile);
  const now = deps.clock.now();
  const currentEnd = account.trialEnd ?? profile.trialEndsAt;
  const from = Math.max(now.getTime(), Date.parse(currentEnd) || 0);
  const trialEndsAt = new Date(from + days * DAY_MS).toISOString();
  const { subscriptionId } = await deps.gateway.extendTrial({
    customerId: account.customerId,
    userId,
    plan: account.plan,
    subscriptionId: account.subscriptionId,
    trialEnd: trialEndsAt,
  });
  const at = now.toISOString();
  const audit = auditItem(
    superuser,
    {
      action: 'billing.trialExtended',
      subject: userId,
      before: { status: profile.subscriptionStatus, trialEndsAt: currentEnd },
      after: { trialEndsAt, days },
    },
    deps.ids.next(),
    at,
  );
  await deps.repo.recordTrialExtension(userId, subscriptionId, audit, at);
  return { trialEndsAt };
}

/**
 * Account.ClosureRequested → the subscription is cancelled at once, before the account's
 * deletion (docs/product/accounts.md#closing-the-account); the provider's webhook then records
 * it like any cancellation. No account or no subscription: nothing to cancel. Delivered twice,
 * the provider finds it already cancelled.
 */
export async function cancelOnClosure(
  deps: Pick<AccountsDeps, 'repo' | 'gateway'>,
  userId: string,
): Promise<void> {
  const account = await deps.repo.getAccount(userId);
  if (!account?.subscriptionId) return;
  await deps.gateway.cancelSubscription(account.subscriptionId);
}
