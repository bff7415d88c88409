import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { profileView } from '@sneakers/shared/views/profile-view';
import { OWNER_FIELDS, type OwnerDirectory } from './ports';

/**
 * Access pattern: one GetItem (projected) on the owner's profile row, owned by the profiles
 * service. A closing account's profile reads as absent: its public lists are offline from
 * the moment the closure is asked (docs/product/accounts.md#closing-the-account).
 */
export function createOwnerDirectory(client: DocumentClient, table: string): OwnerDirectory {
  const { owner } = new Service({ owner: profileView }, { client, table }).entities;
  return {
    async get(userId) {
      const { data } = await owner.get({ userId }).go({ attributes: [...OWNER_FIELDS, 'closingSince'] });
      if (!data || data.closingSince) return null;
      const { closingSince: _closing, ...fields } = data;
      return toRecord(profileView.schema, fields);
    },
  };
}
