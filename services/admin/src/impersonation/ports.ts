import type { Clock } from '@sneakers/shared/clock';
import type { AuditAction, AuditEntry, AdminUser } from '@sneakers/shared/contracts/admin';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { auditItem } from '@sneakers/shared/audit/audit-item';

/** An audit entry as the owning transaction writes it (`auditItem` of shared/src/audit). */
export type AuditItem = ReturnType<typeof auditItem>;

/** A profile as the admin service reads it (the profiles service owns the row). */
export type ProfileSummary = AdminUser;

/**
 * An impersonation grant. Stored under the SHA-256 of its token (the token itself is never
 * stored): the HTTP pipeline of every service finds it by hash, the admin service by `id`.
 */
export interface GrantRecord {
  tokenHash: string;
  id: string;
  superuserId: string;
  superuserEmail: string | null;
  targetUserId: string;
  targetEmail: string | null;
  startedAt: string;
  expiresAt: string;
  stoppedAt: string | null;
}

export interface UserQuery extends PageRequest {
  /** Lower-cased; matches inside the business name or the contact email. */
  search?: string | undefined;
}

export interface AuditQuery extends PageRequest {
  action?: AuditAction | undefined;
  /** Entries whose real actor is one of `userIds`, or whose recorded email contains `email` (lower-cased). */
  actor?: { userIds: string[]; email: string } | undefined;
}

/** What the admin use cases need from storage; `src/store/admin-repository.ts` implements it. */
export interface AdminRepository {
  /** Every profile, newest first, optionally only those matching `search`. */
  listUsers(query: UserQuery): Promise<Page<ProfileSummary>>;
  getUser(userId: string): Promise<ProfileSummary | null>;
  /** The ids of at most `max` users whose contact email contains `fragment` (lower-cased), newest first. */
  findUserIdsByEmail(fragment: string, max: number): Promise<string[]>;
  /** One transaction: the grant (conditional on a new token hash) and its audit entry. */
  startImpersonation(grant: GrantRecord, audit: AuditItem): Promise<void>;
  findImpersonation(id: string): Promise<GrantRecord | null>;
  /**
   * One transaction: `stoppedAt` (conditional on the grant not being stopped yet) and the
   * audit entry; 'alreadyStopped' when another stop won, in which case nothing is written.
   */
  stopImpersonation(
    grant: GrantRecord,
    stoppedAt: string,
    audit: AuditItem,
  ): Promise<'committed' | 'alreadyStopped'>;
  /** The audit log newest first, filtered. */
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>>;
}

/** Unguessable impersonation tokens (128 random bits, base64url); injected for tests. */
export interface TokenSource {
  next(): string;
}

export interface AdminDeps {
  repo: AdminRepository;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenSource;
}
