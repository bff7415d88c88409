import { Entity, Service, type EntityItem } from '@sneakers/shared/table/entity';
import type { ScraperRunSummary } from '@sneakers/shared/contracts/catalog';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';

/**
 * The scraper's last run (the scraper page's "last run" line, manual or scheduled): one
 * row with static keys, overwritten by every run. Only the summary is kept: the releases
 * themselves are in the catalogue once saved, and a test run's are the caller's to show.
 */
export const scraperRunEntity = new Entity({
  model: { entity: 'catalogScraperRun', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ranAt: { type: 'string', required: true },
    trigger: { type: ['manual_test', 'save_to_db', 'schedule'] as const, required: true },
    success: { type: 'boolean', required: true },
    totalFound: { type: 'number', required: true },
    processed: { type: 'number', required: true },
    errorCount: { type: 'number', required: true },
    savedCount: { type: 'number' },
    error: { type: 'string' },
    /** Who ran it; absent for the schedule. */
    actorUserId: { type: 'string' },
  },
  indexes: {
    last: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: [] } },
  },
});

export type ScraperRunRow = EntityItem<typeof scraperRunEntity>;

export interface ScraperRunRecord extends ScraperRunSummary {
  error: string | null;
  actorUserId: string | null;
}

export interface ScraperRunStore {
  recordLast(run: ScraperRunRecord): Promise<void>;
  last(): Promise<ScraperRunRecord | null>;
}

export function createScraperRunStore(client: DocumentClient, table: string): ScraperRunStore {
  const runs = new Service({ runs: scraperRunEntity }, { client, table }).entities.runs;
  return {
    async recordLast(run) {
      await runs.put(withoutNulls(run)).go();
    },
    async last() {
      const { data } = await runs.get({}).go({ consistent: true });
      if (!data) return null;
      return {
        ranAt: data.ranAt,
        trigger: data.trigger,
        success: data.success,
        totalFound: data.totalFound,
        processed: data.processed,
        errorCount: data.errorCount,
        savedCount: orNull(data.savedCount),
        error: orNull(data.error),
        actorUserId: orNull(data.actorUserId),
      };
    },
  };
}
