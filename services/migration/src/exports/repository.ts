import * as z from 'zod/mini';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { dataExportEntity, exportLockEntity, type DataExportItem } from './export-entity';
import type { DataExportRecord, ExportsRepository } from './ports';

const countsSchema = z.record(z.string(), z.int());

function fromRow(row: DataExportItem): DataExportRecord {
  const records = countsSchema.safeParse(row.records);
  return {
    userId: row.userId,
    exportId: row.exportId,
    status: row.status,
    records: records.success ? records.data : {},
    files: row.files,
    bytes: row.bytes ?? null,
    archiveKey: row.archiveKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    readyAt: row.readyAt ?? null,
    expiresAt: row.expiresAt ?? null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
  };
}

function toRow(record: DataExportRecord): DataExportItem {
  return {
    userId: record.userId,
    exportId: record.exportId,
    status: record.status,
    records: record.records,
    files: record.files,
    archiveKey: record.archiveKey,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.bytes !== null ? { bytes: record.bytes } : {}),
    ...(record.readyAt !== null ? { readyAt: record.readyAt } : {}),
    ...(record.expiresAt !== null ? { expiresAt: record.expiresAt } : {}),
    ...(record.error ? { errorCode: record.error.code, errorMessage: record.error.message } : {}),
  };
}

/** Access patterns and transactions: see the service's README. */
export function createExportsRepository(client: DocumentClient, table: string): ExportsRepository {
  const service = new Service(
    {
      exports: dataExportEntity,
      locks: exportLockEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { exports, locks } = service.entities;

  return {
    async list(userId, limit) {
      const { data } = await exports.query.byOwner({ userId }).go({ order: 'desc', limit });
      return data.map(fromRow);
    },
    async get(userId, exportId) {
      const { data } = await exports.get({ userId, exportId }).go({ consistent: true });
      return data ? fromRow(data) : null;
    },
    create: (record, staleBefore, claim, event) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, locks: l, exports: e, outbox }) => [
              idempotency.create(claim).commit(),
              l
                .put({ userId: record.userId, exportId: record.exportId, since: record.createdAt })
                .where(({ since }, { notExists, lt }) => `${notExists(since)} OR ${lt(since, staleBefore)}`)
                .commit(),
              e.create(toRow(record)).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        // Positional: a parallel twin's claim, then another export's lock.
        ['duplicate', 'running', null, null],
      ),
    async progress(userId, exportId, records, files, at) {
      await exports.patch({ userId, exportId }).set({ records, files, updatedAt: at }).go();
    },
    async finish(record, ready) {
      const write = (releaseLock: boolean) =>
        transact(
          () =>
            service.transaction
              .write(({ exports: e, locks: l, outbox }) => [
                e.put(toRow(record)).commit(),
                ...(ready ? [outbox.create(outboxItem(ready)).commit()] : []),
                ...(releaseLock
                  ? [
                      l
                        .delete({ userId: record.userId })
                        .where(({ exportId }, { eq }) => eq(exportId, record.exportId))
                        .commit(),
                    ]
                  : []),
              ])
              .go(),
          // Positional: the lock is last.
          [null, ...(ready ? [null] : []), 'lockMoved'],
        );
      // The lock went to a newer export (this one ran past the stale limit): leave it.
      if ((await write(true)) === 'lockMoved') await write(false);
    },
    async eraseAll(userId) {
      const keys: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: DataExportItem[]; cursor: string | null } = await exports.query
          .byOwner({ userId })
          .go({ cursor, limit: 100 });
        if (page.data.length > 0)
          await exports.delete(page.data.map((r) => ({ userId, exportId: r.exportId }))).go();
        keys.push(...page.data.map((r) => r.archiveKey));
        cursor = page.cursor;
      } while (cursor);
      await locks.delete({ userId }).go();
      return keys;
    },
  };
}
