import { describe, expect, it } from 'vitest';
import { createDealsThing, getDealsTally } from '@sneakers/shared/contracts/deals';
import { poll } from '../../../../tests/support/cloud-client';
import { key, signedInUser } from './support';

describe('deals tallies through the local gateway', () => {
  it("counts the caller's things once the events function consumed their events", async () => {
    const { client: a } = await signedInUser();
    const { client: b } = await signedInUser();
    expect(await a.call(getDealsTally)).toEqual({ tally: { things: 0, updatedAt: null } });
    for (const name of ['One', 'Two'])
      await a.call(createDealsThing, { body: { name }, idempotencyKey: key() });

    const { tally } = await poll(
      () => a.call(getDealsTally),
      ({ tally: t }) => t.things === 2,
    );
    expect(tally.things).toBe(2);
    expect((await b.call(getDealsTally)).tally.things).toBe(0);
  });
});
