import { describe, expect, it } from 'vitest';
import type { StreamRecord } from '@sneakers/shared/runtime/function';
import { applyLedgerRecords, groupsOf, TRANSACTION_ITEMS_MAX } from '../../src/ledger/domain';
import {
  applyDeltas,
  BOOKING_ENTITY,
  rowId,
  type AggregateRow,
  type Counters,
} from '../../src/ledger/deltas';
import type { LedgerWriter } from '../../src/ledger/ports';

/** A writer with the table's semantics: claims and deltas commit together or not at all. */
function memoryWriter(options: { failOn?: string } = {}) {
  const claims = new Set<string>();
  const rows = new Map<string, Counters>();
  let transactions = 0;
  const writer: LedgerWriter = {
    async apply(eventIds, deltas) {
      transactions += 1;
      if (options.failOn && eventIds.includes(options.failOn)) throw new Error('throttled');
      if (new Set(eventIds).size !== eventIds.length) throw new Error('one item twice in a transaction');
      if (eventIds.some((id) => claims.has(id))) return 'duplicate';
      if (deltas.some((d) => d.onlyIfExists && !rows.has(rowId(d.row)))) return 'erased';
      for (const id of eventIds) claims.add(id);
      applyDeltas(deltas, rows);
      return 'applied';
    },
  };
  return { writer, rows, transactions: () => transactions };
}

const deposit = (eventId: string, prepaidAmount: number): StreamRecord => ({
  eventName: 'INSERT',
  eventId,
  newImage: { __edb_e__: BOOKING_ENTITY, storeUserId: 's', status: 'active', prepaidAmount, currency: 'EUR' },
});
const deposits = (rows: Map<string, Counters>) => rows.get('store|s|EUR')?.deposits ?? 0;
const ignore = () => undefined;

describe('applying stream records to the aggregates', () => {
  it('applies a batch in few transactions, and a redelivered batch not at all', async () => {
    const table = memoryWriter();
    const batch = Array.from({ length: 45 }, (_, i) => deposit(`e${i}`, 100));
    expect(await applyLedgerRecords({ writer: table.writer, onError: ignore }, batch)).toEqual([]);
    expect(deposits(table.rows)).toBe(4_500);
    // 45 claims and one store row fit in one transaction.
    expect(table.transactions()).toBe(1);
    expect(await applyLedgerRecords({ writer: table.writer, onError: ignore }, batch)).toEqual([]);
    expect(deposits(table.rows)).toBe(4_500);
  });

  it('groups changes while their claims and distinct rows fit in one transaction', () => {
    const change = (rows: string[]) => ({
      deltas: rows.map((storeUserId) => ({
        row: { kind: 'store' as const, storeUserId, currency: 'EUR' as const },
        add: { deposits: 1 },
        labels: {},
      })),
    });
    const sameRow = Array.from({ length: 150 }, () => change(['s']));
    expect(groupsOf(sameRow).map((g) => g.length)).toEqual([99, 51]);
    const ownRows = Array.from({ length: 60 }, (_, i) => change([`s${i}`]));
    for (const group of groupsOf(ownRows))
      expect(group.length * 2).toBeLessThanOrEqual(TRANSACTION_ITEMS_MAX);
    expect(groupsOf(ownRows).flat()).toHaveLength(60);
  });

  it('applies the new changes of a batch that repeats some (a retry after a partial failure)', async () => {
    const table = memoryWriter();
    await applyLedgerRecords({ writer: table.writer, onError: ignore }, [deposit('a', 100)]);
    const failed = await applyLedgerRecords({ writer: table.writer, onError: ignore }, [
      deposit('a', 100),
      deposit('b', 10),
      deposit('b', 10),
      deposit('c', 1),
    ]);
    expect(failed).toEqual([]);
    expect(deposits(table.rows)).toBe(111);
  });

  it('reports the changes that failed by index and applies the rest', async () => {
    const table = memoryWriter({ failOn: 'bad' });
    const errors: unknown[] = [];
    const failed = await applyLedgerRecords({ writer: table.writer, onError: (e) => errors.push(e) }, [
      deposit('a', 1),
      { eventName: 'INSERT', eventId: 'x', newImage: { __edb_e__: BOOKING_ENTITY } },
      deposit('bad', 10),
      { eventName: 'INSERT', newImage: deposit('', 5).newImage },
      deposit('b', 100),
    ]);
    expect(failed).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(3);
    expect(deposits(table.rows)).toBe(101);
  });

  it('skips what the aggregates do not read, writing nothing', async () => {
    const table = memoryWriter();
    const failed = await applyLedgerRecords({ writer: table.writer, onError: ignore }, [
      { eventName: 'INSERT', eventId: 'o', newImage: { __edb_e__: 'outbox' } },
      {
        eventName: 'MODIFY',
        eventId: 'm',
        oldImage: deposit('', 5).newImage,
        newImage: deposit('', 5).newImage,
      },
    ]);
    expect(failed).toEqual([]);
    expect(table.transactions()).toBe(0);
  });
});

