import type { DealHide } from '@sneakers/shared/contracts/deals';
import { batchGetRows, entityNameOf } from '@sneakers/shared/table/batch-get';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { profileView } from '@sneakers/shared/views/profile-view';
import { ratingSummaryView } from '@sneakers/shared/views/rating-summary-view';
import { badgeEntity } from '../matching/badge-entity';
import { dealEntity } from '../matching/deal-entity';
import { storedDealOf } from '../matching/repository';
import { preferencesEntity } from '../preferences/preferences-entity';
import type { BoardFresh, BoardRepository } from './ports';

/** The preferences' defaults while the user has changed nothing (docs/product/deals.md). */
const DEFAULT_PREFERENCES: BoardFresh['preferences'] = {
  resaleFeeBasisPoints: 0,
  shippingCents: 0,
  hides: [],
};

function hidesOf(json: string): DealHide[] {
  try {
    const parsed: unknown = JSON.parse(json);
    // Written only by src/preferences, from DealHide values.
    return Array.isArray(parsed) ? (parsed as DealHide[]) : [];
  } catch {
    return [];
  }
}

/** Access patterns: services/deals/README.md. */
export function createBoardRepository(client: DocumentClient, table: string): BoardRepository {
  const service = new Service({ deals: dealEntity, badges: badgeEntity }, { client, table });
  const { deals, badges } = service.entities;

  return {
    async deals(userId) {
      const { data } = await deals.query.byUser({ userId }).go({ pages: 'all' });
      return data.map(storedDealOf);
    },
    async fresh(userId, partnerIds) {
      const keys = [
        preferencesEntity.key({ userId }),
        badgeEntity.key({ userId }),
        profileView.key({ userId }),
        ...partnerIds.map((id) => ratingSummaryView.key({ userId: id })),
      ];
      const rows = await batchGetRows(client, table, keys);
      const fresh: BoardFresh = {
        preferences: DEFAULT_PREFERENCES,
        badge: { newDeals: 0, lastSeenAt: null },
        profile: null,
        ratings: new Map(),
      };
      for (const row of rows) {
        const entity = entityNameOf(row);
        if (entity === preferencesEntity.schema.model.entity) {
          const { data } = preferencesEntity.parse({ Item: row });
          if (data)
            fresh.preferences = {
              resaleFeeBasisPoints: data.resaleFeeBasisPoints,
              shippingCents: data.shippingCents,
              hides: hidesOf(data.hides),
            };
        } else if (entity === badgeEntity.schema.model.entity) {
          const { data } = badgeEntity.parse({ Item: row });
          if (data) fresh.badge = { newDeals: data.newDeals, lastSeenAt: data.lastSeenAt ?? null };
        } else if (entity === profileView.schema.model.entity) {
          const { data } = profileView.parse(
            { Item: row },
            { attributes: ['role', 'profileVisibleInDeals'] },
          );
          if (data)
            fresh.profile = { role: data.role, profileVisibleInDeals: data.profileVisibleInDeals ?? true };
        } else if (entity === ratingSummaryView.schema.model.entity) {
          const { data } = ratingSummaryView.parse({ Item: row });
          if (data) fresh.ratings.set(data.userId, { count: data.count, sum: data.sum });
        }
      }
      return fresh;
    },
    async badge(userId) {
      const { data } = await badges.get({ userId }).go();
      return { newDeals: data?.newDeals ?? 0, lastSeenAt: data?.lastSeenAt ?? null };
    },
    async markSeen(userId, at) {
      await badges.upsert({ userId, newDeals: 0, lastSeenAt: at }).go();
    },
  };
}
