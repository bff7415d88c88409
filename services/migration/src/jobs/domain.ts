import type { DataImport } from '@sneakers/shared/contracts/migration';
import { PORTABILITY_APPLY_MAX_ROWS, type PortableKey } from '@sneakers/shared/contracts/portability';
import { neutraliseFormula } from '@sneakers/shared/rules/spreadsheet-cells';
import { errorReportKey } from '../files/ports';
import { next, ownerKeys, queuedEvent, validatedRows, type ValidatedRow } from '../imports/domain';
import type { ImportDeps, ImportRecord, RowFailure } from '../imports/ports';
import { runDryRun } from './dry-run';
import { runValidation } from './validation';

/**
 * The import job (docs/product/migration-tools.md#the-import-job), run by migration-worker on
 * `Migration.ImportQueued` (which also runs a mapping's validation, validation.ts, and a dry
 * run, dry-run.ts, by the import's status): from its checkpoint, a chunk of rows at a time through the
 * owner's `apply`, then a checkpoint conditional on the import's version (a pause in between
 * makes it stale: the job stops). Past its time budget it re-queues itself through the
 * outbox with its checkpoint; a worker that crashed is re-queued by the minute schedule
 * (its heartbeat, the active-job marker, went stale). A row applied before a crash and not
 * checkpointed is found by the owner's `keys` (this import, this row) and counted, never
 * written twice.
 */

/** Time a run may use before it re-queues itself (the worker's timeout is 900 s). */
export const JOB_BUDGET_MS = 10 * 60 * 1000;
/** A job whose heartbeat is older than this has lost its worker. */
export const HEARTBEAT_STALE_MS = 3 * 60 * 1000;

export interface JobOptions {
  budgetMs?: number;
  /** How old a running job's heartbeat gets before another run may take it over (HEARTBEAT_STALE_MS). */
  heartbeatStaleMs?: number;
  /** The version the queuing event was written with: any other version means the event is an old copy. */
  queuedVersion?: number | undefined;
  /** Least time between checkpoints of a validation or a dry run (0: after every chunk). */
  checkpointMs?: number;
  /** Test hook: runs after a validation stored a chunk, before its checkpoint (a crash there). */
  afterChunk?: (rowsStored: number) => Promise<void> | void;
  /** Test hook: runs after a chunk's `apply` and before its checkpoint (a crash there). */
  afterApply?: (processed: number) => Promise<void> | void;
}

type Counts = DataImport['progress'];

/** Whether the import has background work to run (the stale schedule re-queues only those). */
export const hasWork = (record: ImportRecord) =>
  ['validating', 'queued', 'running', 'undoing'].includes(record.status) ||
  (record.status === 'mapped' && record.dryRun?.state === 'running');

/**
 * Runs the import's background work from its checkpoint, as its status says: the validation
 * of a new mapping, a dry run, the job, or its undo. Answers what it did, for logs and tests.
 */