describe("deletions whose aggregate rows were erased (a closed account's)", () => {
  const removed = (eventId: string, storeUserId: string): StreamRecord => ({
    eventName: 'REMOVE',
    eventId,
    oldImage: {
      __edb_e__: BOOKING_ENTITY,
      storeUserId,
      status: 'active',
      prepaidAmount: 100,
      currency: 'EUR',
    },
  });
  const added = (eventId: string, storeUserId: string): StreamRecord => ({
    eventName: 'INSERT',
    eventId,
    newImage: removed(eventId, storeUserId).oldImage,
  });
  /** The memory table's rows as `existingRows` reads them. */
  const existingIn =
    (rows: Map<string, Counters>, asked: string[][]) => async (wanted: readonly AggregateRow[]) => {
      asked.push(wanted.map(rowId));
      return new Set(wanted.map(rowId).filter((id) => rows.has(id)));
    };

  it('take their figures off rows that exist, and write no row back', async () => {
    const table = memoryWriter();
    const asked: string[][] = [];
    const deps = { writer: table.writer, onError: ignore, existingRows: existingIn(table.rows, asked) };
    expect(await applyLedgerRecords(deps, [added('a1', 'kept'), added('a2', 'kept')])).toEqual([]);
    expect(await applyLedgerRecords(deps, [removed('r1', 'kept'), removed('r2', 'erased')])).toEqual([]);
    expect(asked).toEqual([['store|kept|EUR', 'store|erased|EUR']]);
    expect(table.rows.get('store|kept|EUR')?.deposits).toBe(100);
    expect(table.rows.has('store|erased|EUR')).toBe(false);
  });

  it('write no row back when the erase deletes it between the check and the write', async () => {
    const table = memoryWriter();
    const asked: string[][] = [];
    const check = existingIn(table.rows, asked);
    let erased = false;
    const deps = {
      writer: table.writer,
      onError: ignore,
      // The account's erase deletes the row just after the first check saw it.
      existingRows: async (wanted: readonly AggregateRow[]) => {
        const found = await check(wanted);
        if (!erased) {
          erased = true;
          table.rows.delete('store|gone|EUR');
        }
        return found;
      },
    };
    const adds = [added('a1', 'gone'), added('a2', 'kept'), added('a3', 'kept')];
    expect(await applyLedgerRecords(deps, adds)).toEqual([]);
    expect(await applyLedgerRecords(deps, [removed('r1', 'gone'), removed('r2', 'kept')])).toEqual([]);
    expect(table.rows.has('store|gone|EUR')).toBe(false);
    expect(table.rows.get('store|kept|EUR')?.deposits).toBe(100);
    expect(asked).toEqual([['store|gone|EUR', 'store|kept|EUR'], ['store|gone|EUR']]);
    // Its claim committed: delivered again, it changes nothing.
    expect(await applyLedgerRecords(deps, [removed('r1', 'gone')])).toEqual([]);
    expect(table.rows.has('store|gone|EUR')).toBe(false);
  });

  it('count a row this batch creates, and read nothing for a batch without deletions', async () => {
    const table = memoryWriter();
    const asked: string[][] = [];
    const deps = { writer: table.writer, onError: ignore, existingRows: existingIn(table.rows, asked) };
    expect(await applyLedgerRecords(deps, [added('a1', 's')])).toEqual([]);
    expect(asked).toEqual([]);
    expect(await applyLedgerRecords(deps, [added('a2', 'new'), removed('r2', 'new')])).toEqual([]);
    expect(asked).toEqual([]);
    expect(table.rows.get('store|new|EUR')?.deposits ?? 0).toBe(0);
  });
});
