import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

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
