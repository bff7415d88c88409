import { describe, expect, it } from 'vitest';
import { createPricingThing, getPricingTally } from '@sneakers/shared/contracts/pricing';
import { poll } from '../../../../tests/support/cloud-client';
import { key, signedInUser } from './support';

describe('pricing tallies through the local gateway', () => {
  it("counts the caller's things once the events function consumed their events", async () => {
    const { client: a } = await signedInUser();
    const { client: b } = await signedInUser();
    expect(await a.call(getPricingTally)).toEqual({ tally: { things: 0, updatedAt: null } });
    for (const name of ['One', 'Two'])
      await a.call(createPricingThing, { body: { name }, idempotencyKey: key() });

    const { tally } = await poll(
      () => a.call(getPricingTally),
      ({ tally: t }) => t.things === 2,
    );
    expect(tally.things).toBe(2);
    expect((await b.call(getPricingTally)).tally.things).toBe(0);
  });
});
