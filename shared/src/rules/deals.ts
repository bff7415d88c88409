/**
 * The deals match rule (docs/product/deals.md#matching-rule): which store WTB items match which
 * reseller WTS, WTC and inventory items, size by size, and the figures a deal shows. Pure, so
 * the deals consumer (server) and the deals board (SPA) compute the same matches.
 */
import type { LIST_TYPES } from '../contracts/list-values';
import type { Role } from '../contracts/profile-values';
import { percentOfCents, type Currency } from '../money';
import { chartRowOfLabel, formatSizeValue, sizeValueNumber } from '../size-chart';
import { BULK_SIZE, normalizeSize } from '../sizes';
import { isShownPublicly, PUBLIC_LIST_FLAG, type PublicListFlags } from './public-visibility';
import { styleCodeKey } from './style-code';

type ListType = (typeof LIST_TYPES)[number];

/** The side that wants a pair: a store's WTB. */
export const DEAL_WANT_LIST_TYPES = ['wtb'] as const;
/** The side that has a pair: a reseller's WTS, WTC or inventory. */
export const DEAL_HAVE_LIST_TYPES = ['wts', 'wtc', 'inventory'] as const;
/** Who is on each side (the rule: stores buy from resellers). */
export const DEAL_WANT_ROLE: Role = 'store';
export const DEAL_HAVE_ROLE: Role = 'reseller';

/**
 * What matching needs of one item. The item model has no quantity: each stored size is one
 * pair (a sale takes sizes out of an item), so two labels of the same size on one WTB
 * (`US 9`, `EU 42.5`) want two pairs. BULK (the size or the item's flag) matches any size.
 */
export interface DealItem {
  id: string;
  ownerId: string;
  role: Role;
  listType: ListType;
  productCatalogId: string | null;
  /** The style code as typed; matched by {@link styleCodeKey}. */
  sku: string;
  brand: string;
  gender: string | null;
  sizes: readonly string[];
  isBulk: boolean;
  /** Cents per pair: target (WTB), desired (WTS/WTC) or asking (inventory); null when unset. */
  price: number | null;
  currency: Currency;
  updatedAt: string;
  /** Whether the owner shows this item in deals ({@link takesPartInDeals}). */
  participates: boolean;
  demo: boolean;
}

/** The owner's profile flags the rule reads. */
export interface DealOwnerFlags extends PublicListFlags {
  profileVisibleInDeals: boolean;
  /** The opt-in that shows unsold inventory in deals (the profile's `publicInventory`). */
  publicInventory: boolean;
}

/**
 * Whether an item takes part: its owner is visible in deals, and the item is on the owner's
 * public list (the public list's own rule) or is unsold inventory the owner opted in.
 */
export function takesPartInDeals(
  item: { listType: ListType; visibility: string; status: string },
  owner: DealOwnerFlags,
): boolean {
  if (!owner.profileVisibleInDeals) return false;
  if (item.listType === 'inventory') return owner.publicInventory && item.status === 'available';
  return isShownPublicly(item) && owner[PUBLIC_LIST_FLAG[item.listType]];
}

/** The list's price a deal compares. */
export function dealPriceOf(item: {
  listType: ListType;
  targetPrice: number | null;
  desiredPrice: number | null;
  askingPrice: number | null;
}): number | null {
  switch (item.listType) {
    case 'wtb':
      return item.targetPrice;
    case 'wts':
    case 'wtc':
      return item.desiredPrice;
    case 'inventory':
      return item.askingPrice;
  }
}

const isWant = (item: DealItem) => (DEAL_WANT_LIST_TYPES as readonly string[]).includes(item.listType);
const isHave = (item: DealItem) => (DEAL_HAVE_LIST_TYPES as readonly string[]).includes(item.listType);

// ---- Product and size keys ----

/**
 * The keys an item's product is known by: its catalogue product and its style code. Two items
 * are the same product when they share one (the same catalogue product, else the same style
 * code after normalisation). A code with no letter or digit names no product.
 */
