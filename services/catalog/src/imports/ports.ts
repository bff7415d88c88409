import type { Clock } from '@sneakers/shared/clock';
import type { ProductInput } from '@sneakers/shared/contracts/catalog';
import type { ImportJob } from '@sneakers/shared/contracts/catalog-tools';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { ImportJobRow } from './import-entity';

/** Marketplace products per step: one marketplace page. */
export const IMPORT_PAGE_SIZE = 25;
/** A step's hold on its job: longer than any request may run (API Gateway stops at 29 s). */
export const IMPORT_LEASE_MS = 60_000;

export type ImportMode = ImportJob['mode'];
export type ImportStatus = ImportJob['status'];

/**
 * A job as the use cases see it: its row with absent attributes as null, `importId` as `id`
 * (the contract's name), and without the lease's id, which only the store's conditions read.
 * `leaseUntil` is the epoch ms until which a step holds the job; null when none does.
 */
export type ImportRecord = Omit<RecordOf<ImportJobRow>, 'importId' | 'leaseId'> & { id: string };

export interface PageOutcome {
  nextPage: number;
  completed: boolean;
  totalPages: number;
  totalProducts: number;
  created: number;
  updated: number;
  failed: number;
}

export interface ImportStore {
  create(record: ImportRecord): Promise<void>;
  get(id: string): Promise<ImportRecord | null>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<ImportRecord>>;
  /**
   * Takes the job for one step: only while `nextPage` is still `page`, the job is not
   * completed and no other step holds an unexpired lease. 'busy' otherwise.
   */
  claim(args: {
    id: string;
    page: number;
    leaseId: string;
    leaseUntil: number;
    now: number;
  }): Promise<'committed' | 'busy'>;
  /** Records the page (counts added) and releases the lease; 'lost' if the lease expired and another step took it. */
  finishPage(args: {
    id: string;
    leaseId: string;
    outcome: PageOutcome;
    at: string;
  }): Promise<'committed' | 'lost'>;
  /** Marks the job failed with the error, keeping nextPage for a retry; releases the lease. */
  failPage(args: { id: string; leaseId: string; error: string; at: string }): Promise<'committed' | 'lost'>;
}

/** One marketplace page as catalogue inputs (import-page.ts; catalog-fetcher in a deployment). */
export interface ImportPageData {
  /** The search's total and page size (the job's progress). */
  count: number;
  pageSize: number;
  hasNextPage: boolean;
  /** The page's products that mapped, in the marketplace's order. */
  inputs: ProductInput[];
  /** Products the search rejected or that could not be read or mapped. */
  failed: number;
}

export interface ImportPageSource {
  fetchPage(job: { mode: ImportMode; value: string }, page: number): Promise<ImportPageData>;
}

export interface ImportDeps {
  imports: ImportStore;
  pages: ImportPageSource;
  /** The catalogue's upsert by SKU (`upsertProducts` of ../products/domain). */
  upsert(inputs: ProductInput[]): Promise<{ created: number; updated: number }>;
  clock: Clock;
  ids: IdGenerator;
}
