import { DEMO_USER_PREFIX } from '@sneakers/shared/actor';
import {
  BULK_SIZE_KEY,
  candidateQueries,
  dealIndexRows,
  dealPriceOf,
  DEAL_WANT_LIST_TYPES,
  matchesOf,
  productKeysOf,
  sizeKeyOf,
  takesPartInDeals,
  type DealIndexRow,
} from '@sneakers/shared/rules/deals';
import type {
  DealKey,
  DealSource,
  ItemFacts,
  ItemKey,
  MatchingDeps,
  OwnerProfile,
  StoredDeal,
} from './ports';

/**
 * The matcher (docs/product/deals.md#matching-rule, services/deals/README.md "The matcher"):
 * pure. Each changed item is reconciled from what the table holds now (never from the stream
 * image, so a replayed or late record changes nothing): its index rows, the candidates the
 * index finds, and both users' stored deals of every pair, so the stored deals always equal
 * `allMatches` over the items as they are.
 */

/** Demo data is owned by the demo users (docs/adr/0008): it matches only demo data. */
export const isDemoUser = (userId: string) => userId.startsWith(DEMO_USER_PREFIX);

/** An item with its owner's profile as matching sees it; `owner` null: no profile, so it takes no part. */
export function sourceOf(item: ItemFacts, owner: OwnerProfile | null): DealSource {
  return {
    id: item.id,
    ownerId: item.userId,
    role: owner?.role ?? 'store',
    listType: item.listType,
    productCatalogId: item.productCatalogId,
    sku: item.sku,
    brand: item.brand,
    // The item model has no gender: the chart reads it from the label (US M / US W) when given.
    gender: null,
    sizes: item.sizes,
    isBulk: item.isBulk,
    price: dealPriceOf(item),
    currency: item.currency,
    updatedAt: item.updatedAt,
    participates: owner !== null && takesPartInDeals(item, owner),
    demo: isDemoUser(item.userId),
    name: item.name,
    imageUrl: item.imageUrl,
    ownerName: owner?.businessName ?? '',
    ownerLocation: owner?.location ? owner.location : null,
  };
}

/** The longest id a hide's `targetId` takes (shared/src/contracts/fields.ts recordId). */
const DEAL_ID_MAX = 64;

/** 32-bit FNV-1a, hex: a short stable id when two item ids do not fit. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Stable per (my item, their item), so a replay finds the same row and a hide keeps pointing at it. */
export function dealIdOf(myItemId: string, theirItemId: string): string {
  const id = `${myItemId}-${theirItemId}`;
  if (id.length <= DEAL_ID_MAX) return id;
  return `d${fnv1a(myItemId)}${fnv1a(theirItemId)}${fnv1a(id)}`;
}

const isWantSource = (item: DealSource) =>
  (DEAL_WANT_LIST_TYPES as readonly string[]).includes(item.listType);

/** Both users' deals of one matched pair (null when the two do not match). */
export function dealsOfPair(
  a: DealSource,
  b: DealSource,
  matchedAt: string,
): [StoredDeal, StoredDeal] | null {
  const sizes = matchesOf(a, b);
  if (sizes.length === 0) return null;
  const [want, have] = isWantSource(a) ? [a, b] : [b, a];
  const storeDeal: StoredDeal = {
    userId: want.ownerId,
    dealId: dealIdOf(want.id, have.id),
    side: 'want',
    myItemId: want.id,
    theirItemId: have.id,
    partnerId: have.ownerId,
    mine: want,
    theirs: have,
    sizes: sizes.map((s) => ({ mine: s.wantSize, theirs: s.haveSize })),
    matchedAt,
  };
  const resellerDeal: StoredDeal = {
    userId: have.ownerId,
    dealId: dealIdOf(have.id, want.id),
    side: 'have',
    myItemId: have.id,
    theirItemId: want.id,
    partnerId: want.ownerId,
    mine: have,
    theirs: want,
    sizes: sizes.map((s) => ({ mine: s.haveSize, theirs: s.wantSize })),
    matchedAt,
  };
  return [storeDeal, resellerDeal];
}

