/**
 * The lists domain's side of data portability for items (docs/product/migration-tools.md#how-records-move):
 * one store per list (inventory, WTB, WTS, WTC) of the owners' shared engine
 * (shared/src/portability/owner.ts), which answers keys, apply, undo and export; the import's
 * index (import-batch-entity.ts) is the engine's `importIndex`, and erase is this domain's own.
 * New items go through the create route's rules (`newItem`), updates through the update
 * route's (`applyUpdate`), so an imported item is one the item form could have saved.
 */
import type * as z from 'zod/mini';
import { fieldErrors } from '@sneakers/shared/contracts/contract';
import type { Item, ListType } from '@sneakers/shared/contracts/lists';
import {
  ITEM_KINDS,
  portableItemSchema,
  type PortabilityEraseRequest,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import { AppError } from '@sneakers/shared/errors';
import type { PortabilityOperations } from '@sneakers/shared/portability/handler';
import {
  ERASE_BUDGET_MS,
  NO_IMPORT_MARKS,
  portabilityOperations,
  refuseDemo,
  type ApplyError,
  type ImportIndex,
  type PortableKindStore,
  type PortableStored,
  type WriteMarks,
} from '@sneakers/shared/portability/owner';
import { applyUpdate, newItem } from '../items/domain';
import type { ImportMarkers, MarkedItem, PortabilityDeps } from './ports';

export type PortableItem = z.output<typeof portableItemSchema>;

/** The portable fields, in the schema's order: what an export holds and what an update may replace. */
export const PORTABLE_ITEM_FIELDS = Object.keys(portableItemSchema.shape) as (keyof PortableItem &
  keyof Item)[];

/**
 * Index rows an `undo` reads a call (each names the items of one `apply` call, at most 100):
 * each item may be a conditional write, and the call must stay short.
 */
export const UNDO_BATCHES = 2;

/**
 * Items one call writes at once (items do not depend on one another): the creates among them
 * go out together in one BatchWriteItem (`batchedCreates`), the rest as single conditional
 * writes, so 100 rows take a few round trips instead of a hundred.
 */
export const WRITE_CONCURRENCY = 25;

/** The item as a portable record: exactly the schema's fields, so an export imports back as it is. */
export function portableOf(item: Item): Record<string, unknown> {
  return Object.fromEntries(PORTABLE_ITEM_FIELDS.map((field) => [field, item[field]]));
}

function samePortable(a: Item, b: Item): boolean {
  return PORTABLE_ITEM_FIELDS.every((field) => {
    const x = a[field];
    const y = b[field];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => v === y[i]);
    return x === y;
  });
}

/**
 * A write's time, strictly after the item's last one: two writes in the same millisecond would
 * otherwise leave an edit made after an import looking as if the import were the last writer.
 */
function writeTime(now: Date, previous: string): string {
  const at = now.toISOString();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
}

/** The lists' answer to a row whose item changed since `keys` (the engine's, plus what to do). */
export const ITEM_CHANGED: ApplyError = {
  code: 'CHANGED',
  message: 'The record changed since the import read it. Run the import again to take it.',
};

