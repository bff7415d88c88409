import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import type { Item, ListType } from '@sneakers/shared/contracts/lists';
import type {
  PortabilityApplyRequest,
  PortabilityExportRequest,
  PortabilityKeysRequest,
  PortabilityUndoRequest,
} from '@sneakers/shared/contracts/portability';
import { sequenceIds } from '@sneakers/shared/ids';
import { importKeyOf } from '@sneakers/shared/rules/import-keys';
import { importedRecordId } from '@sneakers/shared/portability/record-id';
import { erase, listsPortability } from '../../src/portability/domain';
import type {
  ImportBatch,
  MarkedItem,
  PortabilityDeps,
  PortableItemStore,
} from '../../src/portability/ports';

/** The portable store over Maps, newest first; cursors are offsets. */
function memoryStore(): PortableItemStore & {
  rows: Map<string, MarkedItem>;
  batches: Map<string, ImportBatch>;
} {
  const rows = new Map<string, MarkedItem>();
  const batches = new Map<string, ImportBatch>();
  const batchKey = (b: Omit<ImportBatch, 'itemIds'>) =>
    [b.userId, b.importId, b.listType, b.batchId].join('|');
  const listOf = (userId: string, listType: ListType) =>
    [...rows.values()]
      .filter((m) => m.item.userId === userId && m.item.listType === listType)
      .sort((a, b) => b.item.id.localeCompare(a.item.id));
  const slice = <T>(all: T[], cursor: string | null, limit: number) => {
    const start = cursor ? Number(cursor) : 0;
    return {
      rows: all.slice(start, start + limit),
      cursor: start + limit < all.length ? String(start + limit) : null,
    };
  };
  return {
    rows,
    batches,
    keyPage: async (userId, listType, cursor, limit) =>
      slice(
        listOf(userId, listType).map(({ item }) => ({ id: item.id, bookingId: item.bookingId })),
        cursor,
        limit,
      ),
    page: async (userId, listType, cursor, limit) => slice(listOf(userId, listType), cursor, limit),
    getMany: async (userId, listType, ids) =>
      ids.flatMap((id) => {
        const m = rows.get(id);
        return m && m.item.userId === userId && m.item.listType === listType ? [structuredClone(m)] : [];
      }),
    createMany: async (items) => {
      for (const m of items) rows.set(m.item.id, structuredClone(m));
    },
    recordBatch: async (batch) => {
      batches.set(batchKey(batch), structuredClone(batch));
    },
    batchPage: async (userId, importId, listType, cursor, limit) =>
      slice(
        [...batches.values()]
          .filter((b) => b.userId === userId && b.importId === importId && b.listType === listType)
          .sort((a, b) => a.batchId.localeCompare(b.batchId)),
        cursor,
        limit,
      ),
    forgetBatches: async (keys) => {
      for (const key of keys) batches.delete(batchKey(key));
    },
    forgetAllBatches: async (userId, limit) => {
      const mine = [...batches.values()].filter((b) => b.userId === userId).slice(0, limit);
      for (const b of mine) batches.delete(batchKey(b));
      return mine.length;
    },
    writeIfUnchanged: async (write) => {
      const id = write.kind === 'delete' ? write.item.id : write.next.item.id;
      if (rows.get(id)?.item.updatedAt !== write.expectedUpdatedAt) return false;
      if (write.kind === 'delete') rows.delete(id);
      else rows.set(id, structuredClone(write.next));
      return true;
    },
    deleteMany: async (keys) => keys.filter((k) => rows.delete(k.id)).length,
  };
}

const start = new Date('2026-11-20T10:00:00Z');

// The operations as lists-portability answers them: the shared engine over the lists' stores.
const apply = (deps: PortabilityDeps, r: PortabilityApplyRequest) => listsPortability(deps).apply(r);
const keys = (deps: PortabilityDeps, r: PortabilityKeysRequest) => listsPortability(deps).keys(r);
const undo = (deps: PortabilityDeps, r: PortabilityUndoRequest) => listsPortability(deps).undo(r);
const exportItems = (deps: PortabilityDeps, r: PortabilityExportRequest) => listsPortability(deps).export(r);

