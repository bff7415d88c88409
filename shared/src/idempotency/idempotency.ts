import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { BadRequestError, ConflictError } from '../errors';

/**
 * Idempotent creates (docs/architecture.md#idempotent-requests): the client sends an Idempotency-Key header; the first
 * request with a key writes one record (scope + key, a fingerprint of the request and
 * what it created) in the same transaction as what it creates. A retry with the same key
 * and the same request replays the first result; the same key with another request is a
 * 409. The use case flow:
 *
 *   const request = await beginIdempotent({ store, scope, headers, request: input, now, result: schema });
 *   if (request.replay) return replay(request.replay);            // the first result
 *   const outcome = await repo.create(record, request.claim({ id })); // the claim in the transaction
 *   if (outcome === 'duplicate') return replay(await request.winner()); // a parallel twin won
 */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The Idempotency-Key header: 8 to 100 visible ASCII characters, else 400. */
export function idempotencyKeyFrom(headers: Record<string, string>): string {
  const key = headers['idempotency-key']?.trim();
  if (!key || key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(key))
    throw new BadRequestError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `An Idempotency-Key header of ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters is required.`,
    );
  return key;
}

/** SHA-256 of the request as JSON. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The stored record, as the store reads it back. */
export interface StoredIdempotency {
  scope: string;
  key: string;
  fingerprint: string;
  result: unknown;
  createdAt: string;
}

/** What a repository writes, as the first item of its create transaction (conditional on absence). */
export interface IdempotencyClaim extends StoredIdempotency {
  /** Epoch seconds: DynamoDB removes the record a day later. */
  ttl: number;
}

/** The read side a use case needs; `createIdempotencyStore` implements it. */
export interface IdempotencyStore {
  get(scope: string, key: string): Promise<StoredIdempotency | null>;
}

export const keyReused = () =>
  new ConflictError(
    'This Idempotency-Key was already used for a different request.',
    'IDEMPOTENCY_KEY_REUSED',
  );

export interface IdempotentRequest<R> {
  /** The first request's result when this is a retry. */
  replay: R | null;
  /** The record to write with the create. */
  claim(result: R): IdempotencyClaim;
  /** After a 'duplicate' outcome: the result of the parallel request that won. */
  winner(): Promise<R>;
}

export async function beginIdempotent<R>(input: {
  store: IdempotencyStore;
  /** Who and what the key belongs to, e.g. `crm.booking#<storeUserId>`. */
  scope: string;
  headers: Record<string, string>;
  /** What makes two requests the same (the validated input, plus anything from the path). */
  request: unknown;
  now: Date;
  /** The shape of the stored result, checked when it is read back. */
  result: z.ZodMiniType<R>;
}): Promise<IdempotentRequest<R>> {
  const key = idempotencyKeyFrom(input.headers);
  const print = fingerprint(input.request);

  const resultOf = (stored: StoredIdempotency): R => {
    if (stored.fingerprint !== print) throw keyReused();
    const parsed = input.result.safeParse(stored.result);
    // A record of another shape under this scope and key was written by another operation.
    if (!parsed.success) throw keyReused();
    return parsed.data;
  };

  const previous = await input.store.get(input.scope, key);
  return {
    replay: previous ? resultOf(previous) : null,
    claim: (result) => ({
      scope: input.scope,
      key,
      fingerprint: print,
      result,
      createdAt: input.now.toISOString(),
      ttl: Math.floor((input.now.getTime() + IDEMPOTENCY_TTL_MS) / 1000),
    }),
    async winner() {
      const stored = await input.store.get(input.scope, key);
      if (!stored) throw new Error('Idempotency record vanished after a duplicate');
      return resultOf(stored);
    },
  };
}
