import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { itemView } from '@sneakers/shared/views/item-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { ITEM_FIELDS, PROFILE_FIELDS, type OfferTargets } from './ports';

/**
 * Access patterns: one projected GetItem of the offered item (the lists service's row) and
 * of a profile (the profiles service's row), through the shared read-only views.
 */
export function createTargetReads(client: DocumentClient, table: string): OfferTargets {
  const { item, profile } = new Service({ item: itemView, profile: profileView }, { client, table }).entities;
  return {
    async getItem(ownerId, listType, itemId) {
      const { data } = await item
        .get({ userId: ownerId, listType, id: itemId })
        .go({ attributes: [...ITEM_FIELDS] });
      return data ? toRecord(itemView.schema, data) : null;
    },
    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...PROFILE_FIELDS] });
      return data ?? null;
    },
  };
}
