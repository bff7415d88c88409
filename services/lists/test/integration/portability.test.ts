import { describe, expect, it } from 'vitest';
import {
  createItem,
  getMyItem,
  listMyItems,
  updateItem,
  type ListType,
} from '@sneakers/shared/contracts/lists';
import { ITEM_KINDS, type PortableKey } from '@sneakers/shared/contracts/portability';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { importKeyOf } from '@sneakers/shared/rules/import-keys';
import { invokeFunction, InvokeFunctionError } from '@sneakers/shared/runtime/invoke';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { cloud, rejection } from '../../../../tests/support/cloud-client';
import { createPortableItemStore } from '../../src/portability/repository';
import { owner, wtb } from './support';

/**
 * lists-portability through the local cloud's Lambda Invoke API (as the migration worker calls
 * it), the items written on DynamoDB Local and read back through the lists routes.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });
const portability = createPortabilityClient((service, payload) =>
  invokeFunction(env(), service, payload, {}),
);

const pair = (sku: string, sizes: string[], extra: Record<string, unknown> = {}) => ({
  sku,
  name: `Pair ${sku}`,
  brand: 'Nike',
  sizes,
  ...extra,
});
const row = (
  i: number,
  kind: ListType,
  record: Record<string, unknown>,
  match: PortableKey | null = null,
) => ({
  row: i,
  key: importKeyOf(kind, record) ?? 'none',
  record,
  match: match ? { id: match.id, updatedAt: match.updatedAt } : null,
});

async function allKeys(userId: string, kind: ListType) {
  const records: PortableKey[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await portability.keys({ userId, kind, cursor });
    records.push(...page.records);
    cursor = page.cursor;
    pages++;
  } while (cursor);
  return { records, pages };
}

async function undoAll(userId: string, kind: ListType, importId: string) {
  let cursor: string | null = null;
  let reverted = 0;
  let kept = 0;
  do {
    const page = await portability.undo({ userId, kind, importId, cursor });
    reverted += page.reverted;
    kept += page.kept;
    cursor = page.cursor;
  } while (cursor);
  return { reverted, kept };
}

async function allExported(userId: string, kind: ListType) {
  const records = [];
  let cursor: string | null = null;
  do {
    const page = await portability.export({ userId, kind, cursor });
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor);
  return records;
}

describe('lists-portability through the Lambda Invoke API', () => {
  it('creates, updates, leaves unchanged and fails rows, and undoes the import except what was edited since', async () => {
    const { client, userId } = await owner();
    const { item: before } = await client.call(createItem, {
      body: wtb({ sku: 'AA1111-100', sizes: ['42'], notes: 'from the form' }),
    });
    const keyA = (await allKeys(userId, 'wtb')).records.find((k) => k.id === before.id);
    expect(keyA).toMatchObject({ key: 'AA1111100|42', importId: null, importAction: null, importRow: null });

    const { results } = await portability.apply({
      userId,
      kind: 'wtb',
      importId: 'imp-undo',
      rows: [
        row(0, 'wtb', pair('AA1111-100', ['42'], { targetPrice: 15000 }), keyA ?? null),
        row(1, 'wtb', pair('BB2222-200', ['43', 'bulk'])),
        row(2, 'wtb', pair('CC3333-300', ['44'], { urgent: true })),
        row(3, 'wtb', pair('DD4444-400', ['45'], { desiredPrice: 100 })),
        row(4, 'wtb', { name: 'no sku', sizes: [] }),
      ],
    });
    expect(results.map((r) => [r.row, r.outcome, r.error?.code ?? null])).toEqual([
      [0, 'updated', null],
      [1, 'created', null],
      [2, 'created', null],
      [3, 'failed', 'VALIDATION'],
      [4, 'failed', 'VALIDATION'],
    ]);
    expect(results[3]?.error?.fields).toEqual({
      desiredPrice: ['A desired price is only for WTS and WTC items.'],
    });
    expect(Object.keys(results[4]?.error?.fields ?? {}).sort()).toEqual(['sizes', 'sku']);

    // The items are what the create and update routes would have made; the markers never show.
    const created = await client.call(getMyItem, { params: { itemId: results[1]?.id ?? '' } });
    expect(created.item).toMatchObject({
      listType: 'wtb',
      status: 'pending',
      visibility: 'public',
      sizes: ['43', 'BULK'],
      isBulk: true,
    });
    expect(Object.keys(created.item)).not.toContain('importId');
    const updated = await client.call(getMyItem, { params: { itemId: before.id } });
    expect(updated.item).toMatchObject({
      targetPrice: 15000,
      notes: 'from the form',
      updatedAt: results[0]?.updatedAt,
    });

    // keys tells a crashed worker which row wrote each record.
    const keys = (await allKeys(userId, 'wtb')).records;
    expect(keys.map((k) => [k.id, k.importAction, k.importRow]).sort()).toEqual(
      [
        [before.id, 'updated', 0],
        [results[1]?.id, 'created', 1],
        [results[2]?.id, 'created', 2],
      ].sort(),
    );

    // Same row again: unchanged; with the updatedAt keys answered before the write: CHANGED.
    const again = await portability.apply({
      userId,
      kind: 'wtb',
      importId: 'imp-undo',
      rows: [
        row(
          0,
          'wtb',
          pair('AA1111-100', ['42'], { targetPrice: 15000 }),
          keys.find((k) => k.id === before.id) ?? null,
        ),
        row(1, 'wtb', pair('AA1111-100', ['42'], { targetPrice: 1 }), keyA ?? null),
      ],
    });
    expect(again.results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['unchanged', null],
      ['failed', 'CHANGED'],
    ]);

    // Edited in the app after the import: no longer the import's, so undo keeps it.
    await client.call(updateItem, { params: { itemId: results[2]?.id ?? '' }, body: { notes: 'mine now' } });
    const afterEdit = (await allKeys(userId, 'wtb')).records.find((k) => k.id === results[2]?.id);
    expect(afterEdit).toMatchObject({ importId: null, importAction: null, importRow: null });

    expect(await undoAll(userId, 'wtb', 'imp-undo')).toEqual({ reverted: 2, kept: 1 });

    const left = await client.call(listMyItems, { query: { listType: 'wtb' } });
    expect(left.items.map((i) => i.id).sort()).toEqual([before.id, results[2]?.id].sort());
    const restored = left.items.find((i) => i.id === before.id);
    expect({ ...restored, updatedAt: before.updatedAt }).toEqual(before);
    expect(
      await rejection(client.call(getMyItem, { params: { itemId: results[1]?.id ?? '' } })),
    ).toMatchObject({
      status: 404,
    });
  });

  it('a later row of the same import with the same key updates what the import created, which undo still deletes', async () => {
    const { userId } = await owner();
    const first = await portability.apply({
      userId,
      kind: 'wts',
      importId: 'imp-dup',
      rows: [row(7, 'wts', pair('HH8888-800', ['41'], { desiredPrice: 9000 }))],
    });
    expect(first.results[0]?.outcome).toBe('created');
    // A worker resuming after a crash finds row 7 done by this import.
    const [written] = (await allKeys(userId, 'wts')).records;
    expect(written).toMatchObject({
      id: first.results[0]?.id,
      importId: 'imp-dup',
      importAction: 'created',
      importRow: 7,
    });

    const duplicate = await portability.apply({
      userId,
      kind: 'wts',
      importId: 'imp-dup',
      rows: [row(12, 'wts', pair('hh8888 800', ['41'], { desiredPrice: 9500 }), written ?? null)],
    });
    expect(duplicate.results[0]?.outcome).toBe('updated');
    expect((await allKeys(userId, 'wts')).records[0]).toMatchObject({
      importAction: 'created',
      importRow: 12,
    });

    expect(await undoAll(userId, 'wts', 'imp-dup')).toEqual({ reverted: 1, kept: 0 });
    expect((await allKeys(userId, 'wts')).records).toEqual([]);
  });

  it('pages keys and writes 1,050 items in 11 calls', async () => {
    const { userId } = await owner();
    const started = Date.now();
    for (let call = 0; call < 11; call++) {
      const rows = Array.from({ length: call === 10 ? 50 : 100 }, (_, i) => {
        const n = call * 100 + i;
        return row(
          n,
          'inventory',
          pair(`ZZ${String(n).padStart(4, '0')}-001`, ['42'], { askingPrice: 10000 + n }),
        );
      });
      const { results } = await portability.apply({ userId, kind: 'inventory', importId: 'imp-many', rows });
      expect(results.every((r) => r.outcome === 'created')).toBe(true);
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`lists-portability: 1,050 items applied in ${seconds.toFixed(1)} s`);
    const { records, pages } = await allKeys(userId, 'inventory');
    expect(pages).toBe(2);
    expect(records).toHaveLength(1050);
    expect(new Set(records.map((r) => r.importRow)).size).toBe(1050);
    expect(records.every((r) => r.importId === 'imp-many' && r.importAction === 'created')).toBe(true);
  }, 120_000);

  it('exports records that import back unchanged after an erase, and erases every list', async () => {
    const { client, userId } = await owner();
    await client.call(createItem, {
      body: wtb({ sku: 'EE5555-500', sizes: ['40', '41'], notes: 'n', urgent: true }),
    });
    await client.call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'FF6666',
        name: 'Samba',
        sizes: ['44'],
        purchasePrice: 7000,
        purchaseDate: '2026-01-02',
        askingPrice: 9000,
        source: 'Outlet',
      },
    });
    await client.call(createItem, {
      body: {
        listType: 'wts',
        sku: 'GG7777',
        name: 'Dunk',
        sizes: ['38'],
        desiredPrice: 12000,
        visibility: 'private',
        imageUrl: 'https://images.example/d.jpg',
      },
    });
    const exported = new Map<ListType, Awaited<ReturnType<typeof allExported>>>();
    for (const kind of ITEM_KINDS) exported.set(kind, await allExported(userId, kind));
    expect([...exported.values()].map((r) => r.length)).toEqual([1, 1, 1, 0]);
    expect(exported.get('wts')?.[0]?.files).toEqual([]);

    let erased = { deleted: 0, anonymised: 0, done: false };
    while (!erased.done) {
      const answer = await portability.erase('lists-portability', userId);
      erased = { ...answer, deleted: erased.deleted + answer.deleted };
    }
    expect(erased).toEqual({ deleted: 3, anonymised: 0, done: true });
    for (const kind of ITEM_KINDS) expect((await allKeys(userId, kind)).records).toEqual([]);

    for (const kind of ITEM_KINDS) {
      const records = exported.get(kind) ?? [];
      if (records.length === 0) continue;
      const { results } = await portability.apply({
        userId,
        kind,
        importId: 'imp-back',
        rows: records.map((r, i) => row(i, kind, r.record)),
      });
      expect(results.map((r) => r.outcome)).toEqual(records.map(() => 'created'));
    }
    for (const kind of ITEM_KINDS)
      expect((await allExported(userId, kind)).map((r) => r.record)).toEqual(
        (exported.get(kind) ?? []).map((r) => r.record),
      );

    // The second erase also takes the import's index: three items and their three index rows.
    expect(await portability.erase('lists-portability', userId)).toEqual({
      deleted: 6,
      anonymised: 0,
      done: true,
    });
    expect(await undoAll(userId, 'wtb', 'imp-back')).toEqual({ reverted: 0, kept: 0 });
  });

  it('writes an item only while it still has the updatedAt the call read', async () => {
    const { client } = await owner();
    const made = await Promise.all(
      ['JJ1', 'JJ2', 'JJ3'].map((sku) => client.call(createItem, { body: wtb({ sku, sizes: ['40'] }) })),
    );
    const [a, b, c] = made.map((m) => m.item);
    if (!a || !b || !c) throw new Error('not created');
    const store = createPortableItemStore(
      createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl }),
      cloud().tableName || LOCAL_NAMES.table,
    );
    const later = new Date(Date.parse(a.updatedAt) + 1000).toISOString();
    const done = [
      await store.writeIfUnchanged({
        kind: 'put',
        next: { item: { ...a, notes: 'put', updatedAt: later }, markers: null },
        expectedUpdatedAt: a.updatedAt,
      }),
      await store.writeIfUnchanged({
        kind: 'put',
        next: { item: { ...a, notes: 'lost', updatedAt: later }, markers: null },
        expectedUpdatedAt: a.updatedAt,
      }),
      await store.writeIfUnchanged({ kind: 'delete', item: b, expectedUpdatedAt: 'not its updatedAt' }),
      await store.writeIfUnchanged({ kind: 'delete', item: c, expectedUpdatedAt: c.updatedAt }),
    ];
    expect(done).toEqual([true, false, false, true]);
    const left = await client.call(listMyItems, { query: { listType: 'wtb' } });
    expect(left.items.map((i) => [i.id, i.notes]).sort()).toEqual(
      [
        [a.id, 'put'],
        [b.id, b.notes],
      ].sort(),
    );
  });

  it('refuses the demo store’s writes', async () => {
    const error = await portability
      .apply({ userId: 'demo-store', kind: 'wtb', importId: 'x', rows: [] })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InvokeFunctionError);
    expect(String((error as Error).message)).toContain('Demo users cannot save changes.');
  });
});
