import type { auditItem } from '@sneakers/shared/audit/audit-item';
import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { UsersRepository } from '../users/ports';
import type { ImpersonationItem } from './impersonation-entity';

/** An audit entry as the owning transaction writes it (`auditItem` of shared/src/audit). */
export type AuditItem = ReturnType<typeof auditItem>;

/**
 * An impersonation grant as the entity stores it, absent attributes as null (`ttl` is the
 * table's business only). Stored under the SHA-256 of its token (the token itself is never
 * stored): the HTTP pipeline of every service finds it by hash, the admin service by `id`.
 */
export type GrantRecord = Omit<RecordOf<ImpersonationItem>, 'ttl'>;

export interface ImpersonationRepository {
  /** One transaction: the grant (conditional on a new token hash) and its audit entry. */
  start(grant: GrantRecord, audit: AuditItem): Promise<void>;
  find(id: string): Promise<GrantRecord | null>;
  /**
   * One transaction: `stoppedAt` (conditional on the grant not being stopped yet) and the
   * audit entry; 'alreadyStopped' when another stop won, in which case nothing is written.
   */
  stop(grant: GrantRecord, stoppedAt: string, audit: AuditItem): Promise<'committed' | 'alreadyStopped'>;
}

/** Unguessable impersonation tokens (128 random bits, base64url); injected for tests. */
export interface TokenSource {
  next(): string;
}

export interface ImpersonationDeps {
  impersonations: ImpersonationRepository;
  users: Pick<UsersRepository, 'getUser'>;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenSource;
}
