import type { DataImport } from '@sneakers/shared/contracts/migration';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { Service, toRow, type TransactionItem } from '@sneakers/shared/table/entity';
import { transact } from '@sneakers/shared/table/transaction';
import type { CsvDialect } from '../files/readers';
import {
  ACTIVE_JOBS,
  activeJobEntity,
  importEntity,
  importFailureEntity,
  importFixEntity,
  importRowsEntity,
  type ImportItem,
} from './import-entity';
import type { ImportRecord, ImportsRepository, RowFailure, RowFix, StoredRow } from './ports';

const DEFAULT_PAGE = 25;
/** DynamoDB's most actions in one TransactWriteItems (the import, an event, the marker, failures). */
const MAX_TRANSACTION_ACTIONS = 100;

/** Row numbers as sort keys: zero-padded so they sort in row order. */
export const rowKey = (row: number) => String(row).padStart(8, '0');

function toImportRecord(item: ImportItem): ImportRecord {
  return {
    ownerUserId: item.ownerUserId,
    id: item.id,
    kind: item.kind,
    fileName: item.fileName,
    size: item.size,
    format: item.format ?? null,
    status: item.status,
    sheets: item.sheets as string[],
    sheet: item.sheet ?? null,
    headerRow: item.headerRow ?? null,
    headers: (item.headers as string[] | undefined) ?? null,
    source: item.source ?? null,
    columns: item.columns as DataImport['columns'],
    rows: item.rows as DataImport['rows'],
    validation: (item.validation as DataImport['validation'] | undefined) ?? null,
    dryRun: dryRunOf(item.dryRun),
    progress: item.progress as DataImport['progress'],
    undo: (item.undo as DataImport['undo'] | undefined) ?? null,
    error: (item.error as DataImport['error'] | undefined) ?? null,
    dialect: (item.dialect as CsvDialect | undefined) ?? null,
    startKey: item.startKey ?? null,
    undoCursor: item.undoCursor ?? null,
    errorReport: item.errorReport ?? null,
    sheetRows: item.sheetRows ?? null,
    validateLine: item.validateLine ?? null,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    startedAt: item.startedAt ?? null,
    finishedAt: item.finishedAt ?? null,
  };
}

/** A dry run stored before it ran in the background had no state: its counts were final. */
function dryRunOf(value: unknown): DataImport['dryRun'] {
  if (!value || typeof value !== 'object') return null;
  const stored = value as Partial<NonNullable<DataImport['dryRun']>>;
  const create = stored.create ?? 0;
  const update = stored.update ?? 0;
  const unchanged = stored.unchanged ?? 0;
  const failed = stored.failed ?? 0;
  const counted = create + update + unchanged + failed;
  return {
    state: stored.state ?? 'done',
    processed: stored.processed ?? counted,
    total: stored.total ?? counted,
    create,
    update,
    unchanged,
    failed,
  };
}

