import { Service } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { queryPage } from '@sneakers/shared/table/paging';
import { orNull } from '@sneakers/shared/table/store-helpers';
import { conditional } from '@sneakers/shared/table/transaction';
import { importJobEntity, type ImportJobRow } from './import-entity';
import type { ImportRecord, ImportStore } from './imports';

const DEFAULT_PAGE = 20;

const toRecord = (row: ImportJobRow): ImportRecord => ({
  id: row.importId,
  mode: row.mode,
  value: row.value,
  status: row.status,
  nextPage: row.nextPage,
  totalPages: orNull(row.totalPages),
  totalProducts: orNull(row.totalProducts),
  pagesDone: row.pagesDone,
  newCount: row.newCount,
  updatedCount: row.updatedCount,
  failedCount: row.failedCount,
  lastError: orNull(row.lastError),
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  leaseUntil: orNull(row.leaseUntil),
});

/** Import jobs in the service's table (see import-entity.ts for the keys and the lease). */
export function createImportStore(client: DocumentClient, table: string): ImportStore {
  const jobs = new Service({ imports: importJobEntity }, { client, table }).entities.imports;

  return {
    async create(record) {
      await jobs
        .create({
          importId: record.id,
          mode: record.mode,
          value: record.value,
          status: record.status,
          nextPage: record.nextPage,
          pagesDone: record.pagesDone,
          newCount: record.newCount,
          updatedCount: record.updatedCount,
          failedCount: record.failedCount,
          createdBy: record.createdBy,
          createdAt: record.createdAt,
          updatedAt: record.updatedAt,
        })
        .go();
    },
    async get(id) {
      const { data } = await jobs.get({ importId: id }).go({ consistent: true });
      return data ? toRecord(data) : null;
    },
    list: (page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => jobs.query.byJob({}).go({ order: 'desc', ...go }),
        toRecord,
      ),
    claim: ({ id, page, leaseId, leaseUntil, now }) =>
      conditional(
        () =>
          jobs
            .patch({ importId: id })
            .set({ leaseId, leaseUntil, status: 'running' })
            .where(
              ({ nextPage, status, leaseUntil: held }, { eq, ne, notExists, lt }) =>
                `${eq(nextPage, page)} AND ${ne(status, 'completed')} AND (${notExists(held)} OR ${lt(held, now)})`,
            )
            .go(),
        'busy',
      ),
    finishPage: ({ id, leaseId, outcome, at }) =>
      conditional(
        () =>
          jobs
            .patch({ importId: id })
            .set({
              status: outcome.completed ? 'completed' : 'running',
              nextPage: outcome.nextPage,
              totalPages: outcome.totalPages,
              totalProducts: outcome.totalProducts,
              updatedAt: at,
            })
            .add({
              pagesDone: 1,
              newCount: outcome.created,
              updatedCount: outcome.updated,
              failedCount: outcome.failed,
            })
            .remove(['leaseId', 'leaseUntil', 'lastError'])
            .where(({ leaseId: held }, { eq }) => eq(held, leaseId))
            .go(),
        'lost',
      ),
    failPage: ({ id, leaseId, error, at }) =>
      conditional(
        () =>
          jobs
            .patch({ importId: id })
            .set({ status: 'failed', lastError: error, updatedAt: at })
            .remove(['leaseId', 'leaseUntil'])
            .where(({ leaseId: held }, { eq }) => eq(held, leaseId))
            .go(),
        'lost',
      ),
  };
}
