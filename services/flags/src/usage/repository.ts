import type { DocumentClient } from '@sneakers/shared/table/client';
import { conditional } from '@sneakers/shared/table/transaction';
import type { UsageRepository } from './ports';
import { flagUsageEntity, USAGE_LIST } from './flag-usage-entity';

/** Usage rows: one Query for all of them; a conditional update (upsert) per report. */
export function createUsageRepository(client: DocumentClient, table: string): UsageRepository {
  const usage = flagUsageEntity;
  const options = { client, table };
  return {
    async all() {
      const { data } = await usage.query.byFeature({ list: USAGE_LIST }).go({ pages: 'all', ...options });
      return new Map(data.map((row) => [row.feature, row.lastEvaluatedAt]));
    },
    async markSeen(feature, at, dayStart) {
      const outcome = await conditional(
        () =>
          usage
            .update({ list: USAGE_LIST, feature })
            .set({ lastEvaluatedAt: at })
            .where(
              ({ lastEvaluatedAt }, { notExists, lt }) =>
                `${notExists(lastEvaluatedAt)} OR ${lt(lastEvaluatedAt, dayStart)}`,
            )
            .go(options),
        'skipped',
      );
      return outcome === 'committed';
    },
  };
}
