import type { Clock } from '@sneakers/shared/clock';
import type { EraseClient } from '@sneakers/shared/portability/client';
import type { accountClosureRequested, accountDeleted, buildEvent } from '@sneakers/events';
import type { ProfileRecord } from '../profiles/ports';

export interface ClosureRecord {
  userId: string;
  username: string;
  contactEmail: string;
  language: 'en' | 'es';
  businessName: string;
  requestedAt: string;
  deleteAfter: string;
  done: string[];
}

export type ClosureRequestedEvent = ReturnType<typeof buildEvent<typeof accountClosureRequested.data>>;
export type AccountDeletedEvent = ReturnType<typeof buildEvent<typeof accountDeleted.data>>;

export interface ClosureRepository {
  get(userId: string): Promise<ClosureRecord | null>;
  profile(userId: string): Promise<ProfileRecord | null>;
  /**
   * One transaction: the closure (conditional on absence), the profile marked closing, the
   * event. 'pending' when a closure already exists.
   */
  request(closure: ClosureRecord, event: ClosureRequestedEvent): Promise<'committed' | 'pending'>;
  /** Removes the closure and the profile's mark; false when there was none. */
  cancel(userId: string): Promise<boolean>;
  /** Closures whose deleteAfter is at or before `now`, oldest first. */
  due(now: string, limit: number): Promise<ClosureRecord[]>;
  markDone(userId: string, step: string): Promise<void>;
  /** One transaction: the profile and the closure go, the final event is written. */
  finish(userId: string, event: AccountDeletedEvent): Promise<void>;
}

/** The user pool as the closure needs it. */
export interface ClosureDirectory {
  /** The Cognito username behind the access token. */
  usernameOf(accessToken: string): Promise<string>;
  /** Throws 400 WRONG_PASSWORD when the password is not the user's. */
  checkPassword(username: string, password: string): Promise<void>;
  /** Revokes every session (GlobalSignOut with the token). */
  signOutEverywhere(accessToken: string): Promise<void>;
  /** AdminDeleteUser; a user already gone is fine. */
  deleteUser(username: string): Promise<void>;
}

/** The user's uploads (avatars) in the uploads bucket. */
export interface UploadsEraser {
  /** Deletes every object under the prefix; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
}

export interface ClosureDeps {
  repo: ClosureRepository;
  directory: ClosureDirectory;
  uploads: UploadsEraser;
  portability: EraseClient;
  clock: Clock;
  /** The grace period (ACCOUNT_CLOSURE_GRACE_DAYS, shortened by ACCOUNT_CLOSURE_GRACE_MS in tests). */
  graceMs: number;
}
