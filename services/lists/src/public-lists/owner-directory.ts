import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { profileView } from '@sneakers/shared/views/profile-view';
import { OWNER_FIELDS, type OwnerDirectory } from './ports';

/** Access pattern: one GetItem (projected) on the owner's profile row, owned by the profiles service. */
export function createOwnerDirectory(client: DocumentClient, table: string): OwnerDirectory {
  const { owner } = new Service({ owner: profileView }, { client, table }).entities;
  return {
    async get(userId) {
      const { data } = await owner.get({ userId }).go({ attributes: [...OWNER_FIELDS] });
      return data ? toRecord(profileView.schema, data) : null;
    },
  };
}
