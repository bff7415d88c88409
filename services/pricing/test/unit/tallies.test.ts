import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import { pricingThingCreated, buildEvent } from '@sneakers/events';
import { countThing, getTally } from '../../src/tallies/domain';
import { memoryDeps } from './memory';

const A: Actor = { kind: 'user', userId: 'user-a', isSuperuser: false, isDemo: false };
const created = (eventId: string, ownerUserId = 'user-a') =>
  buildEvent(
    pricingThingCreated,
    { ownerUserId, thingId: `thing-${eventId}` },
    { eventId, occurredAt: '2026-11-22T10:00:00Z' },
  ).detail;

describe('pricing tallies', () => {
  it('is zero before the first thing is counted', async () => {
    const { talliesDeps } = memoryDeps();
    expect(await getTally(talliesDeps, A)).toEqual({ things: 0, updatedAt: null });
  });

  it('counts each created event once, for its owner only', async () => {
    const { talliesDeps, clock } = memoryDeps();
    await countThing(talliesDeps, created('evt-1'));
    await countThing(talliesDeps, created('evt-2'));
    await countThing(talliesDeps, created('evt-1'));
    await countThing(talliesDeps, created('evt-3', 'user-b'));
    expect(await getTally(talliesDeps, A)).toEqual({ things: 2, updatedAt: clock.now().toISOString() });
  });

  it('answers signed-out callers 401', async () => {
    const { talliesDeps } = memoryDeps();
    await expect(getTally(talliesDeps, ANONYMOUS)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });
});
