import type { auditItem } from '@sneakers/shared/audit/audit-item';
import type { Clock } from '@sneakers/shared/clock';
import type { AccessRule, FeatureFlag } from '@sneakers/shared/contracts/flags';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { buildEvent, flagsChanged } from '@sneakers/events';
import type { UsageRepository } from '../usage/ports';
import type { UserAccessRepository } from '../user-access/ports';

/**
 * What the flags and access rules use cases need from storage (`repository.ts` implements
 * it; `test/unit/memory.ts` in memory).
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

export interface FlagsDeps {
  config: FlagConfigRepository;
  /** A deleted flag's grants go with it (`purgeGrants`). */
  userAccess: UserAccessRepository;
  /** The flag list shows each flag's last evaluation. */
  usage: UsageRepository;
  clock: Clock;
  ids: IdGenerator;
}
