import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { badgeEntity } from '../matching/badge-entity';
import { dealEntity } from '../matching/deal-entity';
import { itemStateEntity } from '../matching/item-state-entity';
import { preferencesEntity } from '../preferences/preferences-entity';
import type { DealsEraseRepository } from './domain';

/** Queries and deletes in the account's partitions; no Scan. */
export function createDealsEraseRepository(client: DocumentClient, table: string): DealsEraseRepository {
  const { states, deals, preferences, badges } = new Service(
    { states: itemStateEntity, deals: dealEntity, preferences: preferencesEntity, badges: badgeEntity },
    { client, table },
  ).entities;
  return {
    async deleteStates(userId, itemIds) {
      if (itemIds.length) await states.delete(itemIds.map((itemId) => ({ userId, itemId }))).go();
    },
    async deleteDeals(userId, limit) {
      const { data } = await deals.query
        .byUser({ userId })
        .go({ limit, attributes: ['myItemId', 'theirItemId', 'partnerId'] });
      if (!data.length) return 0;
      await deals
        .delete(data.map((d) => ({ userId: d.partnerId, myItemId: d.theirItemId, theirItemId: d.myItemId })))
        .go();
      await deals
        .delete(data.map((d) => ({ userId, myItemId: d.myItemId, theirItemId: d.theirItemId })))
        .go();
      return data.length;
    },
    async deleteSettings(userId) {
      const [prefs, badge] = await Promise.all([
        preferences.get({ userId }).go({ attributes: ['userId'] }),
        badges.get({ userId }).go({ attributes: ['userId'] }),
      ]);
      if (prefs.data) await preferences.delete({ userId }).go();
      if (badge.data) await badges.delete({ userId }).go();
      return (prefs.data ? 1 : 0) + (badge.data ? 1 : 0);
    },
  };
}
