import type { auditItem } from '@sneakers/shared/audit/audit-item';
import type { Clock } from '@sneakers/shared/clock';
import type { AccessRule, FeatureFlag } from '@sneakers/shared/contracts/flags';
import type { Role, SubscriptionPlan } from '@sneakers/shared/contracts/profiles';
import type { FeatureAccessLoader } from '@sneakers/shared/feature-access/loader';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { buildEvent, flagsChanged } from '@sneakers/events';

/**
 * What the flags use cases need from storage, one port per access pattern
 * (`src/store/*-repository.ts` implement them; `test/unit/memory.ts` in memory).
 */

export type FlagsChangedEvent = ReturnType<typeof buildEvent<typeof flagsChanged.data>>;
export type AuditRecord = ReturnType<typeof auditItem>;

/** The single decision document with every flag and rule. Revision 0: no row yet. */
export interface FlagConfigDocument {
  flags: FeatureFlag[];
  rules: AccessRule[];
  revision: number;
}

export interface ConfigWrite {
  flags: FeatureFlag[];
  rules: AccessRule[];
  at: string;
  audit: AuditRecord;
  event: FlagsChangedEvent;
  /** A deleted flag's usage row goes in the same transaction. */
  deleteUsageOf?: string;
}

export interface FlagConfigRepository {
  /** Strongly consistent: a write re-applies its change to exactly what it read. */
  get(): Promise<FlagConfigDocument>;
  /**
   * One transaction: the document at `revision + 1` (only while it is still at `revision`;
   * absent for 0), the audit entry and the outbox event. 'stale' when another write came
   * first: the caller re-reads and re-applies.
   */
  save(revision: number, write: ConfigWrite): Promise<'committed' | 'stale'>;
}

export interface StoredOverride {
  enabled: boolean;
  expiresAt: string | null;
}

/** One user's decision document. `updatedAt` null: no row yet. */
export interface UserAccessDocument {
  userId: string;
  grants: Record<string, boolean>;
  overrides: Record<string, StoredOverride>;
  updatedAt: string | null;
}

export interface GrantRecord {
  feature: string;
  userId: string;
  granted: boolean;
  updatedAt: string;
}

export interface OverrideRecord extends StoredOverride {
  userId: string;
  feature: string;
  updatedAt: string;
}

/** The listing row written beside the user's document (stamped with the document's `updatedAt`). */
export type ListingChange =
  | { kind: 'putGrant'; grant: Omit<GrantRecord, 'updatedAt'> }
  | { kind: 'deleteGrant'; feature: string; userId: string }
  | { kind: 'putOverride'; override: Omit<OverrideRecord, 'updatedAt'> }
  | { kind: 'deleteOverride'; userId: string; feature: string };

export interface UserAccessWrite {
  grants: Record<string, boolean>;
  overrides: Record<string, StoredOverride>;
  updatedAt: string;
  listing: ListingChange;
  /** Absent only for the clean-up after a flag's deletion, which the flag's own entry records. */
  audit?: AuditRecord;
  event?: FlagsChangedEvent;
}

export interface UserAccessRepository {
  /** Strongly consistent (read before a conditional write). */
  get(userId: string): Promise<UserAccessDocument>;
  /**
   * One transaction: the user's document (only while its `updatedAt` is still `expected`;
   * absent for null), the listing row, the audit entry and the event. 'stale' when another
   * write to this user came first.
   */
  save(userId: string, expected: string | null, write: UserAccessWrite): Promise<'committed' | 'stale'>;
  /** The grants of one flag (one partition). */
  grantsOf(feature: string): Promise<GrantRecord[]>;
  /** Every developer override (one partition). */
  overrides(): Promise<OverrideRecord[]>;
}

export interface UsageRepository {
  /** Feature name → last evaluation (one partition). */
  all(): Promise<Map<string, string>>;
  /** Sets lastEvaluatedAt = `at` unless it is already on or after `dayStart`; true when stored. */
  markSeen(feature: string, at: string, dayStart: string): Promise<boolean>;
}

/** A user as the screens show them, from their profile. */
export interface UserSummary {
  userId: string;
  businessName: string;
  email: string;
  role: Role;
  plan: SubscriptionPlan;
  isSuperuser: boolean;
}

export interface ProfileDirectory {
  get(userId: string): Promise<UserSummary | null>;
  /** Only the users that have a profile. */
  getMany(userIds: readonly string[]): Promise<Map<string, UserSummary>>;
}

export interface FlagsDeps {
  config: FlagConfigRepository;
  userAccess: UserAccessRepository;
  usage: UsageRepository;
  profiles: ProfileDirectory;
  /** The shared loader (flags.me answers exactly what enforcement reads). */
  access: Pick<FeatureAccessLoader, 'config' | 'forUser'>;
  clock: Clock;
  ids: IdGenerator;
}
