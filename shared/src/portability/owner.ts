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
}

/** One kind's records of one user, in the domain's own entities and rules. */
export interface PortableKindStore {
  /** Checks a row with the portable schema and the kind's own rules (e.g. the deposit rule). */
  parse(userId: string, raw: Record<string, unknown>): ParsedRow | { error: ApplyError };
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
    const results: ApplyResult[] = [];
    const readAs = new Map<string, string>();
    for (const { row, record, match } of rows) {
      const failed = (error: ApplyError): ApplyResult => ({
        row,
        outcome: 'failed',
        id: match?.id ?? null,
        updatedAt: null,
        error,
      });
      const parsed = store.parse(userId, record);
      if ('error' in parsed) {
        results.push(failed(parsed.error));
        continue;
      }
      if (!match) {
        if (!write) {
          results.push({ row, outcome: 'created', id: null, updatedAt: null, error: null });
          continue;
        }
        const out = await parsed.create({
          importId,
          importAction: 'created',
          importRow: row,
          importBefore: null,
        });
        results.push(
          'error' in out
            ? failed(out.error)
            : { row, outcome: 'created', id: out.id, updatedAt: out.updatedAt, error: null },
        );
        continue;
      }
      const stored = matched.get(match.id);
      // A duplicate key later in the same batch matched the record as `keys` saw it.
      const seen =
        stored && (stored.updatedAt === match.updatedAt || readAs.get(stored.id) === match.updatedAt);
      if (!stored || !seen) {
        results.push(failed(CHANGED));
        continue;
      }
      if (sameFields(parsed.fields, stored.record)) {
        results.push({
          row,
          outcome: 'unchanged',
          id: stored.id,
          updatedAt: stored.updatedAt,
          error: null,
        });
        continue;
      }
      if (!write) {
        results.push({ row, outcome: 'updated', id: stored.id, updatedAt: stored.updatedAt, error: null });
        // A later row of the plan with this key compares with what this one would leave.
        if (!readAs.has(stored.id)) readAs.set(stored.id, stored.updatedAt);
        matched.set(stored.id, { ...stored, record: { ...stored.record, ...parsed.fields } });
        continue;
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
      if ('error' in out) {
        results.push(failed(out.error));
        continue;
      }
      results.push({ row, outcome: 'updated', id: out.id, updatedAt: out.updatedAt, error: null });
      if (!readAs.has(stored.id)) readAs.set(stored.id, stored.updatedAt);
      matched.set(stored.id, {
        ...stored,
        record: { ...stored.record, ...parsed.fields },
        updatedAt: out.updatedAt,
        marks: { ...marks, importedAt: out.updatedAt },
      });
    }
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
      const page = await store.page(userId, cursor, UNDO_PAGE);
      let reverted = 0;
      let kept = 0;
      for (const stored of page.items) {
        if (stored.marks.importId !== importId) continue;
        const done =
          unchangedSinceImport(stored) &&
          (stored.marks.importAction === 'created'
            ? await store.remove(userId, stored)
            : await store.restore(userId, stored, beforeOf(stored)));
        if (done) reverted++;
        else kept++;
      }
      return { reverted, kept, cursor: page.cursor };
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
