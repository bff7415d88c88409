import type { Clock } from '@sneakers/shared/clock';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { pricingThingCreated, buildEvent } from '@sneakers/events';
import type { ThingItem } from './thing-entity';

/** A thing as the use cases see it: the stored row with its absent attributes as null. */
export type ThingRecord = RecordOf<ThingItem>;

export type ThingCreatedEvent = ReturnType<typeof buildEvent<typeof pricingThingCreated.data>>;

/** What the things use cases need from storage; ./repository.ts implements it. */
export interface ThingsRepository {
  /** The owner's things, newest first. */
  listThings(ownerUserId: string, page: PageRequest): Promise<Page<ThingRecord>>;
  /**
   * One transaction: the idempotency claim (conditional on absence), the thing and its
   * event. 'duplicate' when a parallel request with the same key committed first.
   */
  createThing(
    record: ThingRecord,
    claim: IdempotencyClaim,
    event: ThingCreatedEvent,
  ): Promise<'committed' | 'duplicate'>;
  /** Sets processedAt unless it is set already or the thing is gone ('skipped'). */
  markProcessed(ownerUserId: string, thingId: string, at: string): Promise<'committed' | 'skipped'>;
}

export interface ThingsDeps {
  repo: ThingsRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
