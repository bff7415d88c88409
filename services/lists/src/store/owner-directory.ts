import { Service } from 'electrodb';
import type { DocumentClient } from '@sneakers/shared/table/client';
import type { OwnerDirectory } from '../domain/public-list';
import { ownerProfileEntity } from './owner-profile-entity';

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

/** Access pattern: one GetItem (projected) on the owner's profile row. */
export function createOwnerDirectory(client: DocumentClient, table: string): OwnerDirectory {
  const { owner } = new Service({ owner: ownerProfileEntity }, { client, table }).entities;
  return {
    async get(userId) {
      const { data } = await owner.get({ userId }).go({ attributes: [...FIELDS] });
      if (!data) return null;
      return {
        userId: data.userId,
        role: data.role,
        businessName: data.businessName,
        contactEmail: data.contactEmail,
        instagramHandle: data.instagramHandle ?? null,
        location: data.location,
        avatarUrl: data.avatarUrl ?? null,
        publicWtbList: data.publicWtbList,
        publicWtsList: data.publicWtsList,
        publicWtcList: data.publicWtcList,
      };
    },
  };
}
