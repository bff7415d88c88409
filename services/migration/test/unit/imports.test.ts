import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { IMPORT_MAX_FILE_BYTES } from '@sneakers/shared/contracts/migration';
import { errorReportKey, sourceKey } from '../../src/files/ports';
import {
  createImport,
  dryRunImport,
  eraseImports,
  fixImportRow,
  getImport,
  listImportRows,
  mapImport,
  pauseImport,
  readImportFile,
  resumeImport,
  startImport,
  undoImport,
} from '../../src/imports/domain';
import { requeueStaleJobs, runImportJob } from '../../src/jobs/domain';
import { setup } from './memory';

const alice: Actor = { kind: 'user', userId: 'alice', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo', isSuperuser: false, isDemo: true };
const key = { 'idempotency-key': 'start-key-0001' };

/** An inventory CSV: `count` rows, every 7th of them the Dunk the catalogue has. */
function inventoryCsv(
  count: number,
  options: { badPriceAt?: number; refuseAt?: number; duplicateOf?: [number, number] } = {},
) {
  const lines = ['Style code;Model;Brand;Size;Price'];
  for (let i = 0; i < count; i++) {
    const [dupAt, dupOf] = options.duplicateOf ?? [-1, -1];
    const n = i === dupAt ? dupOf : i;
    const sku = n % 7 === 0 ? `DD1391-100` : `SKU-${String(n).padStart(5, '0')}`;
    const name = i === options.refuseAt ? 'REFUSE' : `Model ${n}`;
    const price = i === options.badPriceAt ? 'lots' : `€1.${String(100 + (n % 800)).padStart(3, '0')},50`;
    const size = n % 7 === 0 ? `US ${n / 7 + 1}` : `${40 + (n % 7)}`;
    lines.push([sku, name, 'Nike', size, price].join(';'));
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

async function imported(ctx: ReturnType<typeof setup>, bytes: Uint8Array, fileName = 'stock.csv') {
  const { import: created } = await createImport(ctx.deps, alice, {
    kind: 'inventory',
    fileName,
    size: bytes.length,
    contentType: 'text/csv',
  });
  ctx.files.objects.set(sourceKey('alice', created.importId), bytes);
  const read = await readImportFile(ctx.deps, alice, created.importId, null);
  const validating = await mapImport(ctx.deps, alice, created.importId, {
    sheet: read.import.sheet ?? '',
    headerRow: read.suggestedHeaderRow,
  });
  expect(validating.status).toBe('validating');
  // The worker checks the rows (the event the mapping queued).
  await runImportJob(ctx.deps, 'alice', created.importId);
  return getImport(ctx.deps, alice, created.importId);
}

/** Starts the dry run and lets the worker count it. */
async function dryRun(ctx: ReturnType<typeof setup>, importId: string) {
  const started = await dryRunImport(ctx.deps, alice, importId);
  expect(started.dryRun).toMatchObject({ state: 'running', processed: 0 });
  expect(await runImportJob(ctx.deps, 'alice', importId)).toBe('counted');
  return getImport(ctx.deps, alice, importId);
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error as { code?: string }).code,
  );

describe('an import', () => {
  it('refuses a wrong extension, a file over the limit and the demo user at create', async () => {
    const { deps } = setup();
    const input = { kind: 'inventory' as const, fileName: 'a.csv', size: 10, contentType: 'text/csv' };
    expect(await codeOf(createImport(deps, alice, { ...input, fileName: 'a.pdf' }))).toBe('FILE_TYPE');
    expect(await codeOf(createImport(deps, alice, { ...input, size: IMPORT_MAX_FILE_BYTES + 1 }))).toBe(
      'FILE_TOO_LARGE',
    );
    expect(await codeOf(createImport(deps, demo, input))).toBe('DEMO_MODE');
  });

  it('answers a header-only file and duplicated headers with their codes, writing no rows', async () => {
    const ctx = setup();
    const headerOnly = new TextEncoder().encode('sku,name,size\n');
    expect(await codeOf(imported(ctx, headerOnly))).toBe('HEADER_ONLY');
    const duplicated = new TextEncoder().encode('sku,name,Name\nA,b,c\n');
    const error = await imported(ctx, duplicated).catch((e: unknown) => e as Error & { code: string });
    expect(error).toMatchObject({ code: 'DUPLICATE_HEADERS', message: expect.stringContaining('Name') });
  });

  it('maps, previews, fixes a cell, runs the job in chunks and counts exactly; the same file again changes nothing; undo goes back', async () => {
    const ctx = setup();
    const bytes = inventoryCsv(250, { badPriceAt: 3, refuseAt: 5, duplicateOf: [249, 248] });
    const mapped = await imported(ctx, bytes);
    expect(mapped.source).toBe('generic');
    expect(mapped.columns.map((c) => c.field)).toEqual(['sku', 'name', 'brand', 'sizes', 'askingPrice']);
    expect(mapped.rows).toEqual({ total: 250, valid: 249, invalid: 1, skipped: 0 });

    const invalid = await listImportRows(ctx.deps, alice, mapped.importId, { status: 'invalid' });
    expect(invalid.items).toEqual([
      expect.objectContaining({
        row: 3,
        status: 'invalid',
        errors: { askingPrice: [expect.stringContaining('price')] },
      }),
    ]);
    const first = await listImportRows(ctx.deps, alice, mapped.importId, { limit: 1 });
    expect(first.items[0]).toMatchObject({
      catalog: 'matched',
      values: { sku: 'DD1391-100', sizes: 'US 1' },
    });

    const fixed = await fixImportRow(ctx.deps, alice, mapped.importId, 3, {
      values: { askingPrice: '99,90' },
    });
    expect(fixed.row).toMatchObject({ status: 'valid', fixed: true });
    expect(fixed.import.rows).toEqual({ total: 250, valid: 250, invalid: 0, skipped: 0 });
    await fixImportRow(ctx.deps, alice, mapped.importId, 10, { skip: true });

    const dry = await dryRun(ctx, mapped.importId);
    // Row 249 repeats row 248: the job finds it unchanged, and so does the dry run.
    expect(dry.dryRun).toEqual({
      state: 'done',
      processed: 250,
      total: 250,
      create: 247,
      update: 0,
      unchanged: 1,
      // The owner's rules refuse row 5 (the job fails it too).
      failed: 1,
    });
    expect(ctx.owner.records.size).toBe(0);

    expect(await codeOf(startImport(ctx.deps, alice, {}, mapped.importId))).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const before = ctx.imports.events.length;
    const queued = await startImport(ctx.deps, alice, key, mapped.importId);
    expect(queued.status).toBe('queued');
    expect((await startImport(ctx.deps, alice, key, mapped.importId)).status).toBe('queued');
    expect(ctx.imports.events.slice(before).map((e) => e.detailType)).toEqual(['Migration.ImportQueued']);
    expect(await codeOf(fixImportRow(ctx.deps, alice, mapped.importId, 4, { skip: true }))).toBe(
      'IMPORT_STARTED',
    );

    expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('completed');
    const done = await getImport(ctx.deps, alice, mapped.importId);
    expect(done.status).toBe('completed');
    expect(done.progress).toEqual({
      processed: 250,
      total: 250,
      created: 247,
      updated: 0,
      unchanged: 1,
      skipped: 1,
      failed: 1,
    });
    expect(ctx.owner.records.size).toBe(247);
    const dunk = [...ctx.owner.records.values()].find((r) => r.record.sku === 'DD1391-100');
    expect(dunk?.record).toMatchObject({
      productCatalogId: 'prod-dunk',
      sizes: ['US 1'],
      askingPrice: 110050,
    });
    const report = new TextDecoder().decode(
      ctx.files.objects.get(`imports/alice/${mapped.importId}/errors.csv`),
    );
    expect(report.split('\r\n')).toEqual(
      expect.arrayContaining(['12,skipped,,Skipped in the preview.', '7,failed,name,Not this name']),
    );

    const again = await imported(ctx, bytes);
    // The dry run agrees with the job below: unchanged rows are not updates (row 3 is invalid,
    // the owner's rules refuse row 5: both would fail).
    expect((await dryRun(ctx, again.importId)).dryRun).toMatchObject({
      create: 1,
      update: 0,
      unchanged: 247,
      failed: 2,
    });
    await startImport(ctx.deps, alice, { 'idempotency-key': 'start-key-0002' }, again.importId);
    await runImportJob(ctx.deps, 'alice', again.importId);
    expect((await getImport(ctx.deps, alice, again.importId)).progress).toMatchObject({
      // Only row 10, skipped the first time, is new; row 3 is invalid again; the owner refuses row 5 again.
      created: 1,
      updated: 0,
      unchanged: 247,
      skipped: 1,
      failed: 1,
    });
    expect(ctx.owner.records.size).toBe(248);

    await undoImport(ctx.deps, alice, again.importId);
    expect(await runImportJob(ctx.deps, 'alice', again.importId)).toBe('undone');
    expect((await getImport(ctx.deps, alice, again.importId)).undo).toEqual({ reverted: 1, kept: 0 });
    await undoImport(ctx.deps, alice, mapped.importId);
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('undone');
    expect((await getImport(ctx.deps, alice, mapped.importId)).undo).toEqual({ reverted: 247, kept: 0 });
    expect(ctx.owner.records.size).toBe(0);
  });

  it('resumes after a crash between an apply and its checkpoint without doubling a record', async () => {
    const ctx = setup();
    const mapped = await imported(ctx, inventoryCsv(300));
    await startImport(ctx.deps, alice, key, mapped.importId);
    const crash = runImportJob(ctx.deps, 'alice', mapped.importId, {
      afterApply: (processed) => {
        if (processed === 200) throw new Error('worker killed');
      },
    });
    await expect(crash).rejects.toThrow('worker killed');
    expect(ctx.owner.records.size).toBe(200);
    expect((await getImport(ctx.deps, alice, mapped.importId)).progress.processed).toBe(100);

    // The worker is gone: its heartbeat goes stale and the schedule queues the job again.
    ctx.clock.advance(5 * 60 * 1000);
    const queued = () => ctx.imports.events.filter((e) => e.detailType === 'Migration.ImportQueued').length;
    const before = queued();
    expect(await requeueStaleJobs(ctx.deps)).toBe(1);
    // A second run of the schedule that listed the marker before that re-queue wrote it
    // finds the import fresh: it does not queue a twin run.
    ctx.imports.active.set(mapped.importId, '2026-11-28T09:00:00.000Z');
    expect(await requeueStaleJobs(ctx.deps)).toBe(0);
    expect(queued()).toBe(before + 1);
    // The job's event delivered twice: the second run finds a live worker's job and leaves it.
    const live = runImportJob(ctx.deps, 'alice', mapped.importId, {
      afterApply: async (processed) => {
        if (processed === 200) expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('ignored');
      },
    });
    await expect(live).resolves.toBe('completed');
    const done = await getImport(ctx.deps, alice, mapped.importId);
    expect(done.progress).toMatchObject({
      processed: 300,
      created: 300,
      updated: 0,
      unchanged: 0,
      failed: 0,
    });
    expect(ctx.owner.records.size).toBe(300);
    // Rows 100-199 were applied before the crash: the resumed run counts them without applying them again.
    expect(ctx.owner.calls.apply).toBe(3);
  });

  it('stops at a pause after the rows in flight, resumes from its checkpoint, and re-queues itself past its budget', async () => {
    const ctx = setup();
    const mapped = await imported(ctx, inventoryCsv(300));
    await startImport(ctx.deps, alice, key, mapped.importId);
    const stopped = await runImportJob(ctx.deps, 'alice', mapped.importId, {
      afterApply: async (processed) => {
        if (processed === 100) await pauseImport(ctx.deps, alice, mapped.importId);
      },
    });
    expect(stopped).toBe('stopped');
    expect((await getImport(ctx.deps, alice, mapped.importId)).status).toBe('paused');
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('ignored');

    await resumeImport(ctx.deps, alice, mapped.importId);
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId, { budgetMs: -1 })).toBe('requeued');
    // The mapping's validation, the start, the resume, the job's own continuation.
    expect(ctx.imports.events).toHaveLength(4);
    expect(await runImportJob(ctx.deps, 'alice', mapped.importId)).toBe('completed');
    expect((await getImport(ctx.deps, alice, mapped.importId)).progress).toMatchObject({
      processed: 300,
      created: 300,
    });
    expect(ctx.owner.records.size).toBe(300);
  });

  it('refuses every write of the demo user and lets it read', async () => {
    const ctx = setup();
    const mapped = await imported(ctx, inventoryCsv(3));
    const asDemo = { ...demo, userId: 'alice' } as Actor;
    expect(await codeOf(getImport(ctx.deps, asDemo, mapped.importId))).toBe('no error');
    expect(await codeOf(fixImportRow(ctx.deps, asDemo, mapped.importId, 0, { skip: true }))).toBe(
      'DEMO_MODE',
    );
    expect(await codeOf(startImport(ctx.deps, asDemo, key, mapped.importId))).toBe('DEMO_MODE');
    expect(await codeOf(dryRunImport(ctx.deps, asDemo, mapped.importId))).toBe('DEMO_MODE');
  });
});

