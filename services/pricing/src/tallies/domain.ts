import type * as z from 'zod/mini';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { PricingTally } from '@sneakers/shared/contracts/pricing';
import type { pricingThingCreated, EventDetail } from '@sneakers/events';
import type { TalliesDeps } from './ports';

/** The caller's tally; zero before their first thing is counted. */
export async function getTally(deps: Pick<TalliesDeps, 'repo'>, actor: Actor): Promise<PricingTally> {
  const user = requireUser(actor);
  const tally = await deps.repo.getTally(user.userId);
  return { things: tally?.things ?? 0, updatedAt: tally?.updatedAt ?? null };
}

/** Consumer of `PricingThing.Created`: counts each event once, however often it is delivered. */
export async function countThing(
  deps: TalliesDeps,
  detail: EventDetail<z.output<typeof pricingThingCreated.data>>,
): Promise<void> {
  await deps.repo.countThing(detail.data.ownerUserId, detail.eventId, deps.clock.now().toISOString());
}