export function productKeysOf(item: Pick<DealItem, 'productCatalogId' | 'sku'>): string[] {
  const keys: string[] = [];
  if (item.productCatalogId) keys.push(`cat:${item.productCatalogId}`);
  const code = styleCodeKey(item.sku);
  if (code) keys.push(`sku:${code}`);
  return keys;
}

export function sameProduct(a: DealItem, b: DealItem): boolean {
  const keys = new Set(productKeysOf(a));
  return productKeysOf(b).some((key) => keys.has(key));
}

/** The size key of BULK: matches every size. */
export const BULK_SIZE_KEY = 'BULK';

/**
 * One size as a key: the EU size of its row in the brand's chart for the gender, so Nike US M
 * 9, EU 42.5 and UK 8 are one key and adidas US 9 is EU 42 2/3. EU is the key because it is the
 * one value men's and women's charts agree on (Nike men's US 9 and women's W 10.5 are both EU
 * 42.5, at different foot lengths). A size the chart does not know keys by its own label.
 */
export function sizeKeyOf(item: Pick<DealItem, 'brand' | 'gender'>, label: string): string {
  // Memoised: the chart lookup costs microseconds and the same few labels recur in every
  // pair (building every match of 100,000 items spent most of its time here).
  const memo = `${item.brand}\u0000${item.gender ?? ''}\u0000${label}`;
  const known = sizeKeys.get(memo);
  if (known !== undefined) return known;
  if (sizeKeys.size >= SIZE_KEYS_MAX) sizeKeys.clear();
  const key = computeSizeKey(item, label);
  sizeKeys.set(memo, key);
  return key;
}

/** Size keys computed so far (by brand, gender and label); cleared when it grows past its cap. */
const sizeKeys = new Map<string, string>();
const SIZE_KEYS_MAX = 20_000;

function computeSizeKey(item: Pick<DealItem, 'brand' | 'gender'>, label: string): string {
  const size = normalizeSize(label);
  if (size === BULK_SIZE) return BULK_SIZE_KEY;
  const row = chartRowOfLabel(item.brand, item.gender, size);
  const eu = row && sizeValueNumber(row.eu);
  return eu === undefined ? `label:${size.toUpperCase()}` : `eu:${formatSizeValue(eu)}`;
}

interface SizeEntry {
  label: string;
  key: string;
}

function sizesOf(item: DealItem): { specific: SizeEntry[]; bulk: boolean } {
  const specific: SizeEntry[] = [];
  let bulk = item.isBulk;
  for (const label of item.sizes) {
    const key = sizeKeyOf(item, label);
    if (key === BULK_SIZE_KEY) bulk = true;
    else specific.push({ label: normalizeSize(label), key });
  }
  return { specific, bulk };
}

// ---- Matching ----

/** One matched pair: the WTB's size label and the offering item's, and their common key. */
export interface SizeMatch {
  sizeKey: string;
  wantSize: string;
  haveSize: string;
}

/**
 * Pairs wanted sizes with sizes on offer, each pair at most once: equal keys first (in list
 * order), then what is left against the other side's BULK; two BULK sides also match as BULK.
 */
function pairSizes(
  want: { specific: SizeEntry[]; bulk: boolean },
  have: { specific: SizeEntry[]; bulk: boolean },
): SizeMatch[] {
  const onOffer = new Map<string, SizeEntry[]>();
  for (const entry of have.specific) {
    const queue = onOffer.get(entry.key);
    if (queue) queue.push(entry);
    else onOffer.set(entry.key, [entry]);
  }
  const matches: SizeMatch[] = [];
  const unfilled: SizeEntry[] = [];
  for (const wanted of want.specific) {
    const found = onOffer.get(wanted.key)?.shift();
    if (found) matches.push({ sizeKey: wanted.key, wantSize: wanted.label, haveSize: found.label });
    else unfilled.push(wanted);
  }
  if (have.bulk) {
    for (const wanted of unfilled)
      matches.push({ sizeKey: wanted.key, wantSize: wanted.label, haveSize: BULK_SIZE });
  }
  if (want.bulk) {
    for (const queue of onOffer.values()) {
      for (const left of queue)
        matches.push({ sizeKey: left.key, wantSize: BULK_SIZE, haveSize: left.label });
    }
    if (have.bulk) matches.push({ sizeKey: BULK_SIZE_KEY, wantSize: BULK_SIZE, haveSize: BULK_SIZE });
  }
  return matches;
}

