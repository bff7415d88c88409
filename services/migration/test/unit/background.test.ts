import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import type { PreviewRow } from '@sneakers/shared/contracts/migration';
import { sourceKey } from '../../src/files/ports';
import {
  createImport,
  dryRunImport,
  fixImportRow,
  getImport,
  listImportRows,
  mapImport,
  readImportFile,
  startImport,
} from '../../src/imports/domain';
import { requeueStaleJobs, runImportJob } from '../../src/jobs/domain';
import { setup } from './memory';

/**
 * The mapping's validation and the dry run as background work of migration-worker
 * (docs/product/migration-tools.md#import): checkpointed, resumable after a crash with exact
 * counts, stopped by a newer change of the import.
 */

const alice: Actor = { kind: 'user', userId: 'alice', isSuperuser: false, isDemo: false };

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error as { code?: string }).code,
  );

/** `count` inventory rows; every 10th has a price that is not one; blank lines between some. */
function csv(count: number) {
  const lines = ['sku,name,brand,sizes,askingPrice'];
  for (let i = 0; i < count; i++) {
    if (i % 37 === 5) lines.push(',,,,');
    lines.push(
      [`SKU-${i}`, `Model ${i}`, 'Nike', `${40 + (i % 7)}`, i % 10 === 3 ? 'lots' : `${100 + i}`].join(','),
    );
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/**
 * A Shopify product export whose products have 30 variants each: the variant rows after a
 * product's first leave Title and Vendor blank (carried down), across the chunks' edges.
 */
function shopify(products: number) {
  const lines = ['Handle,Title,Vendor,Variant SKU,Option1 Name,Option1 Value,Variant Price'];
  for (let p = 0; p < products; p++)
    for (let v = 0; v < 30; v++)
      lines.push(
        [
          `product-${p}`,
          v === 0 ? `Product ${p}` : '',
          v === 0 ? 'Nike' : '',
          `STYLE-${p}-${v + 30}`,
          'Size',
          `${v + 30}`,
          '120.00',
        ].join(','),
      );
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

async function uploadAndMap(ctx: ReturnType<typeof setup>, bytes: Uint8Array) {
  const { import: created } = await createImport(ctx.deps, alice, {
    kind: 'inventory',
    fileName: 'stock.csv',
    size: bytes.length,
    contentType: 'text/csv',
  });
  ctx.files.objects.set(sourceKey('alice', created.importId), bytes);
  await readImportFile(ctx.deps, alice, created.importId, null);
  return mapImport(ctx.deps, alice, created.importId, { sheet: '', headerRow: 0 });
}

async function allRows(ctx: ReturnType<typeof setup>, importId: string) {
  const rows: PreviewRow[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listImportRows(ctx.deps, alice, importId, { limit: 100, cursor });
    rows.push(...page.items);
    if (!page.cursor) return rows;
    cursor = page.cursor;
  }
}

describe('the mapping, answered at once and validated by the worker', () => {
  it('answers validating with the rows to check, queues the work and refuses the next steps until mapped', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(450));
    // 450 rows and 13 blank ones below the header row.
    expect(mapped).toMatchObject({
      status: 'validating',
      validation: { processed: 0, total: 463 },
      rows: { total: 0, valid: 0, invalid: 0, skipped: 0 },
      columns: [
        expect.objectContaining({ field: 'sku' }),
        expect.objectContaining({ field: 'name' }),
        expect.objectContaining({ field: 'brand' }),
        expect.objectContaining({ field: 'sizes' }),
        expect.objectContaining({ field: 'askingPrice' }),
      ],
    });
    expect(ctx.imports.events.map((e) => e.detailType)).toEqual(['Migration.ImportQueued']);
    expect(ctx.imports.active.has(mapped.importId)).toBe(true);

    const id = mapped.importId;
    expect(await codeOf(fixImportRow(ctx.deps, alice, id, 0, { skip: true }))).toBe('IMPORT_VALIDATING');
    expect(await codeOf(dryRunImport(ctx.deps, alice, id))).toBe('IMPORT_VALIDATING');
    expect(await codeOf(startImport(ctx.deps, alice, { 'idempotency-key': 'k-000001' }, id))).toBe(
      'IMPORT_VALIDATING',
    );
    expect(await codeOf(listImportRows(ctx.deps, alice, id, {}))).toBe('IMPORT_VALIDATING');

    expect(await runImportJob(ctx.deps, 'alice', id)).toBe('validated');
    const done = await getImport(ctx.deps, alice, id);
    expect(done).toMatchObject({
      status: 'mapped',
      rows: { total: 450, valid: 405, invalid: 45, skipped: 0 },
      validation: { processed: 463, total: 463 },
      progress: { processed: 0, total: 450 },
    });
    expect(ctx.imports.active.has(id)).toBe(false);
    const rows = await allRows(ctx, id);
    expect(rows.map((r) => r.row)).toEqual([...Array(450).keys()]);
    expect(rows[449]?.values).toMatchObject({ sku: 'SKU-449', askingPrice: '549' });
  });

  it('resumes after a crash between a stored chunk and its checkpoint with the exact tally and no row twice', async () => {
    const reference = setup();
    const whole = await uploadAndMap(reference, csv(450));
    await runImportJob(reference.deps, 'alice', whole.importId, { checkpointMs: 0 });
    const expected = await allRows(reference, whole.importId);

    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(450));
    const crash = runImportJob(ctx.deps, 'alice', mapped.importId, {
      checkpointMs: 0,
      afterChunk: (stored) => {
        if (stored === 300) throw new Error('worker killed');
      },
    });
    await expect(crash).rejects.toThrow('worker killed');
    // Rows 200-299 are stored, but the checkpoint (the tally) is the one after row 199.
    const midway = await getImport(ctx.deps, alice, mapped.importId);
    expect(midway).toMatchObject({ status: 'validating', rows: { total: 200, valid: 180, invalid: 20 } });
    expect(midway.validation?.processed).toBeGreaterThan(199);

    ctx.clock.advance(5 * 60 * 1000);
    expect(await requeueStaleJobs(ctx.deps)).toBe(1);
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId, { checkpointMs: 0 })).toBe('validated');
    const done = await getImport(ctx.deps, alice, mapped.importId);
    expect(done.rows).toEqual({ total: 450, valid: 405, invalid: 45, skipped: 0 });
    expect(await allRows(ctx, mapped.importId)).toEqual(expected);
  });

  it('carries a Shopify product’s title and vendor down across a resumed run', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, shopify(5));
    expect(mapped.source).toBe('shopify');
    await expect(
      runImportJob(ctx.deps, 'alice', mapped.importId, {
        checkpointMs: 0,
        afterChunk: (stored) => {
          if (stored === 150) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    ctx.clock.advance(5 * 60 * 1000);
    await requeueStaleJobs(ctx.deps);
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId, { checkpointMs: 0 })).toBe('validated');
    expect((await getImport(ctx.deps, alice, mapped.importId)).rows).toEqual({
      total: 150,
      valid: 150,
      invalid: 0,
      skipped: 0,
    });
    // Row 100 (product 3's 11th variant) was read by the resumed run: its title came down from row 90.
    const row = (await allRows(ctx, mapped.importId))[100];
    expect(row?.values).toMatchObject({ name: 'Product 3', brand: 'Nike', sku: 'STYLE-3', sizes: '40' });
  });

  it('lets a new mapping sent while the rows are checked win: the older run stops and none of its rows stay', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(450));
    const id = mapped.importId;
    let remapped = false;
    const older = await runImportJob(ctx.deps, 'alice', id, {
      checkpointMs: 0,
      afterChunk: async (stored) => {
        if (stored !== 200 || remapped) return;
        remapped = true;
        // The price column left out this time: no row is invalid.
        const again = await mapImport(ctx.deps, alice, id, {
          sheet: '',
          headerRow: 0,
          columns: [
            { index: 0, field: 'sku' },
            { index: 1, field: 'name' },
            { index: 2, field: 'brand' },
            { index: 3, field: 'sizes' },
            { index: 4, field: null },
          ],
        });
        expect(again.status).toBe('validating');
      },
    });
    expect(older).toBe('stopped');
    expect(await runImportJob(ctx.deps, 'alice', id, { checkpointMs: 0 })).toBe('validated');
    const done = await getImport(ctx.deps, alice, id);
    expect(done.rows).toEqual({ total: 450, valid: 450, invalid: 0, skipped: 0 });
    const rows = await allRows(ctx, id);
    expect(rows.map((r) => r.row)).toEqual([...Array(450).keys()]);
    expect(rows.every((r) => r.values.askingPrice === undefined)).toBe(true);
  });

  it('ignores a copy of a queuing event delivered again once its work has started or been replaced', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(30));
    const id = mapped.importId;
    const versionOf = (n: number) => {
      const detail = ctx.imports.events[n]?.detail as { data?: { importVersion?: number } } | undefined;
      return detail?.data?.importVersion;
    };
    const mappingEvent = versionOf(0);
    expect(mappingEvent).toBeDefined();
    expect(await runImportJob(ctx.deps, 'alice', id, { queuedVersion: mappingEvent })).toBe('validated');
    await startImport(ctx.deps, alice, { 'idempotency-key': 'k-000001' }, id);
    // The mapping's event again, while the job is queued: not a second job.
    expect(await runImportJob(ctx.deps, 'alice', id, { queuedVersion: mappingEvent })).toBe('ignored');
    expect((await getImport(ctx.deps, alice, id)).status).toBe('queued');
    expect(await runImportJob(ctx.deps, 'alice', id, { queuedVersion: versionOf(1) })).toBe('completed');
  });

  it('re-queues itself past its time budget and goes on from its checkpoint', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(250));
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId, { budgetMs: -1 })).toBe('requeued');
    expect((await getImport(ctx.deps, alice, mapped.importId)).rows.total).toBe(100);
    expect(ctx.imports.events).toHaveLength(2);
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('validated');
    expect((await getImport(ctx.deps, alice, mapped.importId)).rows).toMatchObject({
      total: 250,
      valid: 225,
    });
    expect((await allRows(ctx, mapped.importId)).map((r) => r.row)).toEqual([...Array(250).keys()]);
  });

  it('fails the import with the reason when the file went away, and a new mapping replaces the rows and fixes', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(20));
    await runImportJob(ctx.deps, 'alice', mapped.importId);
    await fixImportRow(ctx.deps, alice, mapped.importId, 3, { values: { askingPrice: '10' } });
    expect((await getImport(ctx.deps, alice, mapped.importId)).rows.invalid).toBe(1);

    // The same columns again: the fix belonged to the old rows, and goes with them.
    await mapImport(ctx.deps, alice, mapped.importId, { sheet: '', headerRow: 0 });
    await runImportJob(ctx.deps, 'alice', mapped.importId);
    expect((await getImport(ctx.deps, alice, mapped.importId)).rows).toMatchObject({ total: 20, invalid: 2 });
    expect((await allRows(ctx, mapped.importId)).filter((r) => r.fixed)).toEqual([]);

    await mapImport(ctx.deps, alice, mapped.importId, { sheet: '', headerRow: 0 });
    ctx.files.objects.delete(sourceKey('alice', mapped.importId));
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('failed');
    const failed = await getImport(ctx.deps, alice, mapped.importId);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'FILE_EMPTY' } });
    expect(ctx.imports.active.has(mapped.importId)).toBe(false);
  });
});

