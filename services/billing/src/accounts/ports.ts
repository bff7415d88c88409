/**
 * What the billing account use cases need (docs/product/billing.md): the user's account at
 * the provider, the profile they are about (read through the shared view), the provider
 * itself, and the audit log a superuser's trial extension is recorded in.
 */
import type { auditItem } from '@sneakers/shared/audit/audit-item';
import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { EntityItem, RecordOf } from '@sneakers/shared/table/entity';
import type { profileView } from '@sneakers/shared/views/profile-view';
import type { BillingGateway } from '../provider/ports';
import type { BillingAccountRow } from './billing-account-entity';

export type BillingAccount = RecordOf<BillingAccountRow>;

/** What billing reads of the profiles service's row (shared/src/views/profile-view.ts). */
export const PROFILE_FIELDS = [
  'userId',
  'role',
  'businessName',
  'contactEmail',
  'language',
  'subscriptionStatus',
  'subscriptionPlan',
  'trialEndsAt',
  'pastDueSince',
  'createdAt',
] as const;
export type BillingProfile = RecordOf<Pick<EntityItem<typeof profileView>, (typeof PROFILE_FIELDS)[number]>>;

export type AuditItem = ReturnType<typeof auditItem>;

export interface AccountsRepository {
  getAccount(userId: string): Promise<BillingAccount | null>;
  getProfile(userId: string): Promise<BillingProfile | null>;
  /**
   * One transaction: the account (conditional on absence) and its customer's link to the
   * user. 'exists' when the account was made first (a retry, or a webhook that named the user).
   */
  createAccount(account: BillingAccount): Promise<'committed' | 'exists'>;
  /** Records the sign-up trial's subscription, unless the account already names one. */
  setFirstSubscription(userId: string, subscriptionId: string, now: string): Promise<void>;
  /** The audit entry of a trial extension, with the subscription it now runs on. */
  recordTrialExtension(userId: string, subscriptionId: string, audit: AuditItem, now: string): Promise<void>;
}

export interface AccountsDeps {
  repo: AccountsRepository;
  gateway: BillingGateway;
  clock: Clock;
  ids: IdGenerator;
  /** The SPA's origin: Checkout and the portal return to its billing section. */
  appUrl: () => string;
}
