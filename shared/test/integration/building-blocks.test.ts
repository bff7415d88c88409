import { randomUUID } from 'node:crypto';
import { Service } from '@sneakers/shared/table/entity';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { idempotencyEntity, createIdempotencyStore } from '../../src/idempotency/entity';
import { beginIdempotent } from '../../src/idempotency/idempotency';
import { createRateLimiter } from '../../src/rate-limit/store';
import { createDocumentClient } from '../../src/table/client';
import { outboxEntity, outboxItem } from '../../src/table/outbox';
import { queryPage } from '../../src/table/paging';
import { transact } from '../../src/table/transaction';
import { LOCAL_NAMES } from '../../../localstack/src/names';
import { cloud } from '../../../tests/support/cloud-client';

/** The shared building blocks against the real DynamoDB Local of the local cloud. */
function table() {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  return { client, name: cloud().tableName || LOCAL_NAMES.table };
}

describe('idempotency record in a real transaction', () => {
  it('lets one of two parallel creates with the same key commit; the other reads the winner', async () => {
    const { client, name } = table();
    const service = new Service({ keys: idempotencyEntity, outbox: outboxEntity }, { client, table: name });
    const store = createIdempotencyStore(client, name);
    const scope = `test.create#${randomUUID()}`;
    const headers = { 'idempotency-key': `key-${randomUUID()}` };
    const now = new Date();

    const create = async (id: string) => {
      const request = await beginIdempotent({
        store,
        scope,
        headers,
        request: { same: true },
        now,
        result: z.object({ id: z.string() }),
      });
      if (request.replay) return { id: request.replay.id, created: false };
      const event = {
        eventId: id,
        source: 'test',
        detailType: 'Test.Created',
        detail: {},
        occurredAt: now.toISOString(),
      };
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ keys, outbox }) => [
              keys.create(request.claim({ id })).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate'],
      );
      if (outcome === 'duplicate') return { id: (await request.winner()).id, created: false };
      return { id, created: true };
    };

    const [a, b] = await Promise.all([create(randomUUID()), create(randomUUID())]);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    expect(a.id).toBe(b.id);
    // A later retry replays without writing.
    expect(await create(randomUUID())).toEqual({ id: a.id, created: false });
  });
});

describe('rate limiter', () => {
  it('gives out `limit` slots per window under parallel takes, and a released slot again', async () => {
    const { client, name } = table();
    const limiter = createRateLimiter(client, name);
    const bucket = `test.limit#${randomUUID()}`;
    const now = new Date();
    const taken = await Promise.all(
      Array.from({ length: 6 }, () => limiter.take(bucket, { limit: 3, windowMs: 60_000 }, now)),
    );
    const slots = taken.filter((s) => s !== null);
    expect(slots).toHaveLength(3);
    await limiter.release(slots[0]!);
    expect(await limiter.take(bucket, { limit: 3, windowMs: 60_000 }, now)).not.toBeNull();
    // One window later every slot is free again.
    expect(
      await limiter.take(bucket, { limit: 3, windowMs: 60_000 }, new Date(now.getTime() + 60_000)),
    ).not.toBeNull();
  });
});

describe('paging over a real query', () => {
  it('walks every page with the cursors it issues and refuses a forged one with 400', async () => {
    const { client, name } = table();
    const limiter = createRateLimiter(client, name);
    const bucket = `test.pages#${randomUUID()}`;
    for (let i = 0; i < 5; i++) await limiter.take(bucket, { limit: 5, windowMs: 60_000 }, new Date());
    const { rateSlotEntity } = await import('../../src/rate-limit/store');
    const slots = new Service({ slots: rateSlotEntity }, { client, table: name }).entities.slots;

    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryPage(
        { cursor, limit: 2 },
        { defaultLimit: 25 },
        (go) => slots.query.byBucket({ bucket }).go(go),
        (row) => row.slot,
      );
      seen.push(...page.items);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([0, 1, 2, 3, 4]);

    const forged = Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', extra: 'z' })).toString('base64url');
    await expect(
      queryPage(
        { cursor: forged },
        { defaultLimit: 25 },
        (go) => slots.query.byBucket({ bucket }).go(go),
        (row) => row.slot,
      ),
    ).rejects.toMatchObject({ status: 400 });
    const otherPartition = Buffer.from(JSON.stringify({ pk: 'someone-else', sk: 'y' })).toString('base64url');
    await expect(
      queryPage(
        { cursor: otherPartition },
        { defaultLimit: 25 },
        (go) => slots.query.byBucket({ bucket }).go(go),
        (row) => row.slot,
      ),
    ).rejects.toMatchObject({ status: 400 });
  });
});