export const dealKeyString = (key: DealKey) => `${key.userId}|${key.myItemId}|${key.theirItemId}`;

/**
 * Every deal from scratch (`matchedAt` empty): what the stored deals must equal after any
 * history. Items are grouped by product key, so each WTB meets only the offers of its products.
 */
export function allMatches(sources: readonly DealSource[]): Map<string, StoredDeal> {
  // Each item's size keys once, so a pair sharing no size (most of a product's) costs a set lookup.
  const sizes = new Map<DealSource, { keys: Set<string>; bulk: boolean }>();
  const sizesOf = (item: DealSource) => {
    let found = sizes.get(item);
    if (!found) {
      const keys = new Set(item.sizes.map((label) => sizeKeyOf(item, label)));
      found = { keys, bulk: item.isBulk || keys.has(BULK_SIZE_KEY) };
      sizes.set(item, found);
    }
    return found;
  };
  const mayShareSize = (a: DealSource, b: DealSource) => {
    const [x, y] = [sizesOf(a), sizesOf(b)];
    if (x.bulk || y.bulk) return true;
    for (const key of x.keys) if (y.keys.has(key)) return true;
    return false;
  };
  const wants = new Map<string, DealSource[]>();
  for (const item of sources) {
    if (!item.participates || !isWantSource(item)) continue;
    for (const key of productKeysOf(item)) {
      const list = wants.get(key);
      if (list) list.push(item);
      else wants.set(key, [item]);
    }
  }
  const out = new Map<string, StoredDeal>();
  for (const have of sources) {
    if (!have.participates || isWantSource(have)) continue;
    const seen = new Set<string>();
    for (const key of productKeysOf(have)) {
      for (const want of wants.get(key) ?? []) {
        if (seen.has(want.id)) continue;
        seen.add(want.id);
        if (want.ownerId === have.ownerId || want.demo !== have.demo || !mayShareSize(want, have)) continue;
        const pair = dealsOfPair(want, have, '');
        if (!pair) continue;
        for (const deal of pair) out.set(dealKeyString(deal), deal);
      }
    }
  }
  return out;
}

/** Whether two deals show the same (matchedAt aside: it is when the pair first matched). */
export function sameDeal(a: StoredDeal, b: StoredDeal): boolean {
  return JSON.stringify({ ...a, matchedAt: '' }) === JSON.stringify({ ...b, matchedAt: '' });
}

const sameSource = (a: DealSource | null, b: DealSource | null) => JSON.stringify(a) === JSON.stringify(b);
const rowKey = (row: DealIndexRow) => `${row.pk}\u0000${row.sk}`;

// ---------------------------------------------------------------------------------------------
// The stream handler
// ---------------------------------------------------------------------------------------------

/** The rows whose changes move deals. */
export const MATCHING_SOURCES = ['sneakerItem', 'userProfile'] as const;

/** The profile fields matching reads: a change of anything else (billing, language) re-matches nothing. */
export const PROFILE_FIELDS = [
  'role',
  'businessName',
  'location',
  'profileVisibleInDeals',
  'publicInventory',
  'publicWtbList',
  'publicWtsList',
  'publicWtcList',
] as const;

