import type { Clock } from '@sneakers/shared/clock';
import type { Role, SubscriptionPlan } from '@sneakers/shared/contracts/profiles';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { AuditRecord, FlagConfigRepository, FlagsChangedEvent } from '../flags/ports';
import type { DeveloperOverrideRow } from './developer-override-entity';
import type { FeatureGrantRow } from './feature-grant-entity';

/**
 * What the grants and overrides use cases need from storage (`repository.ts` and
 * `profile-directory.ts` implement it; `test/unit/memory.ts` in memory).
 */

/** A developer override's listing row, absent attributes as null (`list` is the one partition). */
export type OverrideRecord = Omit<RecordOf<DeveloperOverrideRow>, 'list'>;

/** An override as the user's decision document holds it. */
export type StoredOverride = Pick<OverrideRecord, 'enabled' | 'expiresAt'>;

/** One user's decision document. `updatedAt` null: no row yet. */
export interface UserAccessDocument {
  userId: string;
  grants: Record<string, boolean>;
  overrides: Record<string, StoredOverride>;
  updatedAt: string | null;
}

/** A grant's listing row. */
export type GrantRecord = FeatureGrantRow;

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

export interface UserAccessDeps {
  userAccess: UserAccessRepository;
  /** A grant names an existing flag. */
  config: FlagConfigRepository;
  profiles: ProfileDirectory;
  clock: Clock;
  ids: IdGenerator;
}
