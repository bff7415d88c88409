/**
 * The lists domain's side of data portability for items (docs/product/migration-tools.md#how-records-move):
 * the six operations of shared/src/contracts/portability.ts for the inventory and the WTB, WTS
 * and WTC lists. New items go through the create route's rules (`newItem`), updates through
 * the update route's (`applyUpdate`), so an imported item is one the item form could have saved.
 */
import type * as z from 'zod/mini';
import { DEMO_MODE_CODE, DEMO_MODE_MESSAGE, DEMO_USER_PREFIX } from '@sneakers/shared/actor';
import { fieldErrors } from '@sneakers/shared/contracts/contract';
import type { Item, ListType } from '@sneakers/shared/contracts/lists';
import {
  ITEM_KINDS,
  PORTABILITY_PAGE_MAX,
  portableItemSchema,
  type ApplyResult,
  type ExportedRecord,
  type PortabilityApplyRequest,
  type PortabilityEraseRequest,
  type PortabilityExportRequest,
  type PortabilityKeysRequest,
  type PortabilityUndoRequest,
  type PortableKey,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import { AppError, ForbiddenError } from '@sneakers/shared/errors';
import { importKeyOf } from '@sneakers/shared/rules/import-keys';
import { applyUpdate, newItem } from '../items/domain';
import type { ImportMarkers, MarkedItem, PortabilityDeps, ConditionalWrite } from './ports';

export type PortableItem = z.output<typeof portableItemSchema>;

/** The portable fields, in the schema's order: what an export holds and what an update may replace. */
export const PORTABLE_ITEM_FIELDS = Object.keys(portableItemSchema.shape) as (keyof PortableItem &
  keyof Item)[];

/**
 * Index rows an `undo` reads a call (each names the items of one `apply` call, at most 100):
 * each item may be a conditional write, and the call must stay short.
 */
export const UNDO_BATCHES = 2;

/** A kind this domain does not own is the caller's bug (shared/src/portability/handler.ts). */
export function listTypeOf(kind: PortableKind): ListType {
  const listType = ITEM_KINDS.find((k) => k === kind);
  if (!listType) throw new Error(`lists-portability does not own ${kind} records`);
  return listType;
}

/** The demo store's data never changes (docs/product/demo-mode.md#read-only-rule): the routes refuse it first. */
export function refuseDemo(userId: string): void {
  if (userId.startsWith(DEMO_USER_PREFIX)) throw new ForbiddenError(DEMO_MODE_MESSAGE, DEMO_MODE_CODE);
}

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

/** "Unchanged since the import": nothing but the import wrote the item after it (the contract's rule). */
export function markersWhileUnchanged(marked: { updatedAt: string; markers: ImportMarkers | null }) {
  return marked.markers && marked.markers.importedAt === marked.updatedAt ? marked.markers : null;
}

/**
 * A write's time, strictly after the item's last one: two writes in the same millisecond would
 * otherwise leave an edit made after an import looking as if the import were the last writer.
 */
function writeTime(now: Date, previous: string): string {
  const at = now.toISOString();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
}

export async function keys(
  deps: Pick<PortabilityDeps, 'items'>,
  request: PortabilityKeysRequest,
): Promise<{ records: PortableKey[]; cursor: string | null }> {
  const listType = listTypeOf(request.kind);
  const page = await deps.items.keyPage(request.userId, listType, request.cursor, PORTABILITY_PAGE_MAX);
  const records: PortableKey[] = [];
  for (const row of page.rows) {
    const key = importKeyOf(request.kind, { sku: row.sku, sizes: row.sizes });
    if (key === null) continue;
    const markers = markersWhileUnchanged(row);
    records.push({
      key,
      id: row.id,
      updatedAt: row.updatedAt,
      importId: markers?.importId ?? null,
      importAction: markers?.importAction ?? null,
      importRow: markers?.importRow ?? null,
    });
  }
  return { records, cursor: page.cursor };
}

const failed = (
  row: number,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
): ApplyResult => ({
  row,
  outcome: 'failed',
  id: null,
  updatedAt: null,
  error: { code, message, ...(fields ? { fields } : {}) },
});

const changed = (row: number) =>
  failed(row, 'CHANGED', 'The record changed since the import read it. Run the import again to take it.');

/** The item rules' refusals (a price the list does not take, a status...) are field messages too. */
function ruleFailure(row: number, error: unknown): ApplyResult {
  if (error instanceof AppError && error.status === 400)
    return failed(row, 'VALIDATION', error.message, error.fields ?? undefined);
  throw error;
}

/**
 * Each row on its own: a create takes the create route's rules and defaults, an update
 * replaces only the fields the row carries (the update route's rules), and a row that
 * changes nothing writes nothing. Matched items are read in one BatchGetItem, creates
 * written in batches, updates as Puts conditional on the `updatedAt` `keys` answered.
 */
export async function apply(
  deps: PortabilityDeps,
  request: PortabilityApplyRequest,
  options: { write?: boolean } = {},
): Promise<{ results: ApplyResult[] }> {
  refuseDemo(request.userId);
  const listType = listTypeOf(request.kind);
  const now = deps.clock.now();
  const matchedIds = [...new Set(request.rows.flatMap((r) => (r.match ? [r.match.id] : [])))];
  const found = new Map(
    (await deps.items.getMany(request.userId, listType, matchedIds)).map((m) => [m.item.id, m]),
  );
  const markersOf = (
    row: number,
    updatedAt: string,
    action: ImportMarkers['importAction'],
    before: string | null,
  ) => ({
    importId: request.importId,
    importAction: action,
    importRow: row,
    importedAt: updatedAt,
    importBefore: before,
  });

  // By the row's position in the request (a row number may repeat in a careless caller's batch).
  const results = new Map<number, ApplyResult>();
  const creates: { index: number; row: number; marked: MarkedItem }[] = [];
  const updates: { index: number; row: number; marked: MarkedItem; expected: string }[] = [];
  const claimed = new Set<string>();

  request.rows.forEach((input, index) => {
    const parsed = portableItemSchema.safeParse(input.record);
    if (!parsed.success) {
      results.set(
        index,
        failed(input.row, 'VALIDATION', 'Some fields are not valid.', fieldErrors(parsed.error)),
      );
      return;
    }
    if (input.match === null) {
      let item: Item;
      try {
        item = newItem(request.userId, { ...parsed.data, listType }, deps.ids.next(), now);
      } catch (error) {
        results.set(index, ruleFailure(input.row, error));
        return;
      }
      creates.push({
        index,
        row: input.row,
        marked: { item, markers: markersOf(input.row, item.updatedAt, 'created', null) },
      });
      return;
    }
    const current = found.get(input.match.id);
    // Two rows of one call on one item: the second read the item before the first wrote it.
    if (!current || current.item.updatedAt !== input.match.updatedAt || claimed.has(input.match.id)) {
      results.set(index, changed(input.row));
      return;
    }
    let next: Item;
    try {
      next = applyUpdate(current.item, parsed.data, now);
    } catch (error) {
      results.set(index, ruleFailure(input.row, error));
      return;
    }
    if (samePortable(current.item, next)) {
      results.set(index, {
        row: input.row,
        outcome: 'unchanged',
        id: current.item.id,
        updatedAt: current.item.updatedAt,
        error: null,
      });
      return;
    }
    claimed.add(input.match.id);
    next.updatedAt = writeTime(now, current.item.updatedAt);
    // An item this very import already wrote keeps what the import first did to it (undo restores that).
    const own = markersWhileUnchanged({ updatedAt: current.item.updatedAt, markers: current.markers });
    const markers =
      own && own.importId === request.importId
        ? markersOf(input.row, next.updatedAt, own.importAction, own.importBefore)
        : markersOf(input.row, next.updatedAt, 'updated', JSON.stringify(portableOf(current.item)));
    updates.push({
      index,
      row: input.row,
      marked: { item: next, markers },
      expected: current.item.updatedAt,
    });
  });

  // A plan (the dry run) answers what these writes would do, and writes none of them.
  if (options.write === false) {
    for (const { index, row } of creates)
      results.set(index, { row, outcome: 'created', id: null, updatedAt: null, error: null });
    for (const { index, row, expected, marked } of updates)
      results.set(index, { row, outcome: 'updated', id: marked.item.id, updatedAt: expected, error: null });
    return { results: request.rows.map((input, index) => results.get(index) ?? changed(input.row)) };
  }

  // The import's index first: no item this call writes is ever missing from it.
  const planned = [...creates, ...updates].map((w) => w.marked.item.id);
  const batch = {
    userId: request.userId,
    importId: request.importId,
    listType,
    batchId: deps.ids.next(),
  };
  if (planned.length > 0) await deps.items.recordBatch({ ...batch, itemIds: planned });

  await deps.items.createMany(creates.map((c) => c.marked));
  for (const { index, row, marked } of creates)
    results.set(index, {
      row,
      outcome: 'created',
      id: marked.item.id,
      updatedAt: marked.item.updatedAt,
      error: null,
    });

  const written = await deps.items.writeIfUnchanged(
    updates.map((u) => ({ kind: 'put', next: u.marked, expectedUpdatedAt: u.expected })),
  );
  updates.forEach((u, i) => {
    results.set(
      u.index,
      written[i]
        ? {
            row: u.row,
            outcome: 'updated',
            id: u.marked.item.id,
            updatedAt: u.marked.item.updatedAt,
            error: null,
          }
        : changed(u.row),
    );
  });

  // Updates that lost to an edit were not the import's: the index names only what it wrote.
  const wrote = [...results.values()].flatMap((r) =>
    r.outcome === 'created' || r.outcome === 'updated' ? [r.id ?? ''] : [],
  );
  if (wrote.length < planned.length) {
    if (wrote.length > 0) await deps.items.recordBatch({ ...batch, itemIds: wrote });
    else await deps.items.forgetBatches([batch]);
  }

  return { results: request.rows.map((input, index) => results.get(index) ?? changed(input.row)) };
}

/**
 * What one import did, reverted a page at a time (the import's index of items, not the whole
 * list): an item it created and nobody changed since goes, one it updated gets its portable
 * fields back (and loses the markers); any other item it wrote is kept, and one deleted since
 * is not counted. Each write is conditional on the updatedAt read, so an edit racing the undo
 * wins and the item is counted kept.
 */
export async function undo(
  deps: Pick<PortabilityDeps, 'items' | 'clock'>,
  request: PortabilityUndoRequest,
): Promise<{ reverted: number; kept: number; cursor: string | null }> {
  refuseDemo(request.userId);
  const listType = listTypeOf(request.kind);
  const { userId, importId } = request;
  const page = await deps.items.batchPage(userId, importId, listType, request.cursor, UNDO_BATCHES);
  const ids = [...new Set(page.rows.flatMap((b) => b.itemIds))];
  const items = await deps.items.getMany(userId, listType, ids);
  const now = deps.clock.now();
  let kept = 0;
  const reverts: ConditionalWrite[] = [];
  for (const { item, markers } of items) {
    const own = markersWhileUnchanged({ updatedAt: item.updatedAt, markers });
    const before = own?.importAction === 'updated' ? beforeImageOf(own) : null;
    if (!own || own.importId !== importId || (own.importAction === 'updated' && !before)) kept++;
    else if (own.importAction === 'created')
      reverts.push({ kind: 'delete', item, expectedUpdatedAt: item.updatedAt });
    else
      reverts.push({
        kind: 'put',
        next: { item: { ...item, ...before, updatedAt: writeTime(now, item.updatedAt) }, markers: null },
        expectedUpdatedAt: item.updatedAt,
      });
  }
  const done = await deps.items.writeIfUnchanged(reverts);
  const reverted = done.filter(Boolean).length;
  kept += done.length - reverted;
  await deps.items.forgetBatches(page.rows);
  return { reverted, kept, cursor: page.cursor };
}

/**
 * The stored before-image, portable fields only. Not checked against today's schema: an item
 * saved before a rule tightened still gets back exactly what it had.
 */
function beforeImageOf(markers: ImportMarkers): Partial<Item> | null {
  if (markers.importBefore === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(markers.importBefore);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const stored = new Map(Object.entries(raw));
  return Object.fromEntries(
    PORTABLE_ITEM_FIELDS.filter((field) => stored.has(field)).map((field) => [field, stored.get(field)]),
  ) as Partial<Item>;
}

/** The user's items of one list as portable records, and the uploaded image each has. */
export async function exportItems(
  deps: Pick<PortabilityDeps, 'items' | 'mediaBaseUrl'>,
  request: PortabilityExportRequest,
): Promise<{ records: ExportedRecord[]; cursor: string | null }> {
  const listType = listTypeOf(request.kind);
  const page = await deps.items.page(request.userId, listType, request.cursor, PORTABILITY_PAGE_MAX);
  const media = deps.mediaBaseUrl ? deps.mediaBaseUrl.replace(/\/+$/, '') + '/' : null;
  return {
    records: page.rows.map(({ item }) => ({
      id: item.id,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      record: portableOf(item),
      files: media && item.imageUrl?.startsWith(media) ? [item.imageUrl] : [],
    })),
    cursor: page.cursor,
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
