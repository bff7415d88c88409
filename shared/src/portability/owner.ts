import { importedRecordId } from './record-id';
import { DEMO_MODE_CODE, DEMO_MODE_MESSAGE, DEMO_USER_PREFIX } from '../actor';
import { fieldErrors } from '../contracts/contract';
import {
  PORTABILITY_PAGE_MAX,
  type ApplyResult,
  type PortabilityApplyRequest,
  type PortabilityExportRequest,
  type PortabilityKeysRequest,
  type PortabilityPlanRequest,
  type PortabilityUndoRequest,
  type PortableKind,
} from '../contracts/portability';
import { DEMO } from '../demo';
import { mapLimit } from '../concurrency';
import { ForbiddenError } from '../errors';
import type { Page } from '../paging/page';
import { importKeyOf } from '../rules/import-keys';
import type { PortabilityOperations } from './handler';

/**
 * The owner's side of keys, apply, undo and export (shared/src/contracts/portability.ts),
 * the same for every kind: each owning domain gives, per kind, a store of its records in
 * portable form that writes through the domain's own rules. The domain's `erase` is its own.
 * Pure: no I/O but through the stores.
 */

/** The import markers a record carries (docs/product/migration-tools.md#how-records-move). */
export interface ImportMarks {
  importId: string | null;
  importAction: 'created' | 'updated' | null;
  importRow: number | null;
  /** The record's updatedAt when the import wrote it: "unchanged since" is updatedAt === importedAt. */
  importedAt: string | null;
  /** JSON of the portable record before the import's update. */
  importBefore: string | null;
}

export const NO_IMPORT_MARKS: ImportMarks = {
  importId: null,
  importAction: null,
  importRow: null,
  importedAt: null,
  importBefore: null,
};

/** A stored record in portable form, with its markers. */
export interface PortableStored {
  id: string;
  createdAt: string;
  updatedAt: string;
  record: Record<string, unknown>;
  marks: ImportMarks;
  files?: string[];
}

/** The markers a write stores (importedAt is the record's new updatedAt, set by the store). */
export type WriteMarks = Omit<ImportMarks, 'importedAt'>;

export interface ApplyError {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
}

export type WriteOutcome = { id: string; updatedAt: string } | { error: ApplyError };

/** A row checked by the kind's store, ready to be written. */
export interface ParsedRow {
  /** The row's portable fields as parsed (what "changes nothing" compares). */
  fields: Record<string, unknown>;
  create(marks: WriteMarks): Promise<WriteOutcome>;
  /** Replaces the row's fields, conditional on `stored.updatedAt` (else error CHANGED). */
  update(stored: PortableStored, marks: WriteMarks): Promise<WriteOutcome>;
  /**
   * Whether writing the row would change `stored`, for a kind whose rules reshape what a row
   * gives (lists: sizes normalised, the bulk flag); without it, `fields` are compared.
   */
  changes?(stored: PortableStored): boolean;
  /**
   * With an `importIndex`: the id `create` will give the record (the same on every call), or
   * null when the create will fail, so the index names it before it is written.
   */
  newId?(): string | null;
}

/**
 * What each `apply` call of an import wrote, for a kind whose records a write elsewhere can
 * strip of their markers (lists: a sale's whole-item Put): undo reads the import's records
 * from it, not from their markers, and counts such a record kept instead of missing it.
 */
export interface ImportIndex {
  /**
   * Before a call writes: a new entry (never an earlier call's) naming the ids it may write.
   * Answers how to narrow it to the ids written, when some were not (none: the entry goes).
   */
  record(userId: string, importId: string, ids: string[]): Promise<(written: string[]) => Promise<void>>;
  /** A page of the import's entries: the ids they name, and how to drop them once undone. */
  page(
    userId: string,
    importId: string,
    cursor: string | null,
  ): Promise<{ ids: string[]; cursor: string | null; forget(): Promise<void> }>;
}