/** Access patterns and transactions: see the service's README. */
export function createImportsRepository(client: DocumentClient, table: string): ImportsRepository {
  const service = new Service(
    {
      imports: importEntity,
      rows: importRowsEntity,
      fixes: importFixEntity,
      failures: importFailureEntity,
      active: activeJobEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { imports, rows, fixes, failures, active, outbox } = service.entities;

  const deleteAll = async (
    query: () => Promise<{ data: Record<string, unknown>[] }>,
    remove: (rows: never[]) => Promise<unknown>,
  ) => {
    for (;;) {
      const { data } = await query();
      if (data.length === 0) return;
      await remove(data as never[]);
    }
  };

  const clearRows = async (userId: string, importId: string) => {
    const key = { ownerUserId: userId, importId };
    await deleteAll(
      () => rows.query.byImport(key).go({ limit: 25, attributes: ['ownerUserId', 'importId', 'first'] }),
      (data) => rows.delete(data).go(),
    );
    await deleteAll(
      () => fixes.query.byImport(key).go({ limit: 25, attributes: ['ownerUserId', 'importId', 'row'] }),
      (data) => fixes.delete(data).go(),
    );
    await deleteAll(
      () => failures.query.byImport(key).go({ limit: 25, attributes: ['ownerUserId', 'importId', 'row'] }),
      (data) => failures.delete(data).go(),
    );
  };

  return {
    async create(record) {
      await imports.create(toRow(record)).go();
    },

    async get(userId, importId) {
      const { data } = await imports.get({ ownerUserId: userId, id: importId }).go({ consistent: true });
      return data ? toImportRecord(data) : null;
    },

    list: (userId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => imports.query.byOwner({ ownerUserId: userId }).go({ order: 'desc', ...go }),
        toImportRecord,
      ),

    async save(next, extra = {}) {
      const expected = next.version - 1;
      const actions: TransactionItem[] = [
        imports
          .put(toRow(next))
          .where(({ version }, { eq }) => eq(version, expected))
          .commit(),
      ];
      if (extra.event) actions.push(outbox.create(outboxItem(extra.event)).commit());
      const marker = { partition: ACTIVE_JOBS, importId: next.id };
      if (extra.active === 'put')
        actions.push(
          active.put({ ...marker, ownerUserId: next.ownerUserId, heartbeatAt: next.updatedAt }).commit(),
        );
      if (extra.active === 'remove') actions.push(active.delete(marker).commit());
      if (extra.fix)
        actions.push(
          fixes
            .put(
              toRow({
                ownerUserId: next.ownerUserId,
                importId: next.id,
                row: rowKey(extra.fix.row),
                values: extra.fix.values,
                skip: extra.fix.skip,
                catalog: extra.fix.catalog,
                productCatalogId: extra.fix.productCatalogId,
                updatedAt: extra.fix.updatedAt,
              }),
            )
            .commit(),
        );
      const failed = extra.failures ?? [];
      // Failures beyond one transaction's room are written first (idempotent puts): the
      // checkpoint that counts them commits last.
      const room = MAX_TRANSACTION_ACTIONS - actions.length;
      const early = failed.slice(0, Math.max(0, failed.length - room));
      if (early.length > 0) await failures.put(early.map((f) => failureRow(next, f))).go({ concurrency: 4 });
      for (const failure of failed.slice(early.length))
        actions.push(failures.put(failureRow(next, failure)).commit());
      const outcome = await transact(() => service.transaction.write(() => actions).go(), ['stale']);
      return outcome === 'committed' ? 'committed' : 'stale';
    },

    clearRows,

    async remove(userId, importId) {
      await clearRows(userId, importId);
      await active.delete({ partition: ACTIVE_JOBS, importId }).go();
      await imports.delete({ ownerUserId: userId, id: importId }).go();
    },

    async putChunk(userId, importId, chunk, expectedVersion) {
      const first = chunk[0]?.row;
      if (first === undefined) return 'committed';
      const item = { ownerUserId: userId, importId, first: rowKey(first), rows: chunk };
      if (expectedVersion === undefined) {
        await rows.put(item).go();
        return 'committed';
      }
      // With a check of the import's version: a validation a newer mapping outdated never
      // writes a chunk among the newer mapping's rows (whose run cleared the old ones first).
      const outcome = await transact(
        () =>
          service.transaction
            .write(() => [
              rows.put(item).commit(),
              imports
                .check({ ownerUserId: userId, id: importId })
                .where(({ version }, { eq }) => eq(version, expectedVersion))
                .commit(),
            ])
            .go(),
        [null, 'stale'],
      );
      return outcome === 'committed' ? 'committed' : 'stale';
    },

    async chunksFrom(userId, importId, fromRow, maxChunks) {
      const key = { ownerUserId: userId, importId };
      // The chunk holding fromRow starts at or before it.
      const { data: before } = await rows.query
        .byImport(key)
        .lte({ first: rowKey(fromRow) })
        .go({ order: 'desc', limit: 1, consistent: true });
      const start = before[0]?.first ?? rowKey(fromRow);
      const { data } = await rows.query
        .byImport(key)
        .gte({ first: start })
        .go({ limit: maxChunks, consistent: true });
      return data.map((chunk) => chunk.rows as StoredRow[]);
    },

    async fixes(userId, importId, fromRow, toRow_) {
      const { data } = await fixes.query
        .byImport({ ownerUserId: userId, importId })
        .between({ row: rowKey(fromRow) }, { row: rowKey(toRow_) })
        .go({ pages: 'all', consistent: true });
      return new Map(
        data.map((fix): [number, RowFix] => [
          Number(fix.row),
          {
            row: Number(fix.row),
            values: fix.values as Record<string, string>,
            skip: fix.skip,
            catalog: fix.catalog ?? null,
            productCatalogId: fix.productCatalogId ?? null,
            updatedAt: fix.updatedAt,
          },
        ]),
      );
    },

    async *failures(userId, importId) {
      let cursor: string | null = null;
      do {
        const page: {
          data: { row: string; code: string; message: string; fields?: unknown }[];
          cursor: string | null;
        } = await failures.query.byImport({ ownerUserId: userId, importId }).go({ cursor, limit: 500 });
        yield page.data.map((f): RowFailure => ({
          row: Number(f.row),
          code: f.code,
          message: f.message,
          fields: (f.fields as Record<string, string[]> | undefined) ?? null,
        }));
        cursor = page.cursor;
      } while (cursor);
    },

    async staleJobs(before) {
      const { data } = await active.query
        .byPartition({ partition: ACTIVE_JOBS })
        .where(({ heartbeatAt }, { lt }) => lt(heartbeatAt, before))
        .go({ pages: 'all' });
      return data.map((job) => ({ userId: job.ownerUserId, importId: job.importId }));
    },
  };
}

function failureRow(record: ImportRecord, failure: RowFailure) {
  return toRow({
    ownerUserId: record.ownerUserId,
    importId: record.id,
    row: rowKey(failure.row),
    code: failure.code,
    message: failure.message,
    fields: failure.fields,
  });
}
