import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { epochSeconds } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { COUNTED_EVENT_TTL_SECONDS, countedEventEntity } from './counted-event-entity';
import type { TalliesRepository } from './ports';
import { tallyEntity } from './tally-entity';

/** Access patterns and transactions: see the service's README. */
export function createTalliesRepository(client: DocumentClient, table: string): TalliesRepository {
  const service = new Service({ tallies: tallyEntity, counted: countedEventEntity }, { client, table });
  const { tallies } = service.entities;

  return {
    async getTally(ownerUserId) {
      const { data } = await tallies.get({ ownerUserId }).go();
      return data ? toRecord(tallyEntity.schema, data) : null;
    },
    countThing: (ownerUserId, eventId, at) =>
      transact(
        () =>
          service.transaction
            .write(({ counted, tallies: t }) => [
              counted
                .create({
                  eventId,
                  countedAt: at,
                  ttl: epochSeconds(Date.parse(at)) + COUNTED_EVENT_TTL_SECONDS,
                })
                .commit(),
              t.update({ ownerUserId }).add({ things: 1 }).set({ updatedAt: at }).commit(),
            ])
            .go(),
        ['duplicate', null],
      ),
  };
}