export async function runImportJob(
  deps: ImportDeps,
  userId: string,
  importId: string,
  options: JobOptions = {},
): Promise<'completed' | 'undone' | 'validated' | 'counted' | 'failed' | 'requeued' | 'stopped' | 'ignored'> {
  const startedAt = deps.clock.now().getTime();
  const budget = options.budgetMs ?? JOB_BUDGET_MS;
  let record = await deps.imports.get(userId, importId);
  if (!record) return 'ignored';
  // An event delivered again after its work started (or was replaced) must not start a twin run.
  if (options.queuedVersion !== undefined && options.queuedVersion !== record.version) return 'ignored';
  const step = {
    startedAt,
    budgetMs: budget,
    ...(options.checkpointMs !== undefined ? { checkpointMs: options.checkpointMs } : {}),
    ...(options.afterChunk ? { afterChunk: options.afterChunk } : {}),
  };
  if (record.status === 'validating') return runValidation(deps, record, step);
  if (record.status === 'mapped' && record.dryRun?.state === 'running') return runDryRun(deps, record, step);
  if (record.status === 'undoing') return runUndo(deps, record, startedAt, budget);
  if (record.status !== 'queued' && record.status !== 'running') return 'ignored';
  // Events come at least once: a second delivery of this job's event while a live worker runs
  // it (its heartbeat fresh) leaves it to that worker. Taking it over would apply the rows the
  // live one is applying, before its checkpoint, a second time. A crashed worker's job is
  // queued again by the schedule (status queued), or its heartbeat is stale by then.
  const staleMs = options.heartbeatStaleMs ?? HEARTBEAT_STALE_MS;
  if (record.status === 'running' && startedAt - Date.parse(record.updatedAt) < staleMs) return 'ignored';

  // Claim: running, heartbeat now. A twin worker's claim makes this one stale.
  const claimed = next(record, deps.clock.now(), { status: 'running' });
  if ((await deps.imports.save(claimed, { active: 'put' })) === 'stale') return 'stopped';
  record = claimed;

  const keys = await ownerKeys(deps, userId, record.kind);
  const progress: Counts = { ...record.progress };

  for await (const batch of validatedRows(deps, record, progress.processed)) {
    const failures: RowFailure[] = [];
    const outcomes = await applyChunk(
      deps,
      record,
      batch.map((b) => b.row),
      keys,
      failures,
    );
    for (const outcome of outcomes) progress[outcome] += 1;
    progress.processed = (batch[batch.length - 1]?.row.row ?? progress.processed) + 1;
    await options.afterApply?.(progress.processed);

    const now = deps.clock.now();
    const overBudget = now.getTime() - startedAt > budget;
    const done = progress.processed >= progress.total;
    const checkpoint = next(record, now, {
      progress: { ...progress },
      ...(done ? { status: 'completed' as const, finishedAt: now.toISOString() } : {}),
      ...(overBudget && !done ? { status: 'queued' as const } : {}),
    });
    if (done) {
      // The report first: a completed import always has it.
      checkpoint.errorReport = await writeErrorReport(deps, checkpoint, failures);
    }
    const saved = await deps.imports.save(checkpoint, {
      failures,
      active: done ? 'remove' : 'put',
      ...(overBudget && !done ? { event: queuedEvent(deps, checkpoint, now) } : {}),
    });
    if (saved === 'stale') return 'stopped'; // paused (or another worker took it over)
    record = checkpoint;
    if (done) return 'completed';
    if (overBudget) return 'requeued';
  }
  // No rows left (an import of skipped rows only, or the last checkpoint was not the end).
  const now = deps.clock.now();
  const finished = next(record, now, {
    status: 'completed',
    finishedAt: now.toISOString(),
    progress: { ...progress, processed: progress.total },
  });
  finished.errorReport = await writeErrorReport(deps, finished, []);
  return (await deps.imports.save(finished, { active: 'remove' })) === 'stale' ? 'stopped' : 'completed';
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

/**
 * Applies one chunk's valid rows. Rows this import already wrote (a crash before the last
 * checkpoint) count as what they did; a key repeated inside one `apply` waits for the next,
 * so the second row updates the record the first created.
 */
async function applyChunk(
  deps: ImportDeps,
  record: ImportRecord,
  rows: ValidatedRow[],
  keys: Map<string, PortableKey>,
  failures: RowFailure[],
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let batch: { row: ValidatedRow; key: string }[] = [];
  const send = async () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    const { results } = await deps.portability.apply({
      userId: record.ownerUserId,
      kind: record.kind,
      importId: record.id,
      rows: sent.map(({ row, key }) => {
        const match = keys.get(key);
        return {
          row: row.row,
          key,
          record: row.record,
          match: match ? { id: match.id, updatedAt: match.updatedAt } : null,
        };
      }),
    });
    const byRow = new Map(results.map((r) => [r.row, r]));
    for (const { row, key } of sent) {
      const result = byRow.get(row.row);
      if (!result || result.outcome === 'failed') {
        outcomes.push('failed');
        failures.push({
          row: row.row,
          code: result?.error?.code ?? 'NO_ANSWER',
          message: result?.error?.message ?? 'The row was not applied.',
          fields: result?.error?.fields ?? null,
        });
        continue;
      }
      outcomes.push(result.outcome);
      if (result.id && result.updatedAt) {
        const before = keys.get(key);
        keys.set(key, {
          key,
          id: result.id,
          updatedAt: result.updatedAt,
          importId: record.id,
          importAction:
            before?.importId === record.id
              ? before.importAction
              : result.outcome === 'created'
                ? 'created'
                : 'updated',
          importRow: row.row,
        });
      }
    }
  };

  for (const row of rows) {
    if (row.status !== 'valid' || row.key === null) {
      outcomes.push(row.status === 'invalid' ? 'skipped' : 'skipped');
      continue;
    }
    const known = keys.get(row.key);
    if (known && known.importId === record.id && known.importRow === row.row && known.importAction) {
      // Written by this row before a crash: what it did then.
      outcomes.push(known.importAction);
      continue;
    }
    if (batch.some((b) => b.key === row.key) || batch.length >= PORTABILITY_APPLY_MAX_ROWS) await send();
    batch.push({ row, key: row.key });
  }
  await send();
  return outcomes;
}

