/**
 * What applying a provider webhook needs (docs/product/billing.md): who the
 * customer is, the account as last applied, and one transaction that writes the whole
 * change or nothing.
 */
import type { BillingPaymentMethod } from '@sneakers/shared/contracts/billing';
import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { SubscriptionPlan, SubscriptionStatus } from '@sneakers/shared/contracts/profile-values';
import type { buildEvent } from '@sneakers/events';
import type { BillingAccount } from '../accounts/ports';
import type { InvoiceRecord } from '../invoices/ports';
import type { BillingGateway } from '../provider/ports';

export type BillingEvent = ReturnType<typeof buildEvent>;

/** The profile's subscription fields (shared/src/billing/profile-subscription.ts); null trialEndsAt: unchanged. */
export interface ProfileSubscriptionChange {
  subscriptionStatus: SubscriptionStatus;
  subscriptionPlan: SubscriptionPlan;
  trialEndsAt: string | null;
  pastDueSince: string | null;
}

/** Everything one provider event changes, written in one transaction. */
export interface WebhookChange {
  eventId: string;
  userId: string;
  customerId: string;
  /** Unix seconds on the provider's clock. */
  created: number;
  appliedAt: string;
  /** The customer's link to the user is written (it was missing). */
  linkCustomer: boolean;
  /** A subscription event: the whole account, if it is still as it was read (`lastEventCreated`). */
  account: { record: BillingAccount; readLastEventCreated: number | null } | null;
  /** A card event: the account's card, unless a later card event was applied. */
  card: BillingPaymentMethod | null;
  profile: ProfileSubscriptionChange | null;
  invoice: InvoiceRecord | null;
  events: BillingEvent[];
}

/**
 * - duplicate: the event id was applied before;
 * - stale: a later event of the same thing (invoice, card) was applied;
 * - ignored: the user has no profile;
 * - changed: the account changed since it was read (read it again and plan again).
 */
export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'changed';

export interface WebhookRepository {
  userOfCustomer(customerId: string): Promise<string | null>;
  getAccount(userId: string): Promise<BillingAccount | null>;
  wasApplied(eventId: string): Promise<boolean>;
  apply(change: WebhookChange): Promise<ApplyOutcome>;
}

export interface WebhookDeps {
  repo: WebhookRepository;
  gateway: BillingGateway;
  clock: Clock;
  ids: IdGenerator;
}
