import type { Clock } from '@sneakers/shared/clock';
import type { Mailer } from '@sneakers/shared/email/mailer';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ProfileRepository } from '../profiles/ports';
import type { PasswordResetItem } from './password-reset-entity';

/** A reset link as stored, absent attributes as null; `ttl` is the table's business only. */
export type ResetRecord = Omit<RecordOf<PasswordResetItem>, 'ttl'>;

export interface ResetRepository {
  create(record: ResetRecord): Promise<void>;
  get(tokenHash: string): Promise<ResetRecord | null>;
  /** Conditional: succeeds only if the record is unused and unexpired at `now`. */
  claim(tokenHash: string, now: string): Promise<boolean>;
  /** Undoes a claim whose password change failed, so the link can be retried. */
  release(tokenHash: string, usedAt: string): Promise<void>;
}

export interface DirectoryUser {
  username: string;
  userId: string;
  email: string;
}

/** The user pool, as password reset needs it. */
export interface UserDirectory {
  findByEmail(email: string): Promise<DirectoryUser | null>;
  /** Throws a ValidationError when the pool refuses the password. */
  setPassword(username: string, password: string): Promise<void>;
}

export interface ResetDeps {
  resets: ResetRepository;
  /** Reset emails per address (RESET_EMAILS_PER_HOUR in a rolling hour). */
  limiter: RateLimiter;
  profiles: Pick<ProfileRepository, 'get'>;
  directory: UserDirectory;
  mailer: Mailer;
  clock: Clock;
  /** A fresh unguessable token (secureToken(32) in production). */
  newToken: () => string;
  appUrl: string;
  log: { warn(message: string, data?: Record<string, unknown>): void };
}
