import { IMPORT_MAX_ROWS } from '@sneakers/shared/contracts/migration';
import { BadRequestError } from '@sneakers/shared/errors';
import { createRowMapper } from '@sneakers/shared/rules/import-mapping';
import { fileProblem } from '../files/readers';
import {
  CHUNK_MAX_BYTES,
  CHUNK_MAX_ROWS,
  eachSheetRow,
  emptyProgress,
  next,
  queuedEvent,
  storedRowOf,
  tallyChunk,
} from '../imports/domain';
import type { ImportDeps, ImportRecord, StoredRow } from '../imports/ports';

/**
 * The background validation of a mapping (docs/product/migration-tools.md#import, step 4), run
 * by migration-worker on `Migration.ImportQueued` while the import is `validating`: the sheet
 * is read again from its start, every row below the header row mapped, checked with the
 * portable contracts and stored a chunk at a time; then `mapped` with the tally.
 *
 * A new mapping while this runs wins: it changes the import's version, so this run's next
 * chunk (written only while the version is still its own) or checkpoint is refused and the
 * run stops; the new mapping's run clears the rows before it stores its own.
 *
 * Checkpoints: the sheet's next row to read (`validateLine`) and the tally of the rows stored
 * before it are saved together, conditional on the import's version, at most once per
 * `checkpointMs`. A run resumed after a crash starts at that row: chunks stored after the
 * checkpoint are written again with the same rows (same first row, same key), and counted
 * once, from the checkpoint's tally. Rows before it still go through the row mapper (not
 * stored), because a Shopify product's later variant rows carry its first row's cells down.
 */

/** How often a validation saves its checkpoint (and heartbeat) at most. */
export const VALIDATION_CHECKPOINT_MS = 1000;

export interface StepOptions {
  budgetMs: number;
  startedAt: number;
  /** Least time between checkpoints (0: after every chunk). */
  checkpointMs?: number;
  /** Test hook: runs after a chunk is stored and before any checkpoint (a crash there). */
  afterChunk?: (rowsStored: number) => Promise<void> | void;
}

export async function runValidation(
  deps: ImportDeps,
  initial: ImportRecord,
  options: StepOptions,
): Promise<'validated' | 'failed' | 'requeued' | 'stopped'> {
  // Claim: a version of its own (a twin worker's next checkpoint is then stale) and a heartbeat.
  let record = next(initial, deps.clock.now(), {});
  if ((await deps.imports.save(record, { active: 'put' })) === 'stale') return 'stopped';

  const userId = record.ownerUserId;
  const headerRow = record.headerRow ?? 0;
  const firstLine = headerRow + 1;
  const resumeAt = record.validateLine ?? firstLine;
  const mapper = createRowMapper(record.source ?? 'generic', record.headers ?? [], record.columns);
  const tally = { ...record.rows };
  const checkpointMs = options.checkpointMs ?? VALIDATION_CHECKPOINT_MS;
  // Nothing of this mapping counted yet: the earlier mapping's rows and fixes go first.
  if (tally.total === 0) await deps.imports.clearRows(userId, record.id);

  let line = 0;
  let chunk: StoredRow[] = [];
  let chunkBytes = 0;
  let lastCheckpoint = deps.clock.now().getTime();
  let ended = null as 'requeued' | 'stopped' | null;
  const total = record.validation?.total ?? 0;
  const progress = (at: number) => ({
    processed: Math.max(0, at - firstLine),
    total: Math.max(total, at - firstLine),
  });

  /** Stores the chunk while the import is still this run's; false when a newer mapping took it. */
  const flush = async () => {
    if (chunk.length === 0) return true;
    const rows = chunk;
    chunk = [];
    chunkBytes = 0;
    await tallyChunk(deps, record.kind, rows, tally);
    if ((await deps.imports.putChunk(userId, record.id, rows, record.version)) === 'stale') {
      ended = 'stopped';
      return false;
    }
    await options.afterChunk?.(tally.total);
    return true;
  };

  /** Saves the checkpoint (the sheet's next row is `line`); 'stop' when the run must end. */
  const checkpoint = async (): Promise<'stop' | undefined> => {
    const now = deps.clock.now();
    const overBudget = now.getTime() - options.startedAt > options.budgetMs;
    if (!overBudget && now.getTime() - lastCheckpoint < checkpointMs) return undefined;
    lastCheckpoint = now.getTime();
    const saved = next(record, now, { rows: { ...tally }, validateLine: line, validation: progress(line) });
    const outcome = await deps.imports.save(saved, {
      active: 'put',
      ...(overBudget ? { event: queuedEvent(deps, saved, now) } : {}),
    });
    if (outcome === 'stale') {
      ended = 'stopped';
      return 'stop';
    }
    record = saved;
    if (overBudget) {
      ended = 'requeued';
      return 'stop';
    }
    return undefined;
  };

  try {
    await eachSheetRow(deps, record, record.sheet, async (rows) => {
      for (const cells of rows) {
        const at = line++;
        if (at < firstLine) continue;
        const mapped = mapper(cells);
        if (at < resumeAt) continue;
        const row = storedRowOf(mapped, cells, tally.total);
        if (!row) continue;
        if (tally.total >= IMPORT_MAX_ROWS) throw fileProblem.tooManyRows();
        tally.total += 1;
        chunk.push(row);
        chunkBytes += JSON.stringify(row.values).length;
        if (chunk.length >= CHUNK_MAX_ROWS || chunkBytes >= CHUNK_MAX_BYTES) {
          if (!(await flush())) return 'stop';
          if ((await checkpoint()) === 'stop') return 'stop';
        }
      }
      return undefined;
    });
    if (ended) return ended;
    if (!(await flush())) return 'stopped';
    if (tally.total === 0)
      throw new BadRequestError('HEADER_ONLY', 'The sheet has a header row and no rows below it to import.');
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    // The file cannot be imported as mapped (gone, grown past the limits...): it says why.
    const failed = next(record, deps.clock.now(), {
      status: 'failed',
      error: { code: error.code, message: error.message },
      validateLine: null,
    });
    return (await deps.imports.save(failed, { active: 'remove' })) === 'stale' ? 'stopped' : 'failed';
  }

  const now = deps.clock.now();
  const mapped = next(record, now, {
    status: 'mapped',
    rows: { ...tally },
    validation: { processed: Math.max(total, line - firstLine), total: Math.max(total, line - firstLine) },
    validateLine: null,
    progress: emptyProgress(tally.total),
  });
  return (await deps.imports.save(mapped, { active: 'remove' })) === 'stale' ? 'stopped' : 'validated';
}
