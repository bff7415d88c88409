import { Service } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { nullKeys, orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { conditional, isConditionalFailure } from '@sneakers/shared/table/transaction';
import type { ProfileChanges, ProfileRecord, ProfileRepository } from '../domain/profile';
import { profileEntity, type ProfileItem } from './profile-entity';

const NULLABLE = ['instagramHandle', 'discord', 'avatarUrl'] as const;

/** Nulls are stored as absent attributes. */
function toItem(record: ProfileRecord): ProfileItem {
  return withoutNulls(record);
}

function toRecord(item: ProfileItem): ProfileRecord {
  return {
    ...item,
    instagramHandle: orNull(item.instagramHandle),
    discord: orNull(item.discord),
    avatarUrl: orNull(item.avatarUrl),
  };
}

/** Access patterns: GetItem by user id; conditional Put to create; conditional Update. */
export function createProfileRepository(client: DocumentClient, table: string): ProfileRepository {
  const { profile: entity } = new Service({ profile: profileEntity }, { client, table }).entities;

  return {
    async get(userId) {
      const { data } = await entity.get({ userId }).go();
      return data ? toRecord(data) : null;
    },
    async create(profile) {
      return (await conditional(() => entity.create(toItem(profile)).go(), 'exists')) === 'committed';
    },
    async update(userId, changes: ProfileChanges, updatedAt) {
      try {
        // A patch is conditional on the row existing.
        const { data } = await entity
          .patch({ userId })
          .set(withoutNulls({ ...changes, updatedAt }))
          .remove(nullKeys(changes, NULLABLE))
          .go({ response: 'all_new' });
        return toRecord(data);
      } catch (error) {
        if (isConditionalFailure(error)) return null;
        throw error;
      }
    },
  };
}
