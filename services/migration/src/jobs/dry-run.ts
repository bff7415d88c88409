import type { DataImport } from '@sneakers/shared/contracts/migration';
import type { PortabilityPlanRequest } from '@sneakers/shared/contracts/portability';
import { next, ownerKeys, queuedEvent, validatedRows } from '../imports/domain';
import type { ImportDeps, ImportRecord } from '../imports/ports';
import type { StepOptions } from './validation';

/**
 * The dry run (docs/product/migration-tools.md#import, step 5), counted by migration-worker on
 * `Migration.ImportQueued` while the import is `mapped` with its `dryRun` `running`: every row
 * in order, against every record of the kind the user has (the owner's `keys`). Each valid row
 * goes to the owner's `plan` with the record its key matches (or none), which answers what
 * `apply` would, by the same rules: a row that changes nothing is `unchanged`, as the job
 * counts it, and a row the owner's rules refuse fails. A key an earlier row of the file has
 * is an update of what that row leaves (unchanged when it repeats that row); an invalid row
 * would fail.
 *
 * Checkpoints: the counts and the rows counted, conditional on the import's version (a fix,
 * a new mapping or a start makes them stale: the run stops), at most once per
 * `checkpointMs`. A resumed run recomputes the file's earlier keys from the stored rows
 * before its checkpoint (no owner call), so its counts go on exactly.
 */

export const DRY_RUN_CHECKPOINT_MS = 1000;

type Counts = NonNullable<DataImport['dryRun']>;
type PlannedRow = PortabilityPlanRequest['rows'][number];

export async function runDryRun(
  deps: ImportDeps,
  initial: ImportRecord,
  options: StepOptions,
): Promise<'counted' | 'requeued' | 'stopped'> {
  let record = next(initial, deps.clock.now(), {});
  if ((await deps.imports.save(record, { active: 'put' })) === 'stale') return 'stopped';
  const userId = record.ownerUserId;
  const start = record.dryRun;
  const counts: Counts = start
    ? { ...start }
    : { state: 'running', processed: 0, total: 0, create: 0, update: 0, unchanged: 0, failed: 0 };
  const checkpointMs = options.checkpointMs ?? DRY_RUN_CHECKPOINT_MS;

  const keys = await ownerKeys(deps, userId, record.kind);
  /** Each key the file gave so far, with its row's record as JSON (what a later row compares with). */
  const seen = new Map<string, string>();
  if (counts.processed > 0)
    outer: for await (const batch of validatedRows(deps, record, 0))
      for (const { row } of batch) {
        if (row.row >= counts.processed) break outer;
        if (row.status === 'valid' && row.key !== null) seen.set(row.key, JSON.stringify(row.record));
      }

  let lastCheckpoint = deps.clock.now().getTime();
  for await (const batch of validatedRows(deps, record, counts.processed)) {
    const planned: PlannedRow[] = [];
    for (const { row } of batch) {
      if (row.status === 'invalid') counts.failed += 1;
      if (row.status !== 'valid' || row.key === null) continue;
      const json = JSON.stringify(row.record);
      const earlier = seen.get(row.key);
      seen.set(row.key, json);
      if (earlier !== undefined) {
        counts[earlier === json ? 'unchanged' : 'update'] += 1;
        continue;
      }
      const match = keys.get(row.key);
      planned.push({
        row: row.row,
        key: row.key,
        record: row.record,
        match: match ? { id: match.id, updatedAt: match.updatedAt } : null,
      });
    }
    if (planned.length > 0) {
      const { results } = await deps.portability.plan({
        userId,
        kind: record.kind,
        importId: record.id,
        rows: planned,
      });
      const byRow = new Map(results.map((r) => [r.row, r.outcome]));
      for (const { row } of planned) {
        const outcome = byRow.get(row) ?? 'failed';
        counts[outcome === 'created' ? 'create' : outcome === 'updated' ? 'update' : outcome] += 1;
      }
    }
    counts.processed = (batch[batch.length - 1]?.row.row ?? counts.processed - 1) + 1;

    const now = deps.clock.now();
    const overBudget = now.getTime() - options.startedAt > options.budgetMs;
    if (!overBudget && now.getTime() - lastCheckpoint < checkpointMs) continue;
    lastCheckpoint = now.getTime();
    const saved = next(record, now, { dryRun: { ...counts } });
    const outcome = await deps.imports.save(saved, {
      active: 'put',
      ...(overBudget ? { event: queuedEvent(deps, saved, now) } : {}),
    });
    if (outcome === 'stale') return 'stopped';
    record = saved;
    if (overBudget) return 'requeued';
  }

  const done = next(record, deps.clock.now(), {
    dryRun: { ...counts, state: 'done', processed: record.rows.total, total: record.rows.total },
  });
  return (await deps.imports.save(done, { active: 'remove' })) === 'stale' ? 'stopped' : 'counted';
}