interface ChangeRecord {
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Whether a profile change can move its owner's deals. */
export function profileChangeMatters(record: ChangeRecord): boolean {
  const { newImage, oldImage } = record;
  if (!newImage || !oldImage) return true;
  return PROFILE_FIELDS.some((field) => JSON.stringify(newImage[field]) !== JSON.stringify(oldImage[field]));
}

const LIST_TYPE_VALUES = ['inventory', 'wtb', 'wts', 'wtc'] as const;
const listTypeOf = (value: unknown) => LIST_TYPE_VALUES.find((t) => t === value);

/** What one record touches: an item, or (a profile) its owner's items. */
export function touchOf(record: ChangeRecord): { item?: ItemKey; owner?: string } {
  const image = record.newImage ?? record.oldImage;
  if (!image) return {};
  const userId = str(image.userId);
  if (!userId) return {};
  if (image.__edb_e__ === 'sneakerItem') {
    const listType = listTypeOf(image.listType);
    const id = str(image.id);
    return listType && id ? { item: { userId, listType, id } } : {};
  }
  if (image.__edb_e__ === 'userProfile' && profileChangeMatters(record)) return { owner: userId };
  return {};
}

/** Items of one owner reconciled at once (each is a handful of requests). */
const RECONCILES_AT_ONCE = 8;

/** What a batch decided for one deal row: its content, or null to delete it. */
interface Pending {
  row: StoredDeal | null;
  /** Deletes of the partner's mirror rows go first, so a crash never leaves a row only its partner could find. */
  mirror: boolean;
}

interface Batch {
  profiles: Map<string, Promise<OwnerProfile | null>>;
  /** Each owner's deals, read once a batch; null: too many, read per item. */
  ownerDeals: Map<string, Promise<StoredDeal[] | null>>;
  pending: Map<string, Pending>;
  /** Item id → the pending ids of the pairs it is in, so a later reconcile can undo an earlier one's pair. */
  byItem: Map<string, Set<string>>;
  /** Each item's state to write; `stored`: it has a state row now (none to delete otherwise). */
  states: { key: ItemKey; source: DealSource | null; stored: boolean }[];
}

function profileOf(deps: MatchingDeps, batch: Batch, userId: string) {
  let found = batch.profiles.get(userId);
  if (!found) {
    found = deps.repo.profile(userId);
    batch.profiles.set(userId, found);
  }
  return found;
}

/**
 * Deals an owner may have for the batch to read them in one Query instead of one per item:
 * an import's hundred new pairs, whose owner has few deals or none, cost one request.
 */
const OWNER_DEALS_AT_ONCE = 100;

/** The stored deals of one item: from its owner's, read once a batch, or by their own Query. */
async function dealsOfItem(deps: MatchingDeps, batch: Batch, key: ItemKey): Promise<StoredDeal[]> {
  let owner = batch.ownerDeals.get(key.userId);
  if (!owner) {
    owner = deps.repo.dealsOfOwner(key.userId, OWNER_DEALS_AT_ONCE);
    batch.ownerDeals.set(key.userId, owner);
  }
  const all = await owner;
  return all ? all.filter((deal) => deal.myItemId === key.id) : deps.repo.dealsOfItem(key.userId, key.id);
}

/** An item as the batch read it (all of them at once, before any is reconciled) and its state row. */
interface ItemRead {
  key: ItemKey;
  facts: ItemFacts | null;
  previous: DealSource | null;
}

/**
 * One item against the table as it is now: its index rows first (written before the
 * candidates are read, so of two items matching each other in parallel batches at least one
 * finds the other), then the pairs it is in now and the deals it had.
 */
async function reconcileItem(deps: MatchingDeps, batch: Batch, read: ItemRead, at: string) {
  const { key, facts, previous } = read;
  const owner = facts ? await profileOf(deps, batch, key.userId) : null;
  const found = facts ? sourceOf(facts, owner) : null;
  const current = found?.participates ? found : null;

  const nextRows = current ? dealIndexRows(current) : [];
  const previousRows = previous ? dealIndexRows(previous) : [];
  const next = new Set(nextRows.map(rowKey));
  const before = new Set(previousRows.map(rowKey));
  const remove = previousRows.filter((row) => !next.has(rowKey(row)));
  // A changed item rewrites every row: each carries the item.
  const put = sameSource(previous, current) ? nextRows.filter((row) => !before.has(rowKey(row))) : nextRows;
  if (current && (put.length > 0 || remove.length > 0))
    await deps.repo.writeIndex(
      put.map((row) => ({ ...row, source: current })),
      remove,
    );
  else if (remove.length > 0) await deps.repo.writeIndex([], remove);

  const candidates = new Map<string, DealSource>();
  if (current) {
    for (const query of candidateQueries(current)) {
      for (const candidate of await deps.repo.candidates(query))
        if (candidate.id !== current.id) candidates.set(candidate.id, candidate);
    }
  }
  const paired = new Set<string>();
  for (const candidate of candidates.values()) {
    const pair = current && dealsOfPair(current, candidate, at);
    if (!pair) continue;
    paired.add(candidate.id);
    const [mine, theirs] = pair[0].userId === key.userId ? pair : [pair[1], pair[0]];
    decide(batch, mine, { row: mine, mirror: false });
    decide(batch, theirs, { row: theirs, mirror: true });
  }
  // A pair an earlier item of this batch found with this item's old index rows, gone now.
  for (const id of batch.byItem.get(key.id) ?? []) {
    const entry = batch.pending.get(id);
    const row = entry?.row;
    if (!entry || !row) continue;
    const other = row.myItemId === key.id ? row.theirItemId : row.myItemId;
    if (!paired.has(other)) batch.pending.set(id, { row: null, mirror: entry.mirror });
  }
  for (const deal of await dealsOfItem(deps, batch, key)) {
    if (deal.myItemId !== key.id || paired.has(deal.theirItemId)) continue;
    decide(batch, deal, { row: null, mirror: false });
    const mirror = { userId: deal.partnerId, myItemId: deal.theirItemId, theirItemId: deal.myItemId };
    decide(batch, mirror, { row: null, mirror: true });
  }
  batch.states.push({ key, source: current, stored: previous !== null });
}

function decide(batch: Batch, key: DealKey, pending: Pending) {
  const id = dealKeyString(key);
  batch.pending.set(id, pending);
  for (const itemId of [key.myItemId, key.theirItemId]) {
    const ids = batch.byItem.get(itemId);
    if (ids) ids.add(id);
    else batch.byItem.set(itemId, new Set([id]));
  }
}

function keyOfPending(id: string): DealKey {
  const [userId = '', myItemId = '', theirItemId = ''] = id.split('|');
  return { userId, myItemId, theirItemId };
}

/**
 * Gone deals the user's badge still counts (matched after they last opened the board) come off
 * it, so the badge never names deals the board no longer shows. After the deals' delete: a
 * retried batch finds them gone and takes nothing off twice.
 */
async function lowerBadge(deps: MatchingDeps, userId: string, matchedAts: readonly string[]) {
  const badge = await deps.repo.badgeOf(userId);
  if (!badge || badge.newDeals === 0) return;
  const { lastSeenAt } = badge;
  const counted = matchedAts.filter((at) => lastSeenAt === null || at > lastSeenAt).length;
  const by = Math.min(counted, badge.newDeals);
  if (by > 0) await deps.repo.lowerBadge(userId, by, lastSeenAt);
}

/**
 * Writes what the batch decided against what is stored: new deals (with the badge and the
 * events), changed ones (keeping when they first matched), gone ones; then the items' state.
 */
async function settle(deps: MatchingDeps, batch: Batch, at: string) {
  const keys = [...batch.pending.keys()].map(keyOfPending);
  const stored = new Map(
    (keys.length > 0 ? await deps.repo.dealsByKey(keys) : []).map((d) => [dealKeyString(d), d]),
  );
  const created = new Map<string, StoredDeal[]>();
  const changed = new Set<string>();
  /** When each gone deal first matched, by the user whose row it was. */
  const gone = new Map<string, string[]>();
  const put: StoredDeal[] = [];
  const removeMirrors: DealKey[] = [];
  const removeOwn: DealKey[] = [];
  for (const [id, { row, mirror }] of batch.pending) {
    const existing = stored.get(id);
    if (!row) {
      if (!existing) continue;
      (mirror ? removeMirrors : removeOwn).push(keyOfPending(id));
      changed.add(existing.userId);
      gone.set(existing.userId, [...(gone.get(existing.userId) ?? []), existing.matchedAt]);
    } else if (!existing) {
      created.set(row.userId, [...(created.get(row.userId) ?? []), row]);
    } else if (!sameDeal(existing, row)) {
      put.push({ ...row, matchedAt: existing.matchedAt });
      changed.add(row.userId);
    }
  }
  if (removeMirrors.length > 0) await deps.repo.writeDeals([], removeMirrors);
  if (put.length > 0 || removeOwn.length > 0) await deps.repo.writeDeals(put, removeOwn);
  for (const [userId, matchedAts] of gone) await lowerBadge(deps, userId, matchedAts);
  for (const [userId, rows] of created) {
    await deps.repo.createDeals({ userId, created: rows, matched: !isDemoUser(userId) }, deps.ids.next, at);
    changed.delete(userId);
  }
  for (const userId of changed) await deps.repo.announceChanged(userId, deps.ids.next(), at);
  // An item that takes no part and had no state row (an import's private stock) writes nothing.
  const states = batch.states.filter(({ source, stored }) => source !== null || stored);
  for (let i = 0; i < states.length; i += RECONCILES_AT_ONCE)
    await Promise.all(
      states.slice(i, i + RECONCILES_AT_ONCE).map(({ key, source }) => deps.repo.putState(key, source)),
    );
}

/**
 * Reconciles these items against the table as it is now, in order, then writes what that
 * decided: the stream's batches, and an account's erase (its items are gone by then, so their
 * index rows, their deals and their partners' mirrors go). Throws on failure (all is idempotent).
 */
export async function reconcileItems(deps: MatchingDeps, keys: readonly ItemKey[]): Promise<void> {
  const batch: Batch = {
    profiles: new Map(),
    ownerDeals: new Map(),
    pending: new Map(),
    byItem: new Map(),
    states: [],
  };
  const at = deps.clock.now().toISOString();
  // Every item and state row of the batch in a few BatchGetItems, not two reads per item: a
  // batch of an import's 100 new pairs is 2 requests. Each item's later records in the stream
  // reconcile it again, so reading it at the batch's start is as good as just before its turn.
  const [facts, states] = await Promise.all([deps.repo.items(keys), deps.repo.states(keys)]);
  const reads = keys.map((key, i) => ({ key, facts: facts[i] ?? null, previous: states[i] ?? null }));
  // One owner's items never match each other, so a run of them (a profile change touches
  // every item of its owner) is reconciled a few at a time; runs stay in record order.
  for (let start = 0; start < reads.length;) {
    let end = start + 1;
    while (
      end < reads.length &&
      end - start < RECONCILES_AT_ONCE &&
      keys[end]!.userId === keys[start]!.userId
    )
      end++;
    await Promise.all(reads.slice(start, end).map((read) => reconcileItem(deps, batch, read, at)));
    start = end;
  }
  await settle(deps, batch, at);
}

/**
 * The stream handler's use case: every item a batch touches (an item's change, or every item
 * of an owner whose deal-relevant profile fields changed) is reconciled in record order, then
 * the batch's decisions are written. Idempotent: a redelivered batch finds the deals equal and
 * writes, counts and announces nothing. On failure every record is retried (all is idempotent).
 */
export async function applyMatchingRecords(
  deps: MatchingDeps,
  records: readonly ChangeRecord[],
): Promise<number[]> {
  const touched = new Map<string, ItemKey>();
  const touch = (key: ItemKey) => {
    const id = `${key.userId}|${key.listType}|${key.id}`;
    // Later in the batch is later in time: re-inserted so it is reconciled after what it depends on.
    touched.delete(id);
    touched.set(id, key);
  };
  try {
    for (const record of records) {
      const { item, owner } = touchOf(record);
      if (item) touch(item);
      if (owner) {
        const [items, states] = await Promise.all([deps.repo.itemsOf(owner), deps.repo.statesOf(owner)]);
        for (const key of states) touch(key);
        for (const facts of items) touch({ userId: facts.userId, listType: facts.listType, id: facts.id });
      }
    }
    if (touched.size === 0) return [];
    await reconcileItems(deps, [...touched.values()]);
    return [];
  } catch (error) {
    deps.onError(error);
    return records.map((_, index) => index);
  }
}
