import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  beginIdempotent,
  idempotencyKeyFrom,
  type IdempotencyClaim,
  type IdempotencyStore,
  type StoredIdempotency,
} from '../src/idempotency/idempotency';

const now = new Date('2026-11-23T10:00:00Z');
const result = z.object({ id: z.string() });

function memoryStore(): IdempotencyStore & { put(claim: IdempotencyClaim): void } {
  const rows = new Map<string, StoredIdempotency>();
  return {
    async get(scope, key) {
      return rows.get(`${scope}\u0000${key}`) ?? null;
    },
    put({ ttl: _ttl, ...claim }) {
      rows.set(`${claim.scope}\u0000${claim.key}`, claim);
    },
  };
}

const headers = { 'idempotency-key': 'key-12345678' };

describe('idempotent requests', () => {
  it('requires a key of 8 to 100 visible characters', () => {
    for (const bad of [undefined, '', 'short', 'x'.repeat(101), 'has space in it']) {
      expect(() => idempotencyKeyFrom(bad === undefined ? {} : { 'idempotency-key': bad })).toThrow(
        expect.objectContaining({ status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' }),
      );
    }
    expect(idempotencyKeyFrom({ 'idempotency-key': '  key-12345678 ' })).toBe('key-12345678');
  });

  it('claims a first request and replays its result for a retry of the same request', async () => {
    const store = memoryStore();
    const first = await beginIdempotent({ store, scope: 's#u1', headers, request: { a: 1 }, now, result });
    expect(first.replay).toBeNull();
    const claim = first.claim({ id: 'r1' });
    expect(claim).toMatchObject({
      scope: 's#u1',
      key: 'key-12345678',
      result: { id: 'r1' },
      createdAt: now.toISOString(),
    });
    expect(claim.ttl).toBe(Math.floor(now.getTime() / 1000) + 24 * 3600);
    store.put(claim);

    const retry = await beginIdempotent({ store, scope: 's#u1', headers, request: { a: 1 }, now, result });
    expect(retry.replay).toEqual({ id: 'r1' });
  });

  it('refuses the same key with another request (409), and keeps scopes apart', async () => {
    const store = memoryStore();
    store.put(
      (await beginIdempotent({ store, scope: 's#u1', headers, request: { a: 1 }, now, result })).claim({
        id: 'r1',
      }),
    );
    await expect(
      beginIdempotent({ store, scope: 's#u1', headers, request: { a: 2 }, now, result }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const otherUser = await beginIdempotent({
      store,
      scope: 's#u2',
      headers,
      request: { a: 2 },
      now,
      result,
    });
    expect(otherUser.replay).toBeNull();
  });

  it('after a lost race, answers the winner’s result (or 409 when the winner sent another request)', async () => {
    const store = memoryStore();
    const mine = await beginIdempotent({ store, scope: 's', headers, request: { a: 1 }, now, result });
    const twin = await beginIdempotent({ store, scope: 's', headers, request: { a: 1 }, now, result });
    store.put(twin.claim({ id: 'twin' }));
    expect(await mine.winner()).toEqual({ id: 'twin' });

    const other = memoryStore();
    const loser = await beginIdempotent({
      store: other,
      scope: 's',
      headers,
      request: { a: 1 },
      now,
      result,
    });
    other.put(
      (await beginIdempotent({ store: other, scope: 's', headers, request: { a: 9 }, now, result })).claim({
        id: 'x',
      }),
    );
    await expect(loser.winner()).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});
