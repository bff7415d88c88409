import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ApiKeyItem } from './api-key-entity';

/** A store's API key as the use cases see it (absent revokedAt as null). */
export type ApiKeyRecord = RecordOf<ApiKeyItem>;

/** What a valid key resolves to: the store it opens and the key's id. */
export interface ResolvedKey {
  storeUserId: string;
  keyId: string;
  /** The store's account is closing (docs/product/accounts.md#closing-the-account): the key is refused. */
  closing?: boolean;
}

export type CreateKeyOutcome = 'created' | 'duplicate' | 'limit';

/** What the key use cases need from storage; `repository.ts` implements it. */
export interface KeysRepository {
  /** The store's keys, newest first (one Query). */
  listKeys(storeUserId: string): Promise<ApiKeyRecord[]>;
  /** When each key was last used (the per-key usage rows the limits write). */
  lastUsed(keyIds: string[]): Promise<Map<string, string>>;
  getKey(storeUserId: string, keyId: string): Promise<ApiKeyRecord | null>;
  /**
   * One transaction: the idempotency claim ('duplicate'), the active-key tally below the
   * maximum ('limit'), the key and its lookup row by hash.
   */
  createKey(record: ApiKeyRecord, claim: IdempotencyClaim): Promise<CreateKeyOutcome>;
  /** Marks the key revoked, deletes its lookup row and counts it off; 'stale' if already revoked. */
  revokeKey(record: ApiKeyRecord, revokedAt: string): Promise<'revoked' | 'stale'>;
  /** The caller's role from their profile (null while onboarding). */
  roleOf(userId: string): Promise<'store' | 'reseller' | null>;
}

export interface KeysDeps {
  repo: KeysRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
  /** A new key's secret (key-format.ts generateApiKey); tests pass a fixed one. */
  newSecret: () => string;
  /** Forgets a key in this container's lookup cache: a revocation bites at once here. */
  forget: (keyId: string) => void;
}

/** The authorizer's lookup: the active key behind a hash, or null. */
export interface KeyLookup {
  findByHash(keyHash: string): Promise<ResolvedKey | null>;
}
