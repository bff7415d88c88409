import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { profileEntity } from '../profiles/profile-entity';
import { closureEntity, type ClosureItem } from './closure-entity';
import type { ClosureRecord, ClosureRepository } from './ports';

const fromRow = (row: ClosureItem): ClosureRecord => ({
  userId: row.userId,
  username: row.username,
  contactEmail: row.contactEmail,
  language: row.language,
  businessName: row.businessName,
  requestedAt: row.requestedAt,
  deleteAfter: row.deleteAfter,
  done: row.done ?? [],
});

/**
 * Access patterns: the closure by user (GetItem); the due closures (gsi1, `deleteAfter` up to
 * now); request and cancel are transactions with the profile's `closingSince` mark.
 */
export function createClosureRepository(client: DocumentClient, table: string): ClosureRepository {
  const service = new Service(
    { closures: closureEntity, profiles: profileEntity, outbox: outboxEntity },
    { client, table },
  );
  const { closures, profiles } = service.entities;

  return {
    async get(userId) {
      const { data } = await closures.get({ userId }).go({ consistent: true });
      return data ? fromRow(data) : null;
    },
    async profile(userId) {
      const { data } = await profiles.get({ userId }).go();
      return data ? toRecord(profileEntity.schema, data) : null;
    },
    async request(closure, event) {
      const profile = await profiles.get({ userId: closure.userId }).go();
      return transact(
        () =>
          service.transaction
            .write(({ closures: c, profiles: p, outbox }) => [
              c.create({ ...closure }).commit(),
              ...(profile.data
                ? [p.patch({ userId: closure.userId }).set({ closingSince: closure.requestedAt }).commit()]
                : []),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        // Positional: only the closure's absence is a condition (a patch of a profile deleted
        // meanwhile fails too, which is as pending as anything).
        ['pending', 'pending', null],
      );
    },
    async cancel(userId) {
      const profile = await profiles.get({ userId }).go();
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ closures: c, profiles: p }) => [
              c
                .delete({ userId })
                .where(({ userId: id }, { exists }) => exists(id))
                .commit(),
              ...(profile.data ? [p.patch({ userId }).remove(['closingSince']).commit()] : []),
            ])
            .go(),
        ['missing', null],
      );
      return outcome === 'committed';
    },
    async due(now, limit) {
      const { data } = await closures.query.due({}).lte({ deleteAfter: now }).go({ limit });
      return data.map(fromRow);
    },
    async markDone(userId, step) {
      const { data } = await closures.get({ userId }).go({ consistent: true });
      if (!data || (data.done ?? []).includes(step)) return;
      await closures
        .patch({ userId })
        .set({ done: [...(data.done ?? []), step] })
        .go();
    },
    async finish(userId, event) {
      await transact(() =>
        service.transaction
          .write(({ closures: c, profiles: p, outbox }) => [
            p.delete({ userId }).commit(),
            c.delete({ userId }).commit(),
            outbox.create(outboxItem(event)).commit(),
          ])
          .go(),
      );
    },
  };
}