function setup() {
  const clock = fixedClock(start);
  const items = memoryStore();
  const ids = sequenceIds('item');
  const deps: PortabilityDeps & { items: typeof items; clock: typeof clock } = {
    items,
    clock,
    ids,
    // Items named in the order they are created (the engine's default derives them from the row).
    recordIds: () => ids.next(),
    mediaBaseUrl: 'https://app.example/media',
  };
  return deps;
}

const jordan = { sku: 'DZ5485-612', name: 'Air Jordan 1 Chicago', sizes: ['42', '43'], askingPrice: 18000 };

function request(rows: PortabilityApplyRequest['rows'], importId = 'imp-1'): PortabilityApplyRequest {
  return { op: 'apply', userId: 'alice', kind: 'inventory', importId, rows };
}

/** The first item of an earlier import, and the match `keys` answers for it. */
async function earlier(deps: ReturnType<typeof setup>, record: Record<string, unknown> = jordan) {
  await apply(deps, request([{ row: 0, key: 'k', record, match: null }], 'imp-0'));
  const item = deps.items.rows.get('item-0001')?.item as Item;
  return { item, match: { id: item.id, updatedAt: item.updatedAt } };
}

describe('lists-portability apply', () => {
  it('writes the same item when a chunk is applied again (its id comes from the import and the row)', async () => {
    const { recordIds: _sequence, ...deps } = setup();
    const chunk = request([
      { row: 7, key: 'k', record: jordan, match: null },
      { row: 8, key: 'k2', record: { ...jordan, sku: 'AA0000-001' }, match: null },
    ]);
    const first = await listsPortability(deps).apply(chunk);
    // The bus delivered the job twice, or a worker took over a chunk a stalled one had written.
    const again = await listsPortability(deps).apply(chunk);
    expect(again.results.map((r) => r.id)).toEqual(first.results.map((r) => r.id));
    expect(first.results.map((r) => r.id)).toEqual([
      importedRecordId('imp-1', 7),
      importedRecordId('imp-1', 8),
    ]);
    expect(deps.items.rows.size).toBe(2);
  });

  it('creates an item with the create route’s defaults and the import markers, in the import’s list', async () => {
    const deps = setup();
    const key = importKeyOf('inventory', jordan) ?? '';
    const { results } = await apply(
      deps,
      request([{ row: 3, key, record: { ...jordan, sizes: ['bulk'] }, match: null }]),
    );
    expect(results).toEqual([
      { row: 3, outcome: 'created', id: 'item-0001', updatedAt: start.toISOString(), error: null },
    ]);
    const stored = deps.items.rows.get('item-0001');
    expect(stored?.item).toMatchObject({
      userId: 'alice',
      listType: 'inventory',
      status: 'available',
      visibility: 'private',
      currency: 'EUR',
      sizes: ['BULK'],
      isBulk: true,
    });
    expect(stored?.markers).toEqual({
      importId: 'imp-1',
      importAction: 'created',
      importRow: 3,
      importedAt: start.toISOString(),
      importBefore: null,
    });
  });

  it('answers failed VALIDATION with field messages, for the schema and for the list’s rules, and goes on', async () => {
    const deps = setup();
    const { results } = await apply(
      deps,
      request([
        { row: 0, key: 'k', record: { name: 'No SKU', sizes: ['42'] }, match: null },
        { row: 1, key: 'k', record: { ...jordan, askingPrice: null, targetPrice: 100 }, match: null },
        { row: 2, key: 'k', record: { ...jordan, status: 'pending' }, match: null },
        { row: 3, key: 'k', record: jordan, match: null },
      ]),
    );
    expect(results.map((r) => [r.row, r.outcome, r.error?.code])).toEqual([
      [0, 'failed', 'VALIDATION'],
      [1, 'failed', 'VALIDATION'],
      [2, 'failed', 'VALIDATION'],
      [3, 'created', undefined],
    ]);
    expect(Object.keys(results[0]?.error?.fields ?? {})).toEqual(['sku']);
    expect(Object.keys(results[1]?.error?.fields ?? {})).toEqual(['targetPrice']);
    expect(Object.keys(results[2]?.error?.fields ?? {})).toEqual(['status']);
    expect(deps.items.rows.size).toBe(1);
  });

  it('updates only the fields the row carries, keeps the before-image, and answers unchanged when nothing differs', async () => {
    const deps = setup();
    await apply(
      deps,
      request([{ row: 0, key: 'k', record: { ...jordan, notes: 'box damaged' }, match: null }], 'imp-0'),
    );
    // Edited through the item form since: the first import no longer owns it.
    const created = deps.items.rows.get('item-0001');
    if (!created) throw new Error('not created');
    deps.clock.advance(60_000);
    const editedAt = deps.clock.now().toISOString();
    deps.items.rows.set('item-0001', {
      item: { ...created.item, updatedAt: editedAt },
      markers: created.markers,
    });

    deps.clock.advance(60_000);
    const match = { id: 'item-0001', updatedAt: editedAt };
    const same = await apply(
      deps,
      request([
        { row: 5, key: 'k', record: { sku: jordan.sku, name: jordan.name, sizes: ['42', '43'] }, match },
      ]),
    );
    expect(same.results[0]).toMatchObject({ outcome: 'unchanged', id: 'item-0001', updatedAt: editedAt });

    const changed = await apply(
      deps,
      request([{ row: 6, key: 'k', record: { ...jordan, askingPrice: 20000 }, match }]),
    );
    expect(changed.results[0]).toMatchObject({ outcome: 'updated', id: 'item-0001' });
    const stored = deps.items.rows.get('item-0001');
    expect(stored?.item).toMatchObject({
      askingPrice: 20000,
      notes: 'box damaged',
      updatedAt: deps.clock.now().toISOString(),
    });
    expect(stored?.markers).toMatchObject({ importId: 'imp-1', importAction: 'updated', importRow: 6 });
    expect(JSON.parse(stored?.markers?.importBefore ?? '{}')).toMatchObject({
      askingPrice: 18000,
      notes: 'box damaged',
    });

    // A later row of the same import on the same item: the first before-image and action stay.
    deps.clock.advance(1000);
    const again = await apply(
      deps,
      request([
        {
          row: 9,
          key: 'k',
          record: { ...jordan, askingPrice: 21000 },
          match: { id: 'item-0001', updatedAt: stored?.item.updatedAt ?? '' },
        },
      ]),
    );
    expect(again.results[0]?.outcome).toBe('updated');
    const twice = deps.items.rows.get('item-0001');
    expect(twice?.markers).toMatchObject({ importAction: 'updated', importRow: 9 });
    expect(JSON.parse(twice?.markers?.importBefore ?? '{}')).toMatchObject({ askingPrice: 18000 });
  });

  it('plans (the dry run) what apply would answer, by the same rules, and writes nothing', async () => {
    const deps = setup();
    await apply(deps, request([{ row: 0, key: 'k', record: jordan, match: null }], 'imp-0'));
    const stored = structuredClone(deps.items.rows.get('item-0001'));
    if (!stored) throw new Error('not created');
    const match = { id: 'item-0001', updatedAt: stored.item.updatedAt };
    deps.clock.advance(60_000);
    const plan = (rows: PortabilityApplyRequest['rows']) =>
      listsPortability(deps).plan({ ...request(rows), op: 'plan' });
    // Only some of the item's fields, all as stored: nothing would change.
    const planned = await plan([
      { row: 1, key: 'k', record: { sku: jordan.sku, name: jordan.name, sizes: ['42', '43'] }, match },
      { row: 2, key: 'k2', record: { ...jordan, sku: 'AA0000-001' }, match: null },
      { row: 3, key: 'k', record: { ...jordan, askingPrice: 20000 }, match },
      { row: 4, key: 'k3', record: { ...jordan, sku: '' }, match: null },
      { row: 5, key: 'k', record: jordan, match: { id: 'item-0001', updatedAt: 'earlier' } },
    ]);
    expect(planned.results.map((r) => [r.row, r.outcome, r.error?.code ?? null])).toEqual([
      [1, 'unchanged', null],
      [2, 'created', null],
      [3, 'updated', null],
      [4, 'failed', 'VALIDATION'],
      [5, 'failed', 'CHANGED'],
    ]);
    expect(planned.results[1]?.id).toBeNull();
    expect([...deps.items.rows.keys()]).toEqual(['item-0001']);
    expect(deps.items.rows.get('item-0001')).toEqual(stored);
    expect(deps.items.batches.size).toBe(1);
  });

  it('answers CHANGED when the matched item changed or went since keys', async () => {
    const deps = setup();
    await apply(deps, request([{ row: 0, key: 'k', record: jordan, match: null }]));
    const { results } = await apply(
      deps,
      request([
        {
          row: 1,
          key: 'k',
          record: { ...jordan, askingPrice: 1 },
          match: { id: 'item-0001', updatedAt: 'older' },
        },
        { row: 2, key: 'k', record: { ...jordan, askingPrice: 1 }, match: { id: 'gone', updatedAt: 'x' } },
      ]),
    );
    expect(results.map((r) => r.error?.code)).toEqual(['CHANGED', 'CHANGED']);
  });

  it('leaves out of the import’s index an update that lost to an edit at write time', async () => {
    const deps = setup();
    const { match } = await earlier(deps);
    deps.items.writeIfUnchanged = async () => false;
    const { results } = await apply(
      deps,
      request([{ row: 1, key: 'k', record: { ...jordan, askingPrice: 1 }, match }]),
    );
    expect(results[0]?.error?.code).toBe('CHANGED');
    expect([...deps.items.batches.values()].map((b) => b.importId)).toEqual(['imp-0']);
  });

  it('answers unchanged by the update route’s rules: sizes as normalised, the bulk flag as it follows them', async () => {
    const deps = setup();
    const bulk = { ...jordan, sizes: ['bulk'] };
    const { item, match } = await earlier(deps, bulk);
    expect(item).toMatchObject({ sizes: ['BULK'], isBulk: true });
    const { results } = await apply(
      deps,
      request([
        { row: 1, key: 'k', record: bulk, match },
        { row: 2, key: 'k', record: { ...jordan, sizes: ['BULK'], isBulk: false }, match },
      ]),
    );
    expect(results.map((r) => [r.outcome, r.updatedAt])).toEqual([
      ['unchanged', item.updatedAt],
      ['unchanged', item.updatedAt],
    ]);
    // Nothing written, so the import's index names nothing of this call.
    expect([...deps.items.batches.values()].map((b) => b.importId)).toEqual(['imp-0']);
  });

  it('names in the import’s index, before writing them, exactly the items the call writes', async () => {
    const deps = setup();
    const { match } = await earlier(deps);
    const recorded: { itemIds: string[]; stored: string[] }[] = [];
    const recordBatch = deps.items.recordBatch;
    deps.items.recordBatch = async (batch) => {
      recorded.push({ itemIds: batch.itemIds, stored: [...deps.items.rows.keys()] });
      await recordBatch(batch);
    };
    deps.clock.advance(1000);
    const { results } = await apply(
      deps,
      request([
        { row: 1, key: 'k', record: { ...jordan, askingPrice: 1 }, match },
        { row: 2, key: 'k', record: { ...jordan, sizes: ['44'] }, match: null },
        // A create the list’s rules refuse, and a match that changed since keys: neither is named.
        { row: 3, key: 'k', record: { ...jordan, targetPrice: 100 }, match: null },
        { row: 4, key: 'k', record: jordan, match: { id: 'item-0009', updatedAt: 'x' } },
      ]),
    );
    expect(results.map((r) => [r.outcome, r.id, r.error?.code ?? null])).toEqual([
      ['updated', 'item-0001', null],
      ['created', 'item-0003', null],
      ['failed', null, 'VALIDATION'],
      ['failed', 'item-0009', 'CHANGED'],
    ]);
    expect(results[3]?.error?.message).toBe(
      'The record changed since the import read it. Run the import again to take it.',
    );
    // One write of the index, before the items: the created one was not there yet.
    expect(recorded).toEqual([{ itemIds: ['item-0001', 'item-0003'], stored: ['item-0001'] }]);
  });

  it('writes the creates of a call together, 25 to a BatchWriteItem', async () => {
    const deps = setup();
    const sizes: number[] = [];
    const createMany = deps.items.createMany;
    deps.items.createMany = async (items) => {
      sizes.push(items.length);
      await createMany(items);
    };
    const rows = Array.from({ length: 100 }, (_, i) => ({
      row: i,
      key: 'k',
      record: { ...jordan, sizes: [String(30 + i)] },
      match: null,
    }));
    const { results } = await apply(deps, request(rows));
    expect(results.map((r) => [r.row, r.outcome])).toEqual(rows.map((r) => [r.row, 'created']));
    expect(sizes).toEqual([25, 25, 25, 25]);
    expect(deps.items.rows.size).toBe(100);
  });

  it('answers no row of a call whose creates could not be written', async () => {
    const deps = setup();
    deps.items.createMany = async () => {
      throw new Error('2 items were not written');
    };
    await expect(apply(deps, request([{ row: 0, key: 'k', record: jordan, match: null }]))).rejects.toThrow(
      '2 items were not written',
    );
  });

  it('refuses the demo store', async () => {
    await expect(apply(setup(), { ...request([]), userId: 'demo-store' })).rejects.toMatchObject({
      code: 'DEMO_MODE',
    });
  });
});