/**
 * Whether two items may be matched at all: one wants (a store's WTB) and the other has (a
 * reseller's WTS, WTC or inventory), different owners, both taking part, both demo or both
 * not, the same product.
 */
export function mayMatch(want: DealItem, have: DealItem): boolean {
  return (
    isWant(want) &&
    isHave(have) &&
    want.role === DEAL_WANT_ROLE &&
    have.role === DEAL_HAVE_ROLE &&
    want.ownerId !== have.ownerId &&
    want.participates &&
    have.participates &&
    want.demo === have.demo &&
    sameProduct(want, have)
  );
}

/**
 * The sizes a WTB and an offering item match on (none when they may not match). Either order
 * of arguments gives the same answer: the items' list types say which side wants.
 */
export function matchesOf(a: DealItem, b: DealItem): SizeMatch[] {
  const [want, have] = isWant(a) ? [a, b] : [b, a];
  if (!mayMatch(want, have)) return [];
  return pairSizes(sizesOf(want), sizesOf(have));
}

/**
 * 'N of your M sizes from one partner': per partner with a match, how many of a WTB's sizes
 * their items fill together, each of their pairs used once. `of` counts the WTB's sizes (a
 * BULK WTB takes every pair offered, so it counts what is filled).
 */
export function sizesByPartner(
  want: DealItem,
  candidates: readonly DealItem[],
): Map<string, { filled: number; of: number }> {
  const wanted = sizesOf(want);
  const pools = new Map<string, { specific: SizeEntry[]; bulk: boolean }>();
  for (const item of candidates) {
    if (!mayMatch(want, item)) continue;
    const sizes = sizesOf(item);
    const pool = pools.get(item.ownerId) ?? { specific: [], bulk: false };
    pool.specific.push(...sizes.specific);
    pool.bulk ||= sizes.bulk;
    pools.set(item.ownerId, pool);
  }
  const out = new Map<string, { filled: number; of: number }>();
  for (const [partnerId, pool] of pools) {
    const filled = pairSizes(wanted, pool).length;
    if (filled > 0) out.set(partnerId, { filled, of: wanted.bulk ? filled : wanted.specific.length });
  }
  return out;
}

// ---- Figures ----

/** The fees a user set: a store's resale fee (basis points of the trade price), a reseller's shipping per pair. */
export type DealFees =
  { role: 'store'; resaleFeeBasisPoints: number } | { role: 'reseller'; shippingCents: number };

export interface DealFigures {
  /** Their ask − my bid, in cents: positive while the prices have not met. */
  gap: number;
  /** The ask is at or under the bid: the deal can close at once (sorts first). */
  readyToTrade: boolean;
  /** My net per pair after my fees, signed: bid − ask − fees. */
  netMargin: number;
}

/**
 * A deal's figures per pair, null when either price is unset or the currencies differ (no
 * conversion: a gap across currencies would be a guess). The trade is priced at the ask: a
 * store's resale fee is a percentage of it, a reseller's shipping is taken off what they net.
 */
export function dealFigures(want: DealItem, have: DealItem, fees: DealFees): DealFigures | null {
  if (want.price === null || have.price === null || want.currency !== have.currency) return null;
  const bid = want.price;
  const ask = have.price;
  const fee = fees.role === 'store' ? percentOfCents(ask, fees.resaleFeeBasisPoints) : fees.shippingCents;
  return { gap: ask - bid, readyToTrade: ask <= bid, netMargin: bid - ask - fee };
}

