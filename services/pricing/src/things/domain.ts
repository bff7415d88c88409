import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  pricingThingSchema,
  type pricingThingCreateSchema,
  type PricingThing,
} from '@sneakers/shared/contracts/pricing';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { pricingThingCreated, buildEvent, type EventDetail } from '@sneakers/events';
import type { ThingRecord, ThingsDeps } from './ports';

/**
 * The things use cases: pure, their storage and clock injected (./ports.ts). Every record
 * belongs to the verified caller (`actor.userId`), never to an id from the request.
 */
export function toThing(record: ThingRecord): PricingThing {
  return { id: record.id, name: record.name, processedAt: record.processedAt, createdAt: record.createdAt };
}

export async function listThings(
  deps: Pick<ThingsDeps, 'repo'>,
  actor: Actor,
  page: PageRequest,
): Promise<Page<PricingThing>> {
  const user = requireUser(actor);
  return mapPage(await deps.repo.listThings(user.userId, page), toThing);
}

/** Idempotent create: a retry with the same Idempotency-Key answers the first result. */
export async function createThing(
  deps: ThingsDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: z.output<typeof pricingThingCreateSchema>,
): Promise<{ thing: PricingThing; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `pricing.thing#${user.userId}`,
    headers,
    request: input,
    now,
    result: pricingThingSchema,
  });
  if (request.replay) return { thing: request.replay, created: false };

  const record: ThingRecord = {
    ownerUserId: user.userId,
    id: deps.ids.next(),
    name: input.name,
    processedAt: null,
    createdAt: now.toISOString(),
  };
  const event = buildEvent(
    pricingThingCreated,
    { ownerUserId: user.userId, thingId: record.id },
    { eventId: deps.ids.next(), occurredAt: record.createdAt },
  );
  const thing = toThing(record);
  const outcome = await deps.repo.createThing(record, request.claim(thing), event);
  if (outcome === 'duplicate') return { thing: await request.winner(), created: false };
  return { thing, created: true };
}

/**
 * Consumer of `PricingThing.Created`. The bus delivers at least once, so handling it
 * twice must change nothing: processedAt is only set while absent.
 */
export async function onThingCreated(
  deps: Pick<ThingsDeps, 'repo' | 'clock'>,
  detail: EventDetail<z.output<typeof pricingThingCreated.data>>,
): Promise<void> {
  const { ownerUserId, thingId } = detail.data;
  await deps.repo.markProcessed(ownerUserId, thingId, deps.clock.now().toISOString());
}
