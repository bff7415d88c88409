import type { StreamRecord } from '@sneakers/shared/runtime/function';
import { deltaOf, mergeDeltas, rowId, type RowDelta } from './deltas';
import type { LedgerDeps } from './ports';

/** TransactWriteItems' limit: a group's claims plus its distinct aggregate rows. */
export const TRANSACTION_ITEMS_MAX = 100;

interface Change {
  index: number;
  record: StreamRecord;
  eventId: string;
  deltas: RowDelta[];
}

/**
 * Consecutive changes share a transaction while their claims and the distinct rows their
 * summed deltas touch fit in one: a burst of sales on the same days costs a handful of
 * transactions, not one per sale.
 */
export function groupsOf<C extends { deltas: RowDelta[] }>(changes: readonly C[]): C[][] {
  const groups: C[][] = [];
  let group: C[] = [];
  let rows = new Set<string>();
  for (const change of changes) {
    const touched = new Set([...rows, ...change.deltas.map((d) => rowId(d.row))]);
    if (group.length > 0 && group.length + 1 + touched.size > TRANSACTION_ITEMS_MAX) {
      groups.push(group);
      group = [];
      rows = new Set(change.deltas.map((d) => rowId(d.row)));
    } else rows = touched;
    group.push(change);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

function entityOf(record: StreamRecord): string | undefined {
  const entity = (record.newImage ?? record.oldImage)?.__edb_e__;
  return typeof entity === 'string' ? entity : undefined;
}

/**
 * A deletion's deltas apply only to aggregate rows that exist, or that another change of this
 * batch writes: its row's earlier changes created them, so a missing one was erased with the
 * store's account (commerce's erase deletes the aggregates), and the deletions that account's
 * erase caused reach the stream after it. The erase can also delete a row after this check:
 * so the deltas kept on rows that exist are written only while their row still exists
 * (`onlyIfExists`), and a change refused for that is checked and written again (`applyOne`).
 */
async function dropErased(deps: LedgerDeps, changes: Change[]): Promise<void> {
  const removes = changes.filter((c) => c.record.eventName === 'REMOVE');
  if (removes.length === 0 || !deps.existingRows) return;
  const written = new Set(
    changes.filter((c) => c.record.eventName !== 'REMOVE').flatMap((c) => c.deltas.map((d) => rowId(d.row))),
  );
  const asked = new Map<string, RowDelta['row']>();
  for (const delta of removes.flatMap((c) => c.deltas))
    if (!written.has(rowId(delta.row))) asked.set(rowId(delta.row), delta.row);
  const existing = asked.size > 0 ? await deps.existingRows([...asked.values()]) : new Set<string>();
  const kept = changes.flatMap((change) => {
    if (change.record.eventName !== 'REMOVE') return [change];
    const deltas = change.deltas.flatMap((d) => {
      if (written.has(rowId(d.row))) return [d];
      return existing.has(rowId(d.row)) ? [{ ...d, onlyIfExists: true }] : [];
    });
    return deltas.length > 0 ? [{ ...change, deltas }] : [];
  });
  changes.splice(0, changes.length, ...kept);
}

/** Checks again until the erase is done with this change's rows. */
const ERASED_ATTEMPTS = 3;

/**
 * One change with its claim. Refused because a row it takes figures off was erased after the
 * check: the rows are checked again, and the change is written without the erased ones (its
 * claim still commits, so it counts once).
 */
async function applyOne(deps: LedgerDeps, change: Change): Promise<void> {
  let deltas = change.deltas;
  for (let attempt = 0; ; attempt++) {
    if ((await deps.writer.apply([change.eventId], deltas)) !== 'erased') return;
    if (!deps.existingRows || attempt + 1 >= ERASED_ATTEMPTS)
      throw new Error(`The aggregate rows of change ${change.eventId} kept being erased`);
    const guarded = deltas.filter((d) => d.onlyIfExists).map((d) => d.row);
    const existing = await deps.existingRows(guarded);
    deltas = deltas.filter((d) => !d.onlyIfExists || existing.has(rowId(d.row)));
  }
}

/**
 * Applies a batch of table changes to the aggregates, each exactly once: its claim and its
 * deltas commit together. Changes go in groups (one transaction of their claims and their
 * summed deltas, so a busy stream costs few writes); a group that cannot commit whole (one
 * of its changes was applied before, or failed) is applied change by change. Returns the
 * indexes of the changes that failed, for a partial batch retry; a change that adds
 * nothing writes nothing.
 */
export async function applyLedgerRecords(deps: LedgerDeps, records: StreamRecord[]): Promise<number[]> {
  const failed: number[] = [];
  const changes: Change[] = [];
  for (const [index, record] of records.entries()) {
    try {
      const entity = entityOf(record);
      if (!entity) continue;
      const deltas = deltaOf(entity, record.oldImage, record.newImage);
      if (deltas.length === 0) continue;
      if (!record.eventId) throw new Error('A stream record without an event id cannot be applied once');
      changes.push({ index, record, eventId: record.eventId, deltas });
    } catch (error) {
      deps.onError(error, record);
      failed.push(index);
    }
  }

  await dropErased(deps, changes);

  const one = async (change: Change) => {
    try {
      await applyOne(deps, change);
    } catch (error) {
      deps.onError(error, change.record);
      failed.push(change.index);
    }
  };
  for (const group of groupsOf(changes)) {
    const whole =
      group.length > 1 &&
      (await deps.writer
        .apply(
          group.map((c) => c.eventId),
          mergeDeltas(group.flatMap((c) => c.deltas)),
        )
        .then(
          (outcome) => outcome === 'applied',
          () => false,
        ));
    if (!whole) for (const change of group) await one(change);
  }
  return failed.sort((a, b) => a - b);
}