/** One kind's records of one user, in the domain's own entities and rules. */
export interface PortableKindStore {
  /** Checks a row with the portable schema and the kind's own rules (e.g. the deposit rule). */
  /**
   * `newId()` is the id a create gives the record: the same for every try of the import's row
   * (`importedRecordId`), so a chunk applied again writes the record it wrote, never a second.
   */
  parse(userId: string, raw: Record<string, unknown>, newId: () => string): ParsedRow | { error: ApplyError };
  /** A page of the user's records of the kind (a Query, never a Scan). */
  page(userId: string, cursor: string | null, limit: number): Promise<Page<PortableStored>>;
  /** The records with these ids (batched reads); absent ones are left out. */
  getMany(userId: string, ids: string[]): Promise<PortableStored[]>;
  /** Reads what an apply's rows refer to (their clients, providers...) in batches, before the rows run. */
  prepare?(userId: string, records: Record<string, unknown>[]): Promise<void>;
  /** Deletes it, conditional on `stored.updatedAt`; false when it changed (kept). */
  remove(userId: string, stored: PortableStored): Promise<boolean>;
  /** Writes `before` back and clears the markers, conditional on `stored.updatedAt`. */
  restore(userId: string, stored: PortableStored, before: Record<string, unknown>): Promise<boolean>;
  /** Undo then pages the import's entries instead of the kind's records. */
  importIndex?: ImportIndex;
  /** The answer to a row whose record changed since `keys` read it (default CHANGED). */
  changed?: ApplyError;
  /**
   * Records of one call written at once (default 1, one after another), for a kind whose
   * records do not depend on one another (lists' items): a call's writes then take a few
   * round trips instead of a hundred. Rows on the same record still go in their order.
   */
  writeConcurrency?: number;
}

/** The distinct lower-cased emails rows give in one field (what `prepare` reads in a batch). */
export function emailsOf(records: Record<string, unknown>[], field: string): string[] {
  const emails = records.flatMap((r) => {
    const value = r[field];
    return typeof value === 'string' && value.trim() ? [value.trim().toLowerCase()] : [];
  });
  return [...new Set(emails)];
}

/** One read per apply call, on first use (e.g. the store's currency). */
export function once<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= read());
}

/** Erase and the imports refuse the demo store, like every write of demo mode. */
export function refuseDemo(userId: string): void {
  if (userId === DEMO.userId || userId.startsWith(DEMO_USER_PREFIX))
    throw new ForbiddenError(DEMO_MODE_MESSAGE, DEMO_MODE_CODE);
}

/** Whether the record is as the import left it. */
export const unchangedSinceImport = (stored: PortableStored) =>
  stored.marks.importId !== null && stored.marks.importedAt === stored.updatedAt;

export const CHANGED: ApplyError = {
  code: 'CHANGED',
  message: 'The record changed since the import read it.',
};

/**
 * Whether the row changes nothing: each field it gives against the stored record, blank and
 * null alike (a field the row leaves out is left as it is).
 */
function sameFields(input: Record<string, unknown>, stored: Record<string, unknown>): boolean {
  const norm = (v: unknown) => (v === undefined || v === '' ? null : typeof v === 'string' ? v.trim() : v);
  return Object.entries(input).every(
    ([key, value]) =>
      value === undefined || JSON.stringify(norm(value)) === JSON.stringify(norm(stored[key])),
  );
}

/** Validation answered the way the API's 400 does: messages per field. */
export function validationError(error: Parameters<typeof fieldErrors>[0]): ApplyError {
  return { code: 'VALIDATION', message: 'The row is not valid.', fields: fieldErrors(error) };
}

type Stores = Partial<Record<PortableKind, PortableKindStore>>;

/** A store of a kind the domain owns; another kind is the caller's bug. */
function storeOf(stores: Stores, kind: PortableKind) {
  const store = Object.hasOwn(stores, kind) ? stores[kind] : undefined;
  if (!store) throw new Error(`This domain does not own the kind ${kind}`);
  return store;
}

/** How many records one undo call reverts at most (each is a conditional write). */
const UNDO_PAGE = 100;

