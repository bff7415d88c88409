import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import type { ThingsRepository } from './ports';
import { thingEntity, type ThingItem } from './thing-entity';

const DEFAULT_PAGE = 25;

const toThingRecord = (item: ThingItem) => toRecord(thingEntity.schema, item);

/** Access patterns and transactions: see the service's README. */
export function createThingsRepository(client: DocumentClient, table: string): ThingsRepository {
  const service = new Service(
    { things: thingEntity, idempotency: idempotencyEntity, outbox: outboxEntity },
    { client, table },
  );
  const { things } = service.entities;

  return {
    listThings: (ownerUserId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => things.query.byOwner({ ownerUserId }).go({ order: 'desc', ...go }),
        toThingRecord,
      ),
    createThing: (record, claim, event) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, things: t, outbox }) => [
              idempotency.create(claim).commit(),
              t.create(toRow(record)).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        // Positional, as DynamoDB reports them: only the claim's condition may fail.
        ['duplicate', null, null],
      ),
    markProcessed: (ownerUserId, id, at) =>
      conditional(
        () =>
          things
            .patch({ ownerUserId, id })
            .set({ processedAt: at })
            .where(({ processedAt }, { notExists }) => notExists(processedAt))
            .go(),
        'skipped',
      ),
  };
}