describe('the dry run, counted by the worker', () => {
  it('resumes after a crash with exact counts, and a fix while it counts stops it', async () => {
    const ctx = setup();
    const mapped = await uploadAndMap(ctx, csv(300));
    await runImportJob(ctx.deps, 'alice', mapped.importId);
    const id = mapped.importId;

    // A fix while the dry run counts: its checkpoint is stale, it stops, and the marker goes.
    await dryRunImport(ctx.deps, alice, id);
    await fixImportRow(ctx.deps, alice, id, 3, { values: { askingPrice: '50' } });
    expect(ctx.imports.active.has(id)).toBe(false);
    expect(await runImportJob(ctx.deps, 'alice', id)).toBe('ignored');
    expect((await getImport(ctx.deps, alice, id)).dryRun).toBeNull();

    const running = await dryRunImport(ctx.deps, alice, id);
    expect(running.dryRun).toMatchObject({ state: 'running', processed: 0, total: 300 });
    // Asked again while it counts: answered as it is, nothing queued.
    const events = ctx.imports.events.length;
    expect((await dryRunImport(ctx.deps, alice, id)).dryRun?.state).toBe('running');
    expect(ctx.imports.events).toHaveLength(events);

    let chunks = 0;
    const realPlan = ctx.deps.portability.plan;
    ctx.deps.portability.plan = async (request) => {
      if (++chunks === 3) throw new Error('worker killed');
      return realPlan(request);
    };
    await expect(runImportJob(ctx.deps, 'alice', id, { checkpointMs: 0 })).rejects.toThrow('worker killed');
    expect((await getImport(ctx.deps, alice, id)).dryRun).toMatchObject({ state: 'running', processed: 200 });
    ctx.deps.portability.plan = realPlan;
    ctx.clock.advance(5 * 60 * 1000);
    expect(await requeueStaleJobs(ctx.deps)).toBe(1);
    expect(await runImportJob(ctx.deps, 'alice', id, { checkpointMs: 0 })).toBe('counted');
    // 300 rows, 30 with a bad price, one of them fixed.
    expect((await getImport(ctx.deps, alice, id)).dryRun).toEqual({
      state: 'done',
      processed: 300,
      total: 300,
      create: 271,
      update: 0,
      unchanged: 0,
      failed: 29,
    });
    expect(ctx.owner.records.size).toBe(0);
  });

  it('counts a row whose record holds the same data as unchanged, as the job does, and one that changes it as an update', async () => {
    const ctx = setup();
    const first = await uploadAndMap(ctx, csv(30));
    await runImportJob(ctx.deps, 'alice', first.importId);
    await startImport(ctx.deps, alice, { 'idempotency-key': 'k-000001' }, first.importId);
    expect(await runImportJob(ctx.deps, 'alice', first.importId)).toBe('completed');

    const second = await uploadAndMap(ctx, csv(30));
    await runImportJob(ctx.deps, 'alice', second.importId);
    await fixImportRow(ctx.deps, alice, second.importId, 0, { values: { name: 'Renamed' } });
    await dryRunImport(ctx.deps, alice, second.importId);
    expect(await runImportJob(ctx.deps, 'alice', second.importId)).toBe('counted');
    const dry = (await getImport(ctx.deps, alice, second.importId)).dryRun;
    expect(dry).toMatchObject({ create: 0, update: 1, unchanged: 26, failed: 3 });

    await startImport(ctx.deps, alice, { 'idempotency-key': 'k-000002' }, second.importId);
    expect(await runImportJob(ctx.deps, 'alice', second.importId)).toBe('completed');
    expect((await getImport(ctx.deps, alice, second.importId)).progress).toMatchObject({
      created: 0,
      updated: dry?.update,
      unchanged: dry?.unchanged,
      skipped: 3,
    });
  });
});