export function portabilityOperations(
  stores: Stores,
  erase: PortabilityOperations['erase'],
  /** The id a row's create gives its record (tests may name them in sequence). */
  recordIdOf: (importId: string, row: number) => string = importedRecordId,
): PortabilityOperations {
  /**
   * `apply`, or (`write` false) `plan`: the same checks and comparisons, and a plan writes
   * nothing, so the dry run's counts are the job's.
   */
  async function applyRows(
    { userId, kind, importId, rows }: PortabilityApplyRequest | PortabilityPlanRequest,
    write: boolean,
  ): Promise<{ results: ApplyResult[] }> {
    refuseDemo(userId);
    const store = storeOf(stores, kind);
    const ids = [...new Set(rows.flatMap((r) => (r.match ? [r.match.id] : [])))];
    const [found] = await Promise.all([
      store.getMany(userId, ids),
      store.prepare?.(
        userId,
        rows.map((r) => r.record),
      ),
    ]);
    const matched = new Map(found.map((s) => [s.id, s]));
    const changed = store.changed ?? CHANGED;
    const parsedRows = rows.map((r) => ({
      ...r,
      parsed: store.parse(userId, r.record, () => recordIdOf(importId, r.row)),
    }));
    const settle =
      write && store.importIndex
        ? await recordWrites(store.importIndex, userId, importId, planned(parsedRows, matched))
        : null;
    const readAs = new Map<string, string>();
    const applyRow = async ({ row, match, parsed }: (typeof parsedRows)[number]): Promise<ApplyResult> => {
      const failed = (error: ApplyError): ApplyResult => ({
        row,
        outcome: 'failed',
        id: match?.id ?? null,
        updatedAt: null,
        error,
      });
      if ('error' in parsed) return failed(parsed.error);
      if (!match) {
        if (!write) return { row, outcome: 'created', id: null, updatedAt: null, error: null };
        const out = await parsed.create({
          importId,
          importAction: 'created',
          importRow: row,
          importBefore: null,
        });
        return 'error' in out
          ? failed(out.error)
          : { row, outcome: 'created', id: out.id, updatedAt: out.updatedAt, error: null };
      }
      const stored = matched.get(match.id);
      // A duplicate key later in the same batch matched the record as `keys` saw it.
      const seen =
        stored && (stored.updatedAt === match.updatedAt || readAs.get(stored.id) === match.updatedAt);
      if (!stored || !seen) return failed(changed);
      if (!differs(parsed, stored))
        return { row, outcome: 'unchanged', id: stored.id, updatedAt: stored.updatedAt, error: null };
      if (!write) {
        // A later row of the plan with this key compares with what this one would leave.
        if (!readAs.has(stored.id)) readAs.set(stored.id, stored.updatedAt);
        matched.set(stored.id, { ...stored, record: { ...stored.record, ...parsed.fields } });
        return { row, outcome: 'updated', id: stored.id, updatedAt: stored.updatedAt, error: null };
      }
      // A record this import already wrote keeps its first before-image and its action.
      const again = unchangedSinceImport(stored) && stored.marks.importId === importId;
      const marks: WriteMarks = {
        importId,
        importAction: again ? stored.marks.importAction : 'updated',
        importRow: row,
        importBefore: again ? stored.marks.importBefore : JSON.stringify(stored.record),
      };
      const out = await parsed.update(stored, marks);
      if ('error' in out) return failed(out.error);
      if (!readAs.has(stored.id)) readAs.set(stored.id, stored.updatedAt);
      matched.set(stored.id, {
        ...stored,
        record: { ...stored.record, ...parsed.fields },
        updatedAt: out.updatedAt,
        marks: { ...marks, importedAt: out.updatedAt },
      });
      return { row, outcome: 'updated', id: out.id, updatedAt: out.updatedAt, error: null };
    };
    // A plan writes nothing: its rows run one after the other.
    const results = await inLanes(parsedRows, write ? (store.writeConcurrency ?? 1) : 1, applyRow);
    await settle?.(results);
    return { results };
  }

  return {
    async keys({ userId, kind, cursor }: PortabilityKeysRequest) {
      const page = await storeOf(stores, kind).page(userId, cursor, PORTABILITY_PAGE_MAX);
      return {
        records: page.items.flatMap((stored) => {
          const key = importKeyOf(kind, stored.record);
          if (key === null) return [];
          const live = unchangedSinceImport(stored);
          return [
            {
              key,
              id: stored.id,
              updatedAt: stored.updatedAt,
              importId: live ? stored.marks.importId : null,
              importAction: live ? stored.marks.importAction : null,
              importRow: live ? stored.marks.importRow : null,
            },
          ];
        }),
        cursor: page.cursor,
      };
    },

    apply: (request: PortabilityApplyRequest) => applyRows(request, true),
    plan: (request: PortabilityPlanRequest) => applyRows(request, false),

    async undo({ userId, kind, importId, cursor }: PortabilityUndoRequest) {
      refuseDemo(userId);
      const store = storeOf(stores, kind);
      const revert = async (stored: PortableStored) =>
        stored.marks.importId === importId &&
        unchangedSinceImport(stored) &&
        (stored.marks.importAction === 'created'
          ? await store.remove(userId, stored)
          : await store.restore(userId, stored, beforeOf(stored)));
      const counted = async (records: PortableStored[]) => {
        const done = await mapLimit(records, store.writeConcurrency ?? 1, revert);
        const reverted = done.filter(Boolean).length;
        return { reverted, kept: done.length - reverted };
      };
      if (store.importIndex) {
        // Every record the index names was the import's: one another write took is kept.
        const entries = await store.importIndex.page(userId, importId, cursor);
        const counts = await counted(await store.getMany(userId, entries.ids));
        await entries.forget();
        return { ...counts, cursor: entries.cursor };
      }
      const page = await store.page(userId, cursor, UNDO_PAGE);
      const counts = await counted(page.items.filter((stored) => stored.marks.importId === importId));
      return { ...counts, cursor: page.cursor };
    },

    async export({ userId, kind, cursor }: PortabilityExportRequest) {
      const page = await storeOf(stores, kind).page(userId, cursor, PORTABILITY_PAGE_MAX);
      return {
        records: page.items.map((s) => ({
          id: s.id,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
          record: s.record,
          files: s.files ?? [],
        })),
        cursor: page.cursor,
      };
    },

    erase,
  };
}