describe("a deleted account's imports", () => {
  it('erases every import with its rows, files, job marker and the saved mappings; a retry finishes a cut-short run; others keep theirs', async () => {
    const ctx = setup();
    const done = await imported(ctx, inventoryCsv(150, { badPriceAt: 3 }));
    await startImport(ctx.deps, alice, key, done.importId);
    expect(await runImportJob(ctx.deps, 'alice', done.importId)).toBe('completed');
    const queued = await imported(ctx, inventoryCsv(20), 'more.csv');
    await startImport(ctx.deps, alice, { 'idempotency-key': 'start-key-0002' }, queued.importId);
    await ctx.deps.mappings.put('alice', {
      mappingId: 'map-1',
      name: 'My shop',
      kind: 'inventory',
      headers: ['Style code', 'Model'],
      fields: { 'Style code': 'sku' },
      updatedAt: '2026-11-28T10:00:00.000Z',
    });
    // Bob's import and mapping stay.
    const bob: Actor = { ...alice, userId: 'bob' };
    const bytes = inventoryCsv(5);
    const { import: bobs } = await createImport(ctx.deps, bob, {
      kind: 'inventory',
      fileName: 'bob.csv',
      size: bytes.length,
      contentType: 'text/csv',
    });
    ctx.files.objects.set(sourceKey('bob', bobs.importId), bytes);
    await ctx.deps.mappings.put('bob', {
      mappingId: 'map-bob',
      name: 'Bob',
      kind: 'inventory',
      headers: ['SKU'],
      fields: { SKU: 'sku' },
      updatedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(ctx.files.objects.has(errorReportKey('alice', done.importId))).toBe(true);
    expect(ctx.imports.active.has(queued.importId)).toBe(true);

    // Out of time at once: nothing is lost, nothing claimed done.
    expect(await eraseImports(ctx.deps, 'alice', -1)).toEqual({ imports: 0, mappings: 0, done: false });
    // A run that dies on the second import's files: the first is gone, the rest is left for the retry.
    const remove = ctx.files.delete;
    let calls = 0;
    ctx.files.delete = async (keys) => {
      calls += 1;
      if (calls === 2) throw new Error('S3 is down');
      await remove(keys);
    };
    await expect(eraseImports(ctx.deps, 'alice')).rejects.toThrow('S3 is down');
    expect((await ctx.imports.list('alice', {})).items).toHaveLength(1);

    expect(await eraseImports(ctx.deps, 'alice')).toEqual({ imports: 1, mappings: 1, done: true });
    expect((await ctx.imports.list('alice', {})).items).toEqual([]);
    for (const importId of [done.importId, queued.importId]) {
      expect(await ctx.imports.get('alice', importId)).toBeNull();
      expect(await ctx.imports.chunksFrom('alice', importId, 0, 10)).toEqual([]);
      expect(ctx.imports.active.has(importId)).toBe(false);
    }
    expect([...ctx.files.objects.keys()].filter((k) => k.includes('/alice/'))).toEqual([]);
    expect(await ctx.deps.mappings.list('alice')).toEqual([]);
    // A second delivery of the event finds nothing left.
    expect(await eraseImports(ctx.deps, 'alice')).toEqual({ imports: 0, mappings: 0, done: true });

    expect(await ctx.imports.get('bob', bobs.importId)).not.toBeNull();
    expect(ctx.files.objects.has(sourceKey('bob', bobs.importId))).toBe(true);
    expect((await ctx.deps.mappings.list('bob')).map((m) => m.mappingId)).toEqual(['map-bob']);
  });
});
