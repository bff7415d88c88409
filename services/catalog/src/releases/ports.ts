import type { ProductInput } from '@sneakers/shared/contracts/catalog';
import type { ReleaseItem, SCRAPER_TRIGGERS } from '@sneakers/shared/contracts/catalog-tools';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ProductsDeps } from '../products/ports';
import type { ReleaseIssue } from './release-issue';
import type { ScraperRunRow } from './run-entity';

export type ScraperTrigger = (typeof SCRAPER_TRIGGERS)[number];

/** One scrape's releases, each as the page shows it and as the catalogue's input (feed.ts; catalog-fetcher). */
export interface MappedReleases {
  /** Releases listed, malformed ones included. */
  totalFound: number;
  /** Malformed releases (counted as errors, not kept). */
  issues: ReleaseIssue[];
  releases: { item: ReleaseItem; input: ProductInput }[];
}

/** The release calendar, read and mapped; throws ReleaseSourceError when it cannot be read. */
export interface ReleaseFeed {
  fetchMapped(): Promise<MappedReleases>;
}

export type ScraperDeps = ProductsDeps & { releases: ReleaseFeed; scraperRuns: ScraperRunStore };

export interface ScraperRequest {
  trigger: ScraperTrigger;
  saveToDatabase: boolean;
}

/** What the scraper logs about a run (the result itself goes to the caller). */
export interface ScraperLog {
  warn(message: string, details: Record<string, unknown>): void;
}

/** The last run's summary as stored: absent `savedCount`, `error` and `actorUserId` are null. */
export type ScraperRunRecord = RecordOf<ScraperRunRow>;

export interface ScraperRunStore {
  recordLast(run: ScraperRunRecord): Promise<void>;
  last(): Promise<ScraperRunRecord | null>;
}