/**
 * `write` over the rows, `limit` at a time, the answers in the rows' order. Rows on one record
 * (a key repeated in the call) go one after another, each seeing what the one before wrote.
 */
async function inLanes<R extends { match: { id: string } | null }, T>(
  rows: R[],
  limit: number,
  write: (row: R) => Promise<T>,
): Promise<T[]> {
  const lanes = new Map<string, [number, R][]>();
  for (const entry of rows.entries()) {
    const [index, row] = entry;
    const lane = limit <= 1 ? 'every row' : row.match ? `record ${row.match.id}` : `row ${index}`;
    const rowsOfLane = lanes.get(lane) ?? [];
    rowsOfLane.push(entry);
    lanes.set(lane, rowsOfLane);
  }
  const answers = new Array<T>(rows.length);
  await mapLimit([...lanes.values()], limit, async (lane) => {
    for (const [index, row] of lane) answers[index] = await write(row);
  });
  return answers;
}

/** Whether the row would change the stored record: the store's own rules, or its fields. */
function differs(parsed: ParsedRow, stored: PortableStored): boolean {
  return parsed.changes ? parsed.changes(stored) : !sameFields(parsed.fields, stored.record);
}

/**
 * The ids an apply call may write, for its import index: the creates' new ids, and the
 * matched records as `keys` read them that the row changes. A row that fails later (an edit
 * won the write) is dropped from the entry once the call is done.
 */
function planned(
  rows: { match: { id: string; updatedAt: string } | null; parsed: ParsedRow | { error: ApplyError } }[],
  matched: Map<string, PortableStored>,
): string[] {
  const ids = rows.flatMap(({ match, parsed }) => {
    if ('error' in parsed) return [];
    if (!match) {
      if (!parsed.newId) throw new Error('A store with an import index names its creates (newId)');
      const id = parsed.newId();
      return id === null ? [] : [id];
    }
    const stored = matched.get(match.id);
    return stored && stored.updatedAt === match.updatedAt && differs(parsed, stored) ? [stored.id] : [];
  });
  return [...new Set(ids)];
}

