import { Service } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { orNull } from '@sneakers/shared/table/store-helpers';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { OwnerDirectory } from '../domain/public-list';

const FIELDS = [
  'userId',
  'role',
  'businessName',
  'contactEmail',
  'instagramHandle',
  'location',
  'avatarUrl',
  'publicWtbList',
  'publicWtsList',
  'publicWtcList',
] as const;

/** Access pattern: one GetItem (projected) on the owner's profile row, owned by the profiles service. */
export function createOwnerDirectory(client: DocumentClient, table: string): OwnerDirectory {
  const { owner } = new Service({ owner: profileView }, { client, table }).entities;
  return {
    async get(userId) {
      const { data } = await owner.get({ userId }).go({ attributes: [...FIELDS] });
      if (!data) return null;
      return {
        ...data,
        instagramHandle: orNull(data.instagramHandle),
        avatarUrl: orNull(data.avatarUrl),
      };
    },
  };
}