/** The undo as a job: the owner's `undo` a page at a time, the cursor checkpointed with the counts. */
async function runUndo(
  deps: ImportDeps,
  initial: ImportRecord,
  startedAt: number,
  budget: number,
): Promise<'undone' | 'requeued' | 'stopped'> {
  let record = initial;
  for (;;) {
    const page = await deps.portability.undo({
      userId: record.ownerUserId,
      kind: record.kind,
      importId: record.id,
      cursor: record.undoCursor,
    });
    const now = deps.clock.now();
    const undo = {
      reverted: (record.undo?.reverted ?? 0) + page.reverted,
      kept: (record.undo?.kept ?? 0) + page.kept,
    };
    const done = page.cursor === null;
    const overBudget = now.getTime() - startedAt > budget;
    const checkpoint = next(record, now, {
      undo,
      undoCursor: page.cursor,
      ...(done ? { status: 'undone' as const, finishedAt: now.toISOString() } : {}),
    });
    const saved = await deps.imports.save(checkpoint, {
      active: done ? 'remove' : 'put',
      ...(overBudget && !done ? { event: queuedEvent(deps, checkpoint, now) } : {}),
    });
    if (saved === 'stale') return 'stopped';
    record = checkpoint;
    if (done) return 'undone';
    if (overBudget) return 'requeued';
  }
}

const REPORT_HEADERS = ['row', 'status', 'field', 'reason'];
const csvCell = (value: string) => {
  const safe = neutraliseFormula(value);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The error report (CSV, formula-protected as every CSV the product writes): the rows left
 * out (skipped, invalid) with their reasons, then the rows the owner refused. The sheet's row
 * number is given, so the user finds the row in their file. Answers its object key.
 */
async function writeErrorReport(deps: ImportDeps, record: ImportRecord, lastFailures: RowFailure[]) {
  const sheetRow = (row: number) => String((record.headerRow ?? 0) + 2 + row);
  const lines = [REPORT_HEADERS.join(',')];
  for await (const batch of validatedRows(deps, record, 0)) {
    for (const { row } of batch) {
      if (row.status === 'valid') continue;
      const reasons = row.skipReason
        ? [['', row.skipReason]]
        : Object.entries(row.errors).flatMap(([field, messages]) => messages.map((m) => [field, m]));
      if (reasons.length === 0) reasons.push(['', 'Skipped in the preview.']);
      for (const [field, reason] of reasons)
        lines.push([sheetRow(row.row), row.status, field ?? '', reason ?? ''].map(csvCell).join(','));
    }
  }
  const failed = new Map<number, RowFailure>();
  for await (const page of deps.imports.failures(record.ownerUserId, record.id))
    for (const f of page) failed.set(f.row, f);
  for (const f of lastFailures) failed.set(f.row, f);
  for (const f of [...failed.values()].sort((a, b) => a.row - b.row)) {
    const entries = f.fields ? Object.entries(f.fields) : [];
    if (entries.length === 0)
      lines.push([sheetRow(f.row), 'failed', '', `${f.code}: ${f.message}`].map(csvCell).join(','));
    for (const [field, messages] of entries)
      for (const message of messages)
        lines.push([sheetRow(f.row), 'failed', field, message].map(csvCell).join(','));
  }
  const key = errorReportKey(record.ownerUserId, record.id);
  await deps.files.put(key, `${lines.join('\r\n')}\r\n`, 'text/csv; charset=utf-8');
  return key;
}

/** The minute schedule: jobs whose worker stopped beating (for `staleMs`) are queued again. */
export async function requeueStaleJobs(deps: ImportDeps, staleMs = HEARTBEAT_STALE_MS): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - staleMs).toISOString();
  const stale = await deps.imports.staleJobs(cutoff);
  let requeued = 0;
  for (const job of stale) {
    const record = await deps.imports.get(job.userId, job.importId);
    if (!record) continue;
    if (!hasWork(record)) {
      // Its work was stopped by the user (a fix ended a dry run): the marker goes too.
      await deps.imports.save(next(record, now, {}), { active: 'remove' });
      continue;
    }
    // Stale still as read now (every save of a running job is its heartbeat): a job that beat,
    // or another run of this schedule re-queued, since the marker was listed is not queued twice.
    if (record.updatedAt >= cutoff) continue;
    // Queued again, so the run this event starts claims it (a running job with a fresh heartbeat is left alone).
    const again = next(record, now, record.status === 'running' ? { status: 'queued' as const } : {});
    const saved = await deps.imports.save(again, { event: queuedEvent(deps, again, now), active: 'put' });
    if (saved === 'committed') requeued += 1;
  }
  return requeued;
}