/** The item rules' refusals (a price the list does not take, a status...) are field messages too. */
function byRules(build: () => Item): { item: Item } | { error: ApplyError } {
  try {
    return { item: build() };
  } catch (error) {
    if (error instanceof AppError && error.status === 400)
      return {
        error: {
          code: 'VALIDATION',
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      };
    throw error;
  }
}

/** The markers an import's write leaves, `at` being the item's new updatedAt. */
function markersAt(marks: WriteMarks, at: string): ImportMarkers | null {
  const { importId, importAction, importRow, importBefore } = marks;
  if (importId === null || importAction === null || importRow === null) return null;
  return { importId, importAction, importRow, importedAt: at, importBefore };
}

/**
 * The stored before-image, portable fields only. Not checked against today's schema: an item
 * saved before a rule tightened still gets back exactly what it had.
 */
function beforeImageOf(importBefore: string | null): Partial<Item> | null {
  if (importBefore === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(importBefore);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const stored = new Map(Object.entries(raw));
  return Object.fromEntries(
    PORTABLE_ITEM_FIELDS.filter((field) => stored.has(field)).map((field) => [field, stored.get(field)]),
  ) as Partial<Item>;
}

/**
 * The import's index in one list: one row per `apply` call, written before its items (a fresh
 * id per call, so a call replayed after a crash never overwrites an earlier row), rewritten
 * with only what was written when an update lost to an edit.
 */
function importIndexOf(deps: PortabilityDeps, listType: ListType): ImportIndex {
  return {
    async record(userId, importId, ids) {
      const batch = { userId, importId, listType, batchId: deps.ids.next() };
      await deps.items.recordBatch({ ...batch, itemIds: ids });
      return async (written) => {
        if (written.length > 0) await deps.items.recordBatch({ ...batch, itemIds: written });
        else await deps.items.forgetBatches([batch]);
      };
    },
    async page(userId, importId, cursor) {
      const page = await deps.items.batchPage(userId, importId, listType, cursor, UNDO_BATCHES);
      return {
        ids: [...new Set(page.rows.flatMap((b) => b.itemIds))],
        cursor: page.cursor,
        forget: () => deps.items.forgetBatches(page.rows),
      };
    },
  };
}

/**
 * The creates in flight together written as one BatchWriteItem (the engine runs
 * WRITE_CONCURRENCY rows at once); each answers only once its item is written, or with the
 * batch's error.
 */
function batchedCreates(createMany: PortabilityDeps['items']['createMany']) {
  let waiting: { marked: MarkedItem; written(): void; failed(error: unknown): void }[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      await createMany(batch.map((w) => w.marked));
    } catch (error) {
      for (const w of batch) w.failed(error);
      return;
    }
    for (const w of batch) w.written();
  };
  return (marked: MarkedItem) =>
    new Promise<void>((written, failed) => {
      waiting.push({ marked, written, failed });
      // After the rows started in this turn have queued theirs.
      if (waiting.length === 1) setImmediate(() => void flush());
    });
}

/**
 * One list's items as a store of the engine. The whole items a call reads (`getMany`) are kept
 * for its writes, which Put whole items; a store lives for one call (`listsPortability`).
 */
function itemStore(deps: PortabilityDeps, listType: ListType): PortableKindStore {
  const read = new Map<string, MarkedItem>();
  const create = batchedCreates(deps.items.createMany);
  const media = deps.mediaBaseUrl ? deps.mediaBaseUrl.replace(/\/+$/, '') + '/' : null;
  const portable = ({ item, markers }: MarkedItem): PortableStored => ({
    id: item.id,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    record: portableOf(item),
    marks: markers ?? NO_IMPORT_MARKS,
    files: media && item.imageUrl?.startsWith(media) ? [item.imageUrl] : [],
  });
  /** A conditional write on the item as this call read it; false when it changed since. */
  const writeIf = (current: MarkedItem, next: MarkedItem | null) =>
    deps.items.writeIfUnchanged(
      next
        ? { kind: 'put', next, expectedUpdatedAt: current.item.updatedAt }
        : { kind: 'delete', item: current.item, expectedUpdatedAt: current.item.updatedAt },
    );

  return {
    async page(userId, cursor, limit) {
      const page = await deps.items.page(userId, listType, cursor, limit);
      return { items: page.rows.map(portable), cursor: page.cursor };
    },

    async getMany(userId, ids) {
      const found = await deps.items.getMany(userId, listType, ids);
      for (const marked of found) read.set(marked.item.id, marked);
      return found.map(portable);
    },

    parse(userId, raw, newId) {
      const parsed = portableItemSchema.safeParse(raw);
      if (!parsed.success)
        return {
          error: {
            code: 'VALIDATION',
            message: 'Some fields are not valid.',
            fields: fieldErrors(parsed.error),
          },
        };
      const input = parsed.data;
      // Built once: the id the import index names is the one the item gets.
      let created: ReturnType<typeof byRules> | undefined;
      const planned = () =>
        (created ??= byRules(() => newItem(userId, { ...input, listType }, newId(), deps.clock.now())));
      const updated = (current: Item) => byRules(() => applyUpdate(current, input, deps.clock.now()));
      return {
        fields: input,
        newId() {
          const plan = planned();
          return 'item' in plan ? plan.item.id : null;
        },
        // The update route's rules decide: sizes as normalised, the bulk flag as it follows them.
        changes(stored) {
          const current = read.get(stored.id);
          if (!current) return true;
          const next = updated(current.item);
          return !('item' in next) || !samePortable(current.item, next.item);
        },
        async create(marks) {
          const plan = planned();
          if ('error' in plan) return plan;
          const { item } = plan;
          await create({ item, markers: markersAt(marks, item.updatedAt) });
          return { id: item.id, updatedAt: item.updatedAt };
        },
        async update(stored, marks) {
          const current = read.get(stored.id);
          if (!current || current.item.updatedAt !== stored.updatedAt) return { error: ITEM_CHANGED };
          const next = updated(current.item);
          if ('error' in next) return next;
          const item = { ...next.item, updatedAt: writeTime(deps.clock.now(), current.item.updatedAt) };
          const marked = { item, markers: markersAt(marks, item.updatedAt) };
          if (!(await writeIf(current, marked))) return { error: ITEM_CHANGED };
          read.set(item.id, marked);
          return { id: item.id, updatedAt: item.updatedAt };
        },
      };
    },

    async remove(_userId, stored) {
      const current = read.get(stored.id);
      return current !== undefined && current.item.updatedAt === stored.updatedAt && writeIf(current, null);
    },

    async restore(_userId, stored) {
      const current = read.get(stored.id);
      // Its own reading of the before-image: portable fields only, and none at all is no undo.
      const before = beforeImageOf(stored.marks.importBefore);
      if (!current || current.item.updatedAt !== stored.updatedAt || !before) return false;
      const now = deps.clock.now();
      return writeIf(current, {
        item: { ...current.item, ...before, updatedAt: writeTime(now, current.item.updatedAt) },
        markers: null,
      });
    },

    importIndex: importIndexOf(deps, listType),
    changed: ITEM_CHANGED,
    writeConcurrency: WRITE_CONCURRENCY,
  };
}

/**
 * The six operations (shared/src/portability/handler.ts dispatches to them). The stores are
 * built for each call, so the items one call read never serve another.
 */
export function listsPortability(deps: PortabilityDeps): PortabilityOperations {
  const operations = () => {
    const stores: Partial<Record<PortableKind, PortableKindStore>> = {};
    for (const listType of ITEM_KINDS) stores[listType] = itemStore(deps, listType);
    return portabilityOperations(
      stores,
      (request) => erase(deps, request, deps.clock.now().getTime() + ERASE_BUDGET_MS),
      deps.recordIds,
    );
  };
  return {
    keys: (request) => operations().keys(request),
    apply: (request) => operations().apply(request),
    plan: (request) => operations().plan(request),
    undo: (request) => operations().undo(request),
    export: (request) => operations().export(request),
    erase: (request) => operations().erase(request),
  };
}

/** Items an `erase` deletes per page read. */
export const ERASE_PAGE = 500;

/**
 * Everything the lists domain keeps for the user: the items of the four lists, with an item
 * made from a booking the booking's marker, and the imports' index rows. Items name no other
 * user, so nothing is anonymised. Stops at `deadline` (epoch ms) with `done: false`; the next
 * call goes on. `deleted` counts items and index rows.
 */
export async function erase(
  deps: Pick<PortabilityDeps, 'items' | 'clock'>,
  request: PortabilityEraseRequest,
  deadline: number,
): Promise<{ deleted: number; anonymised: number; done: boolean }> {
  refuseDemo(request.userId);
  let deleted = 0;
  for (const listType of ITEM_KINDS) {
    for (;;) {
      if (deps.clock.now().getTime() >= deadline) return { deleted, anonymised: 0, done: false };
      // Always the first page: the previous one is gone.
      const page = await deps.items.keyPage(request.userId, listType, null, ERASE_PAGE);
      if (page.rows.length === 0) break;
      deleted += await deps.items.deleteMany(
        page.rows.map((r) => ({ userId: request.userId, listType, id: r.id, bookingId: r.bookingId })),
      );
      if (page.cursor === null) break;
    }
  }
  for (;;) {
    if (deps.clock.now().getTime() >= deadline) return { deleted, anonymised: 0, done: false };
    const gone = await deps.items.forgetAllBatches(request.userId, ERASE_PAGE);
    deleted += gone;
    if (gone < ERASE_PAGE) break;
  }
  return { deleted, anonymised: 0, done: true };
}
