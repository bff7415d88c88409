import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import type { AccountsDeps, AuditItem, BillingAccount, BillingProfile } from '../../src/accounts/ports';
import type { InvoiceRecord } from '../../src/invoices/ports';
import {
  BadSignatureError,
  type BillingGateway,
  type CheckoutInput,
  type ExtendTrialInput,
  type PortalInput,
  type ProviderEvent,
} from '../../src/provider/ports';
import type { BillingEvent, ProfileSubscriptionChange, WebhookDeps } from '../../src/webhooks/ports';

/** The memory gateway's "signature": a body is accepted only with this header. */
export const GOOD_SIGNATURE = 'signed';

/**
 * In-memory ports with the table's semantics: the webhook's change is all-or-nothing, the
 * processed event conditional on absence, the account on its `lastEventCreated` as read, the
 * card and invoices on their own order, the profile on existing. The gateway records calls
 * and dedupes customers per user as the provider does with the Idempotency-Key.
 */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const ids = sequenceIds('id');
  const accounts = new Map<string, BillingAccount>();
  const links = new Map<string, string>();
  const profiles = new Map<string, BillingProfile>();
  const processed = new Set<string>();
  const invoices = new Map<string, InvoiceRecord>();
  const audit: AuditItem[] = [];
  const events: BillingEvent[] = [];
  const calls = {
    customers: [] as string[],
    trials: [] as string[],
    checkouts: [] as CheckoutInput[],
    portals: [] as PortalInput[],
    extensions: [] as ExtendTrialInput[],
    cancellations: [] as string[],
  };
  const customersByUser = new Map<string, string>();
  /** Runs between a read and the write that follows it (a racing writer). */
  const hooks: { beforeApply?: () => void } = {};

  const gateway: BillingGateway = {
    async createCustomer({ userId }) {
      calls.customers.push(userId);
      const id = customersByUser.get(userId) ?? `cus_${customersByUser.size + 1}`;
      customersByUser.set(userId, id);
      return { customerId: id };
    },
    async startTrial({ userId }) {
      calls.trials.push(userId);
      return { subscriptionId: `sub_${userId}` };
    },
    async checkoutSession(input) {
      calls.checkouts.push(input);
      return { url: `https://provider.test/checkout/${input.customerId}` };
    },
    async portalSession(input) {
      calls.portals.push(input);
      return { url: `https://provider.test/portal/${input.customerId}` };
    },
    async extendTrial(input) {
      calls.extensions.push(input);
      return { subscriptionId: input.subscriptionId ?? `sub_new_${input.userId}` };
    },
    async cancelSubscription(subscriptionId) {
      calls.cancellations.push(subscriptionId);
    },
    async parseWebhook(raw, signature) {
      if (signature !== GOOD_SIGNATURE) throw new BadSignatureError();
      return JSON.parse(raw) as ProviderEvent;
    },
  };

  const applyProfile = (userId: string, change: ProfileSubscriptionChange) => {
    const profile = profiles.get(userId);
    if (!profile) return;
    profiles.set(userId, {
      ...profile,
      subscriptionStatus: change.subscriptionStatus,
      subscriptionPlan: change.subscriptionPlan,
      trialEndsAt: change.trialEndsAt ?? profile.trialEndsAt,
      pastDueSince: change.pastDueSince,
    });
  };

  const deps: AccountsDeps & WebhookDeps = {
    clock,
    ids,
    gateway,
    appUrl: () => 'https://app.test',
    repo: {
      getAccount: async (userId) => structuredClone(accounts.get(userId) ?? null),
      getProfile: async (userId) => structuredClone(profiles.get(userId) ?? null),
      createAccount: async (account) => {
        if (accounts.has(account.userId)) return 'exists';
        accounts.set(account.userId, structuredClone(account));
        links.set(account.customerId, account.userId);
        return 'committed';
      },
      setFirstSubscription: async (userId, subscriptionId, now) => {
        const account = accounts.get(userId);
        if (account && account.subscriptionId === null)
          accounts.set(userId, { ...account, subscriptionId, updatedAt: now });
      },
      recordTrialExtension: async (userId, subscriptionId, item, now) => {
        const account = accounts.get(userId);
        if (!account) throw new Error('no account');
        accounts.set(userId, { ...account, subscriptionId, updatedAt: now });
        audit.push(item);
      },
      userOfCustomer: async (customerId) => links.get(customerId) ?? null,
      wasApplied: async (eventId) => processed.has(eventId),
      apply: async (change) => {
        hooks.beforeApply?.();
        hooks.beforeApply = undefined;
        if (processed.has(change.eventId)) return 'duplicate';
        const current = accounts.get(change.userId) ?? null;
        if (change.account && (current?.lastEventCreated ?? null) !== change.account.readLastEventCreated)
          return 'changed';
        if (change.card && (!current || (current.cardEventCreated ?? 0) > change.created)) return 'stale';
        if (change.profile && !profiles.has(change.userId)) return 'ignored';
        const invoiceKey = change.invoice ? `${change.userId}#${change.invoice.invoiceId}` : '';
        if (change.invoice && (invoices.get(invoiceKey)?.lastEventCreated ?? 0) > change.created)
          return 'stale';
        processed.add(change.eventId);
        if (change.linkCustomer) links.set(change.customerId, change.userId);
        if (change.account) accounts.set(change.userId, structuredClone(change.account.record));
        if (change.card && current)
          accounts.set(change.userId, { ...current, card: change.card, cardEventCreated: change.created });
        if (change.profile) applyProfile(change.userId, change.profile);
        if (change.invoice) invoices.set(invoiceKey, structuredClone(change.invoice));
        events.push(...change.events);
        return 'applied';
      },
    },
  };

  return { deps, clock, accounts, links, profiles, processed, invoices, audit, events, calls, hooks };
}

export function profileOf(userId: string, overrides: Partial<BillingProfile> = {}): BillingProfile {
  return {
    userId,
    role: 'store',
    businessName: 'Kicks Ltd',
    contactEmail: `${userId}@example.com`,
    language: 'en',
    subscriptionStatus: 'trial',
    subscriptionPlan: 'trial',
    trialEndsAt: '2026-12-06T10:00:00.000Z',
    pastDueSince: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