describe('lists-portability keys', () => {
  it('pages the list by import key, with the import only while the item is as the import left it', async () => {
    const deps = setup();
    const rows = Array.from({ length: 3 }, (_, i) => ({
      row: i,
      key: 'k',
      record: { ...jordan, sizes: [String(40 + i)] },
      match: null,
    }));
    await apply(deps, request(rows));
    const edited = deps.items.rows.get('item-0002');
    if (!edited) throw new Error('missing');
    deps.items.rows.set('item-0002', {
      ...edited,
      item: { ...edited.item, updatedAt: '2026-11-21T00:00:00.000Z' },
    });
    const { records, cursor } = await keys(deps, {
      op: 'keys',
      userId: 'alice',
      kind: 'inventory',
      cursor: null,
    });
    expect(cursor).toBeNull();
    expect(records.map((r) => [r.key, r.id, r.importId, r.importAction, r.importRow])).toEqual([
      ['DZ5485612|42', 'item-0003', 'imp-1', 'created', 2],
      ['DZ5485612|41', 'item-0002', null, null, null],
      ['DZ5485612|40', 'item-0001', 'imp-1', 'created', 0],
    ]);
    const other = await keys(deps, { op: 'keys', userId: 'alice', kind: 'wtb', cursor: null });
    expect(other.records).toEqual([]);
  });
});