/** The call's index entry, before its writes; after them, narrowed to what they wrote. */
async function recordWrites(index: ImportIndex, userId: string, importId: string, ids: string[]) {
  if (ids.length === 0) return null;
  const narrow = await index.record(userId, importId, ids);
  return async (results: ApplyResult[]) => {
    const written = new Set(
      results.flatMap((r) =>
        r.id !== null && (r.outcome === 'created' || r.outcome === 'updated') ? [r.id] : [],
      ),
    );
    const kept = ids.filter((id) => written.has(id));
    if (kept.length < ids.length) await narrow(kept);
  };
}

function beforeOf(stored: PortableStored): Record<string, unknown> {
  const parsed: unknown = JSON.parse(stored.marks.importBefore ?? '{}');
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : {};
}

/** How long one `erase` call works before it answers `done: false` (the caller calls again). */
export const ERASE_BUDGET_MS = 20_000;

/**
 * An owner's `erase` as steps: `step` deletes some of the user's rows and says whether more are
 * left; steps run until none are, or until ERASE_BUDGET_MS is spent (`done: false`, so the
 * deletion sweep calls again and the function never nears its timeout).
 */
export async function eraseInSteps(
  clock: { now(): Date },
  step: () => Promise<{ deleted: number; more: boolean }>,
): Promise<{ deleted: number; anonymised: number; done: boolean }> {
  const started = clock.now().getTime();
  let deleted = 0;
  for (;;) {
    const done = await step();
    deleted += done.deleted;
    if (!done.more) return { deleted, anonymised: 0, done: true };
    if (clock.now().getTime() - started > ERASE_BUDGET_MS) return { deleted, anonymised: 0, done: false };
  }
}

/** One page of one kind of an owner's rows: how many it deleted and how many it anonymised. */
export interface EraseOutcome {
  deleted: number;
  anonymised: number;
}

/**
 * An owner's `erase` as passes over its kinds of rows, in order: each call of a pass handles
 * one page and answers what it did (0 and 0 when none are left, so a pass must leave no row
 * its next call would find again); the passes run until all are empty or ERASE_BUDGET_MS is
 * spent (`done: false`, the sweep calls again and the next call starts over the empty ones).
 */
export async function eraseInPasses(
  clock: { now(): Date },
  passes: readonly (() => Promise<EraseOutcome>)[],
): Promise<{ deleted: number; anonymised: number; done: boolean }> {
  const started = clock.now().getTime();
  let deleted = 0;
  let anonymised = 0;
  for (const pass of passes) {
    for (;;) {
      const page = await pass();
      if (page.deleted === 0 && page.anonymised === 0) break;
      deleted += page.deleted;
      anonymised += page.anonymised;
      if (clock.now().getTime() - started > ERASE_BUDGET_MS) return { deleted, anonymised, done: false };
    }
  }
  return { deleted, anonymised, done: true };
}

/** Rows one pass's call handles at most. */
export const ERASE_PAGE = 100;

/**
 * An erase-only domain's rows of one user (ERASE_ONLY_SERVICES), as ordered passes: its
 * repository decides which of its rows go and which are anonymised (each domain's choice is
 * in docs/product/accounts.md#closing-the-account).
 */
export interface AccountRowsEraser {
  passes(userId: string, limit: number): readonly (() => Promise<EraseOutcome>)[];
}

/** An erase-only domain's `erase`: refuses the demo store, then runs its passes time-bounded. */
export function eraseAccountRows(deps: {
  clock: { now(): Date };
  eraser: AccountRowsEraser;
}): PortabilityOperations['erase'] {
  return async ({ userId }) => {
    refuseDemo(userId);
    return eraseInPasses(deps.clock, deps.eraser.passes(userId, ERASE_PAGE));
  };
}
