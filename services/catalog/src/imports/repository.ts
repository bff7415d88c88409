import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional } from '@sneakers/shared/table/transaction';
import { importJobEntity, type ImportJobRow } from './import-entity';
import type { ImportRecord, ImportStore } from './ports';

const DEFAULT_PAGE = 20;

/** The row's key is `importId`, the record's `id`; the lease's id stays in the row. */
const toImportRecord = (row: ImportJobRow): ImportRecord => {
  const { importId, leaseId: _lease, ...fields } = toRecord(importJobEntity.schema, row);
  return { id: importId, ...fields };
};

/** Import jobs in the service's table (see import-entity.ts for the keys and the lease). */
export function createImportStore(client: DocumentClient, table: string): ImportStore {
  const jobs = new Service({ imports: importJobEntity }, { client, table }).entities.imports;

  return {
    async create({ id, ...fields }) {
      await jobs.create({ ...toRow(fields), importId: id }).go();
    },
    async get(id) {
      const { data } = await jobs.get({ importId: id }).go({ consistent: true });
      return data ? toImportRecord(data) : null;
    },
    list: (page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => jobs.query.byJob({}).go({ order: 'desc', ...go }),
        toImportRecord,
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