// ---- Index keys ----

/**
 * Intended table layout for the stored match index (no entity yet; for the deals consumer):
 *
 *   pk = DEALIDX#{live|demo}#{want|have}#{productKey}     sk = {encoded sizeKey}#{itemId}
 *
 * An item that takes part writes one row per product key (catalogue id and style code) and
 * per size key (BULK included); an item that stops taking part, is sold or deleted has its
 * rows deleted, so the index holds only candidates. Demo and live never share a partition.
 * A stream record's old and new images give the rows to delete and to put (rows of the old
 * image not in the new), so a replayed record changes nothing. To find the items matching a
 * changed item, the consumer runs {@link candidateQueries} on the other side's partitions (a
 * Query each, never a Scan) and keeps those {@link matchesOf} accepts; a row that carries its
 * {@link DealItem} saves reading the items back. Each query's sort-key prefix keeps to one
 * size; a bulk item, or one with more sizes than {@link MAX_SIZE_QUERIES}, reads its product's
 * whole partition instead (fewer round trips than one Query per size).
 */
export interface DealIndexRow {
  pk: string;
  sk: string;
}

export interface DealIndexQuery {
  pk: string;
  /** Sort-key prefix (begins_with); none reads the whole partition. */
  skPrefix?: string;
}

/** Most per-size Queries for one product key before reading the product's whole partition. */
export const MAX_SIZE_QUERIES = 8;

/** The index partition of one side of a product key; demo and live never share one. */
export const dealIndexPartition = (demo: boolean, side: 'want' | 'have', productKey: string) =>
  `DEALIDX#${demo ? 'demo' : 'live'}#${side}#${productKey}`;
const sidePartition = (item: DealItem, side: 'want' | 'have', productKey: string) =>
  dealIndexPartition(item.demo, side, productKey);
// Encoded so a label holding '#' cannot run into the next size's prefix.
const sizePrefix = (sizeKey: string) => `${encodeURIComponent(sizeKey)}#`;

/** The index rows an item writes; none when it does not take part or is on neither side. */
export function dealIndexRows(item: DealItem): DealIndexRow[] {
  const side = isWant(item) ? 'want' : isHave(item) ? 'have' : undefined;
  if (!side || !item.participates) return [];
  const { specific, bulk } = sizesOf(item);
  const sizeKeys = new Set(specific.map((s) => s.key));
  if (bulk) sizeKeys.add(BULK_SIZE_KEY);
  return productKeysOf(item).flatMap((productKey) =>
    [...sizeKeys].map((sizeKey) => ({
      pk: sidePartition(item, side, productKey),
      sk: `${sizePrefix(sizeKey)}${item.id}`,
    })),
  );
}

/** The Queries that find every item a changed item may match (a superset: check each with matchesOf). */
export function candidateQueries(item: DealItem): DealIndexQuery[] {
  const other = isWant(item) ? 'have' : isHave(item) ? 'want' : undefined;
  if (!other || !item.participates) return [];
  const { specific, bulk } = sizesOf(item);
  const sizeKeys = [...new Set(specific.map((s) => s.key))];
  return productKeysOf(item).flatMap((productKey): DealIndexQuery[] => {
    const pk = sidePartition(item, other, productKey);
    if (bulk || sizeKeys.length > MAX_SIZE_QUERIES) return [{ pk }];
    return [...sizeKeys, BULK_SIZE_KEY].map((sizeKey) => ({ pk, skPrefix: sizePrefix(sizeKey) }));
  });
}

/** The size key a row's sort key starts with (decoded). */
export function sizeKeyOfIndexRow(row: Pick<DealIndexRow, 'sk'>): string {
  return decodeURIComponent(row.sk.slice(0, row.sk.indexOf('#')));
}

/** The item id a row's sort key ends with. */
export function itemIdOfIndexRow(row: Pick<DealIndexRow, 'sk'>): string {
  return row.sk.slice(row.sk.indexOf('#') + 1);
}
