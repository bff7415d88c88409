import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createDataImport,
  getDataImport,
  mapDataImport,
  readDataImportFile,
  startDataImport,
  type DataImport,
} from '@sneakers/shared/contracts/migration';
import { api, cloud, newUser, pipelineAtRest, poll } from '../../../../tests/support/cloud-client';
import { checked, inventoryKeys } from './support';

/**
 * Issue 31: "kill the import worker midway and restart → the job finishes with exact counts",
 * on the real local cloud. The worker's invocation runs in a process of its own (the local
 * cloud's fault switch, localstack/src/faults.ts) and is killed with SIGKILL while the job
 * runs: no retry of its event, no clean-up in the handler. What brings the job back is the
 * `migration-stale-imports` schedule (its heartbeat staleness shortened for the test cloud
 * by MIGRATION_HEARTBEAT_STALE_MS), run here through the local route as its timer would.
 */
const ROWS = 4_000;

async function local(path: string): Promise<unknown> {
  const res = await fetch(`${cloud().appUrl}/api/local/${path}`, { method: 'POST' });
  expect(res.status, path).toBe(200);
  return res.json();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a worker killed midway', () => {
  it('is re-queued by the stale-imports schedule and finishes with exact counts, no item twice', async () => {
    // The suites before may have left events in flight; this job must not wait behind them.
    await pipelineAtRest(600_000);
    const user = await newUser();
    const client = api(user.token);
    const userId = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString())
      .sub as string;
    const lines = ['SKU,Model,Brand,Size,Price'];
    for (let i = 0; i < ROWS; i++)
      lines.push([`KC${String(i).padStart(6, '0')}-001`, `Crash ${i}`, 'Nike', '42', '120'].join(','));
    const bytes = Buffer.from(`${lines.join('\n')}\n`);

    const created = await client.call(createDataImport, {
      body: { kind: 'inventory', fileName: 'crash.csv', size: bytes.length, contentType: 'text/csv' },
    });
    const importId = created.import.importId;
    expect(
      (await fetch(created.upload.url, { method: 'PUT', headers: created.upload.headers, body: bytes }))
        .status,
    ).toBe(200);
    const read = await client.call(readDataImportFile, { params: { importId }, body: {} });
    await client.call(mapDataImport, {
      params: { importId },
      body: { sheet: read.import.sheet ?? '', headerRow: read.suggestedHeaderRow },
    });
    expect((await checked(client, importId)).status).toBe('mapped');

    // The job's run (the worker's next invocation) in a process of its own, then started.
    await local('faults/migration-worker/isolate');
    await client.call(startDataImport, { params: { importId }, idempotencyKey: `start-${randomUUID()}` });
    const get = async () => (await client.call(getDataImport, { params: { importId } })).import;
    const midway = await poll(
      get,
      (i) => i.progress.processed > 0 || ['completed', 'failed'].includes(i.status),
      300_000,
    );
    expect(midway.status).toBe('running');
    expect(midway.progress.processed).toBeLessThan(ROWS);
    expect(await local('faults/migration-worker/kill')).toEqual({ killed: 1 });

    // Dead: no checkpoint moves any more (a chunk takes far less than this on the local cloud).
    const killedAt = await get();
    await sleep(3_000);
    const still = await get();
    expect(still.status).toBe('running');
    expect(still.progress).toEqual(killedAt.progress);
    expect(killedAt.progress.processed).toBeLessThan(ROWS);

    // The schedule, on demand every few seconds, until it finds the heartbeat stale and queues
    // the job again (the import changes; its own minute timer may come first). Then no more:
    // a re-queue while the resumed run reads its keys would only hand the job to a twin.
    const requeued = await poll(
      async () => {
        await local('schedules/migration-worker/migration-stale-imports');
        const now = await get();
        if (now.updatedAt === killedAt.updatedAt) await sleep(2_000);
        return now;
      },
      (i: DataImport) => i.updatedAt !== killedAt.updatedAt,
      180_000,
    );
    expect(requeued.updatedAt).not.toBe(killedAt.updatedAt);
    expect(requeued.status).not.toBe('failed');
    const done = await poll(get, (i) => ['completed', 'failed'].includes(i.status), 600_000);
    expect(done.status).toBe('completed');
    expect(done.progress).toMatchObject({
      processed: ROWS,
      total: ROWS,
      created: ROWS,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: 0,
    });

    // Every row once: as many items as rows, one per key, each carrying this import (the
    // pages of `keys` are read by id, as imports.test.ts does: a page may repeat a record).
    const keys = [...new Map((await inventoryKeys(userId)).map((k) => [k.id, k])).values()];
    expect(keys).toHaveLength(ROWS);
    expect(new Set(keys.map((k) => k.key)).size).toBe(ROWS);
    expect(keys.every((k) => k.importId === importId)).toBe(true);
    await pipelineAtRest(600_000);
  }, 1_200_000);
});
