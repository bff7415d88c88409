import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import { API_KEYS_MAX_ACTIVE, type ApiKey } from '@sneakers/shared/contracts/store-api';
import { ConflictError, ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import * as z from 'zod/mini';
import { hashApiKey, shownPrefixOf } from './key-format';
import type { ApiKeyRecord, KeysDeps } from './ports';

/**
 * The store's API keys (docs/product/store-api.md#api-keys). Store accounts only; the demo
 * store reads its seeded list and writes nothing (DEMO_MODE). Only the SHA-256 of a key is
 * kept: the secret is answered once, by the create, and never again (not even on a replay).
 */
export const STORE_ONLY_CODE = 'STORE_ONLY';
export const STORE_ONLY_MESSAGE = 'API keys are for store accounts only.';
export const API_KEY_LIMIT_CODE = 'API_KEY_LIMIT';
export const API_KEY_ALREADY_CREATED_CODE = 'API_KEY_ALREADY_CREATED';

async function requireStore(deps: KeysDeps, user: UserActor): Promise<void> {
  // The demo store is a store; its profile may be seeded later than its first read.
  if (user.isDemo) return;
  if ((await deps.repo.roleOf(user.userId)) !== 'store')
    throw new ForbiddenError(STORE_ONLY_MESSAGE, STORE_ONLY_CODE);
}

function toApiKey(record: ApiKeyRecord, lastUsedAt: string | undefined): ApiKey {
  return {
    id: record.keyId,
    name: record.name,
    prefix: record.prefix,
    active: record.revokedAt === null,
    createdAt: record.createdAt,
    lastUsedAt: lastUsedAt ?? null,
    revokedAt: record.revokedAt,
  };
}

export async function listApiKeys(deps: KeysDeps, actor: Actor): Promise<{ keys: ApiKey[] }> {
  const user = requireUser(actor);
  await requireStore(deps, user);
  const records = await deps.repo.listKeys(user.userId);
  const lastUsed = records.length
    ? await deps.repo.lastUsed(records.map((r) => r.keyId))
    : new Map<string, string>();
  return { keys: records.map((r) => toApiKey(r, lastUsed.get(r.keyId))) };
}

/** What an Idempotency-Key record keeps of a create: the key's id, never its secret. */
const createdSchema = z.object({ keyId: z.string() });

export async function createApiKey(
  deps: KeysDeps,
  actor: Actor,
  input: { name: string },
  headers: Record<string, string>,
): Promise<{ key: ApiKey; secret: string }> {
  const user = requireWriter(actor);
  await requireStore(deps, user);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `store-api.key#${user.userId}`,
    headers,
    request: input,
    now,
    result: createdSchema,
  });
  // The secret was shown once and is not kept: a retry cannot answer it again.
  const alreadyCreated = () =>
    new ConflictError(
      'This key was already created and its secret shown once. Revoke it if the secret was lost, and create another.',
      API_KEY_ALREADY_CREATED_CODE,
    );
  if (request.replay) throw alreadyCreated();
  const secret = deps.newSecret();
  const record: ApiKeyRecord = {
    storeUserId: user.userId,
    keyId: deps.ids.next(),
    name: input.name,
    prefix: shownPrefixOf(secret),
    keyHash: hashApiKey(secret),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  const outcome = await deps.repo.createKey(record, request.claim({ keyId: record.keyId }));
  if (outcome === 'duplicate') {
    await request.winner();
    throw alreadyCreated();
  }
  if (outcome === 'limit')
    throw new ConflictError(
      `A store can have at most ${API_KEYS_MAX_ACTIVE} active API keys. Revoke one you no longer use first.`,
      API_KEY_LIMIT_CODE,
    );
  return { key: toApiKey(record, undefined), secret };
}

/** Idempotent: revoking a revoked key answers it as it is. Another store's key is 404. */
export async function revokeApiKey(deps: KeysDeps, actor: Actor, keyId: string): Promise<{ key: ApiKey }> {
  const user = requireWriter(actor);
  await requireStore(deps, user);
  const record = await deps.repo.getKey(user.userId, keyId);
  if (!record) throw new NotFoundError('No such API key.', 'API_KEY_NOT_FOUND');
  let revoked = record;
  if (record.revokedAt === null) {
    const revokedAt = deps.clock.now().toISOString();
    const outcome = await deps.repo.revokeKey(record, revokedAt);
    revoked =
      outcome === 'revoked'
        ? { ...record, revokedAt }
        : ((await deps.repo.getKey(user.userId, keyId)) ?? record);
  }
  deps.forget(keyId);
  const lastUsed = await deps.repo.lastUsed([keyId]);
  return { key: toApiKey(revoked, lastUsed.get(keyId)) };
}
