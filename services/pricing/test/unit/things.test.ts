import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import { pricingThingCreateSchema } from '@sneakers/shared/contracts/pricing';
import { pricingThingCreated, buildEvent } from '@sneakers/events';
import { createThing, listThings, onThingCreated } from '../../src/things/domain';
import { memoryDeps } from './memory';

const user = (userId: string, isDemo = false): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo,
});
const A = user('user-a');
const B = user('user-b');
const headers = (key: string) => ({ 'idempotency-key': key });
const input = (name: string) => pricingThingCreateSchema.parse({ name });

async function code(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (typeof error !== 'object' || error === null) return null;
  return ['status' in error ? error.status : undefined, 'code' in error ? error.code : undefined];
}

describe('pricing things', () => {
  it("lists only the caller's things, newest first, page by page", async () => {
    const { deps } = memoryDeps();
    await createThing(deps, A, headers('key-a-0001'), input('First'));
    await createThing(deps, A, headers('key-a-0002'), input('Second'));
    await createThing(deps, B, headers('key-b-0001'), input('Not yours'));

    const first = await listThings(deps, A, { limit: 1 });
    expect(first.items.map((t) => t.name)).toEqual(['Second']);
    const second = await listThings(deps, A, { limit: 1, cursor: first.cursor ?? undefined });
    expect(second).toEqual({ items: [expect.objectContaining({ name: 'First' })], cursor: null });
    expect((await listThings(deps, B, {})).items.map((t) => t.name)).toEqual(['Not yours']);
  });

  it('writes the thing with its created event', async () => {
    const { deps, events } = memoryDeps();
    const { thing, created } = await createThing(deps, A, headers('key-a-0001'), input('  Trimmed  '));
    expect(created).toBe(true);
    expect(thing).toMatchObject({ name: 'Trimmed', processedAt: null });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      detailType: pricingThingCreated.detailType,
      detail: { data: { ownerUserId: 'user-a', thingId: thing.id } },
    });
  });

  it('replays a retried create and refuses the same key with another body', async () => {
    const { deps, things } = memoryDeps();
    const first = await createThing(deps, A, headers('key-a-0001'), input('Once'));
    const retry = await createThing(deps, A, headers('key-a-0001'), input('Once'));
    expect(retry).toEqual({ thing: first.thing, created: false });
    expect(things.size).toBe(1);
    expect(await code(createThing(deps, A, headers('key-a-0001'), input('Other')))).toEqual([
      409,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    // Keys are scoped to their owner: B's first use of the same key creates.
    expect((await createThing(deps, B, headers('key-a-0001'), input('Once'))).created).toBe(true);
  });

  it('refuses a create without a valid Idempotency-Key', async () => {
    const { deps } = memoryDeps();
    expect(await code(createThing(deps, A, {}, input('No key')))).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it('refuses demo writes (403) and signed-out callers (401)', async () => {
    const { deps } = memoryDeps();
    expect(await code(createThing(deps, user('demo-1', true), headers('key-demo-01'), input('x')))).toEqual([
      403,
      'DEMO_MODE',
    ]);
    expect(await code(listThings(deps, ANONYMOUS, {}))).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('marks a thing processed once, however often its event is delivered', async () => {
    const { deps, clock } = memoryDeps();
    const { thing } = await createThing(deps, A, headers('key-a-0001'), input('Event'));
    const detail = buildEvent(
      pricingThingCreated,
      { ownerUserId: 'user-a', thingId: thing.id },
      { eventId: 'evt-1', occurredAt: thing.createdAt },
    ).detail;
    await onThingCreated(deps, detail);
    const processedAt = (await listThings(deps, A, {})).items[0]?.processedAt;
    expect(processedAt).toBe(clock.now().toISOString());
    clock.advance(60_000);
    await onThingCreated(deps, detail);
    expect((await listThings(deps, A, {})).items[0]?.processedAt).toBe(processedAt);
  });
});
