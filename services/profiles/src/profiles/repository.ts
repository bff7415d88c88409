import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { conditional, isConditionalFailure, transact } from '@sneakers/shared/table/transaction';
import type { ProfileRepository } from './ports';
import { profileEntity } from './profile-entity';

/** The optional texts an update may clear: a null removes the attribute. */
const NULLABLE = ['instagramHandle', 'discord', 'avatarUrl'] as const;

/**
 * Access patterns: GetItem by user id; conditional Put to create (in one transaction with its
 * outbox event when there is one); conditional Update.
 */
export function createProfileRepository(client: DocumentClient, table: string): ProfileRepository {
  const service = new Service({ profile: profileEntity, outbox: outboxEntity }, { client, table });
  const { profile: entity } = service.entities;

  return {
    async get(userId) {
      const { data } = await entity.get({ userId }).go();
      return data ? toRecord(profileEntity.schema, data) : null;
    },
    async create(profile, event) {
      if (!event)
        return (await conditional(() => entity.create(toRow(profile)).go(), 'exists')) === 'committed';
      // The event id is the user's: an outbox row already there means the profile was created.
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ profile: p, outbox }) => [
              p.create(toRow(profile)).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['exists', 'exists'],
      );
      return outcome === 'committed';
    },
    async update(userId, changes, updatedAt) {
      try {
        // A patch is conditional on the row existing.
        const { data } = await entity
          .patch({ userId })
          .set(toRow({ ...changes, updatedAt }))
          .remove(nullKeys(changes, NULLABLE))
          .go({ response: 'all_new' });
        return toRecord(profileEntity.schema, data);
      } catch (error) {
        if (isConditionalFailure(error)) return null;
        throw error;
      }
    },
  };
}
