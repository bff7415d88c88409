import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import type { ScraperRunStore } from './ports';
import { scraperRunEntity } from './run-entity';

/** The last run's one row (static keys): every run overwrites it. */
export function createScraperRunStore(client: DocumentClient, table: string): ScraperRunStore {
  const runs = new Service({ runs: scraperRunEntity }, { client, table }).entities.runs;
  return {
    async recordLast(run) {
      await runs.put(toRow(run)).go();
    },
    async last() {
      const { data } = await runs.get({}).go({ consistent: true });
      return data ? toRecord(scraperRunEntity.schema, data) : null;
    },
  };
}
