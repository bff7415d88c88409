import { Service } from 'electrodb';
import type { DocumentClient } from '@sneakers/shared/table/client';
import type { ProfileChanges, ProfileRecord, ProfileRepository } from '../domain/profile';
import { isConditionalFailure, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { profileEntity, type ProfileItem } from './profile-entity';

const NULLABLE = ['instagramHandle', 'discord', 'avatarUrl'] as const;

function toRecord(item: ProfileItem): ProfileRecord {
  return {
    ...item,
    instagramHandle: item.instagramHandle ?? null,
    discord: item.discord ?? null,
    avatarUrl: item.avatarUrl ?? null,
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
      try {
        await entity.create(withoutNulls(profile) as ProfileItem).go();
        return true;
      } catch (error) {
        if (isConditionalFailure(error)) return false;
        throw error;
      }
    },
    async update(userId, changes: ProfileChanges, updatedAt) {
      const set = withoutNulls({ ...changes, updatedAt });
      const remove = NULLABLE.filter((k) => changes[k] === null);
      try {
        const { data } = await entity.patch({ userId }).set(set).remove(remove).go({ response: 'all_new' });
        return toRecord(data as ProfileItem);
      } catch (error) {
        if (isConditionalFailure(error)) return null;
        throw error;
      }
    },
  };
}