describe('lists-portability undo', () => {
  it('deletes what the import created, restores what it updated, and keeps what changed since', async () => {
    const deps = setup();
    await apply(
      deps,
      request([{ row: 0, key: 'k', record: { ...jordan, sizes: ['40'] }, match: null }], 'before'),
    );
    const original = deps.items.rows.get('item-0001')?.item as Item;
    deps.clock.advance(1000);
    const { results } = await apply(
      deps,
      request([
        {
          row: 0,
          key: 'k',
          record: { ...jordan, sizes: ['40'], askingPrice: 99 },
          match: { id: 'item-0001', updatedAt: original.updatedAt },
        },
        { row: 1, key: 'k', record: { ...jordan, sizes: ['41'] }, match: null },
        { row: 2, key: 'k', record: { ...jordan, sizes: ['42'] }, match: null },
        { row: 3, key: 'k', record: { ...jordan, sizes: ['43'] }, match: null },
        { row: 4, key: 'k', record: { ...jordan, sizes: ['44'] }, match: null },
      ]),
    );
    expect(results.map((r) => r.outcome)).toEqual(['updated', 'created', 'created', 'created', 'created']);
    // Edited after the import: item-0003 by a patch (markers outdated), item-0004 by a whole-item
    // Put (markers gone); both stay and count kept. item-0005 was deleted: nothing to count.
    const [, , editedId, soldId, deletedId] = results.map((r) => r.id ?? '');
    const edited = deps.items.rows.get(editedId ?? '') as MarkedItem;
    deps.items.rows.set(edited.item.id, {
      ...edited,
      item: { ...edited.item, notes: 'mine', updatedAt: '2026-11-22T00:00:00.000Z' },
    });
    const sold = deps.items.rows.get(soldId ?? '') as MarkedItem;
    deps.items.rows.set(sold.item.id, { item: { ...sold.item, status: 'sold' }, markers: null });
    deps.items.rows.delete(deletedId ?? '');

    deps.clock.advance(1000);
    const answer = await undo(deps, {
      op: 'undo',
      userId: 'alice',
      kind: 'inventory',
      importId: 'imp-1',
      cursor: null,
    });
    expect(answer).toEqual({ reverted: 2, kept: 2, cursor: null });
    expect([...deps.items.rows.keys()].sort()).toEqual(['item-0001', editedId, soldId].sort());
    // The import's index is gone with its undo; the earlier import's stays.
    expect([...deps.items.batches.values()].map((b) => [b.importId, b.itemIds])).toEqual([
      ['before', ['item-0001']],
    ]);
    const restored = deps.items.rows.get('item-0001');
    expect(restored?.markers).toBeNull();
    expect({ ...restored?.item, updatedAt: original.updatedAt }).toEqual(original);
    expect((restored?.item.updatedAt ?? '') > original.updatedAt).toBe(true);
  });
});

describe('lists-portability export and erase', () => {
  it('exports exactly the portable fields, with uploaded images as files, and they import back unchanged', async () => {
    const deps = setup();
    const uploaded = 'https://app.example/media/items/alice/a.jpg';
    await apply(
      deps,
      request([
        { row: 0, key: 'k', record: { ...jordan, imageUrl: uploaded, notes: 'n' }, match: null },
        {
          row: 1,
          key: 'k',
          record: { ...jordan, sizes: ['44'], imageUrl: 'https://images.example/b.jpg' },
          match: null,
        },
      ]),
    );
    const exported = await exportItems(deps, {
      op: 'export',
      userId: 'alice',
      kind: 'inventory',
      cursor: null,
    });
    expect(exported.records.map((r) => r.files)).toEqual([[], [uploaded]]);
    expect(Object.keys(exported.records[0]?.record ?? {})).not.toContain('listType');
    expect(Object.keys(exported.records[0]?.record ?? {})).not.toContain('id');

    // Two items and the import's index row of the call that wrote them.
    expect(await erase(deps, { op: 'erase', userId: 'alice' }, Date.now() + 60_000)).toEqual({
      deleted: 3,
      anonymised: 0,
      done: true,
    });
    expect(deps.items.rows.size).toBe(0);
    expect(deps.items.batches.size).toBe(0);

    const back = await apply(
      deps,
      request(exported.records.map((r, i) => ({ row: i, key: 'k', record: r.record, match: null }))),
    );
    expect(back.results.every((r) => r.outcome === 'created')).toBe(true);
    const again = await exportItems(deps, { op: 'export', userId: 'alice', kind: 'inventory', cursor: null });
    expect(
      again.records.map((r) => r.record).sort((a, b) => String(a.sizes).localeCompare(String(b.sizes))),
    ).toEqual(
      exported.records.map((r) => r.record).sort((a, b) => String(a.sizes).localeCompare(String(b.sizes))),
    );
  });

  it('erase stops at its deadline and asks to be called again', async () => {
    const deps = setup();
    await apply(deps, request([{ row: 0, key: 'k', record: jordan, match: null }]));
    expect(await erase(deps, { op: 'erase', userId: 'alice' }, start.getTime())).toEqual({
      deleted: 0,
      anonymised: 0,
      done: false,
    });
    await expect(erase(deps, { op: 'erase', userId: 'demo-store' }, Date.now())).rejects.toMatchObject({
      code: 'DEMO_MODE',
    });
  });
});
