import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { Deal, DealSort } from '@sneakers/shared/contracts/deals';
import { ValidationError } from '@sneakers/shared/errors';
import {
  BULK_SIZE_KEY,
  dealFigures,
  sizeKeyOf,
  sizesByPartner,
  type DealFees,
} from '@sneakers/shared/rules/deals';
import type { StoredDeal } from '../matching/ports';
import type { BoardDeps, BoardFresh } from './ports';

/**
 * The deals board (docs/product/deals.md#deals-board): pure. One Query reads the caller's
 * stored deals and one BatchGetItem what must be fresh (fees, hides, the badge's last-seen
 * time, the caller's visibility and the partners' ratings); the rest is computed here.
 */

export const DEALS_PAGE_DEFAULT = 25;

export interface BoardQuery {
  sort?: DealSort;
  brand?: string;
  size?: string;
  cursor?: string;
  limit?: number;
}

export interface BoardPage {
  side: 'want' | 'have';
  deals: Deal[];
  cursor: string | null;
  brands: string[];
  visible: boolean;
}

/** Mean stars with one decimal, as messaging answers it (services/messaging/src/ratings/rules.ts). */
function ratingOf(summary: { count: number; sum: number } | undefined) {
  if (!summary || summary.count <= 0) return { ratingAverage: null, ratingCount: 0 };
  return { ratingAverage: Math.round((summary.sum / summary.count) * 10) / 10, ratingCount: summary.count };
}

function feesOf(side: 'want' | 'have', fresh: BoardFresh): DealFees {
  return side === 'want'
    ? { role: 'store', resaleFeeBasisPoints: fresh.preferences.resaleFeeBasisPoints }
    : { role: 'reseller', shippingCents: fresh.preferences.shippingCents };
}

/** Whether a deal shares the size asked for, in any system: compared by the rule's size key. */
function hasSize(deal: StoredDeal, label: string): boolean {
  const wanted = sizeKeyOf(deal.mine, label);
  return deal.sizes.some((size) => {
    const mine = sizeKeyOf(deal.mine, size.mine);
    const key = mine === BULK_SIZE_KEY ? sizeKeyOf(deal.theirs, size.theirs) : mine;
    return key === wanted || key === BULK_SIZE_KEY;
  });
}

function toDeal(
  deal: StoredDeal,
  fresh: BoardFresh,
  fills: Map<string, { filled: number; of: number }>,
): Deal {
  const [want, have] = deal.side === 'want' ? [deal.mine, deal.theirs] : [deal.theirs, deal.mine];
  const side = (item: StoredDeal['mine']) => ({
    id: item.id,
    listType: item.listType,
    price: item.price,
    currency: item.currency,
    updatedAt: item.updatedAt,
  });
  return {
    id: deal.dealId,
    product: {
      name: deal.mine.name,
      sku: deal.mine.sku,
      brand: deal.mine.brand,
      imageUrl: deal.mine.imageUrl ?? deal.theirs.imageUrl,
      productCatalogId: deal.mine.productCatalogId ?? deal.theirs.productCatalogId,
    },
    mine: side(deal.mine),
    theirs: side(deal.theirs),
    sizes: deal.sizes,
    figures: dealFigures(want, have, feesOf(deal.side, fresh)),
    partnerFills: deal.side === 'want' ? (fills.get(`${deal.myItemId}|${deal.partnerId}`) ?? null) : null,
    partner: {
      userId: deal.partnerId,
      businessName: deal.theirs.ownerName,
      role: deal.theirs.role,
      location: deal.theirs.ownerLocation,
      ...ratingOf(fresh.ratings.get(deal.partnerId)),
    },
    matchedAt: deal.matchedAt,
    isNew: fresh.badge.lastSeenAt === null || deal.matchedAt > fresh.badge.lastSeenAt,
  };
}

/** Per (my WTB, partner): how many of its sizes that partner's items fill together. */
function fillsOf(deals: readonly StoredDeal[]) {
  const byWant = new Map<string, StoredDeal[]>();
  for (const deal of deals) {
    if (deal.side !== 'want') continue;
    byWant.set(deal.myItemId, [...(byWant.get(deal.myItemId) ?? []), deal]);
  }
  const out = new Map<string, { filled: number; of: number }>();
  for (const [wantId, group] of byWant) {
    const want = group[0]!.mine;
    for (const [partnerId, fill] of sizesByPartner(
      want,
      group.map((d) => d.theirs),
    ))
      out.set(`${wantId}|${partnerId}`, fill);
  }
  return out;
}

const byNewest = (a: Deal, b: Deal) => b.matchedAt.localeCompare(a.matchedAt) || a.id.localeCompare(b.id);

/** Ready to trade first, then the best net margin; a deal without figures last. */
function byMargin(a: Deal, b: Deal): number {
  const ready = Number(b.figures?.readyToTrade ?? false) - Number(a.figures?.readyToTrade ?? false);
  if (ready !== 0) return ready;
  if (a.figures && b.figures && a.figures.netMargin !== b.figures.netMargin)
    return b.figures.netMargin - a.figures.netMargin;
  if (!a.figures !== !b.figures) return a.figures ? -1 : 1;
  return byNewest(a, b);
}

function byRating(a: Deal, b: Deal): number {
  const ra = a.partner.ratingAverage ?? -1;
  const rb = b.partner.ratingAverage ?? -1;
  return rb - ra || b.partner.ratingCount - a.partner.ratingCount || byMargin(a, b);
}

const SORTS = { margin: byMargin, newest: byNewest, rating: byRating } as const;

/** Where a page starts: the cursor is an offset the board gave; anything else is refused. */
function startOf(cursor: string | undefined): number {
  if (cursor !== undefined && !/^\d{1,6}$/.test(cursor))
    throw new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });
  return cursor ? Number(cursor) : 0;
}

function pageOf<T>(rows: readonly T[], start: number, limit: number) {
  const end = start + limit;
  return { items: rows.slice(start, end), cursor: end < rows.length ? String(end) : null };
}

/**
 * The caller's board: their side by role (a store reads resellers' offers for its WTBs, a
 * reseller stores' WTBs for what it has), without what they hid, filtered, sorted, paged.
 */
export async function listDeals(deps: BoardDeps, actor: Actor, query: BoardQuery): Promise<BoardPage> {
  const user = requireUser(actor);
  // Bad input is refused whatever the board holds, a hidden profile's empty board included.
  const start = startOf(query.cursor);
  const stored = await deps.repo.deals(user.userId);
  const fresh = await deps.repo.fresh(user.userId, [...new Set(stored.map((d) => d.partnerId))]);
  const side = fresh.profile?.role === 'reseller' ? 'have' : 'want';
  const visible = fresh.profile?.profileVisibleInDeals ?? true;
  if (!visible) return { side, deals: [], cursor: null, brands: [], visible };

  const hiddenDeals = new Set<string>();
  const hiddenPartners = new Set<string>();
  for (const hide of fresh.preferences.hides)
    (hide.kind === 'deal' ? hiddenDeals : hiddenPartners).add(hide.targetId);
  const shown = stored.filter(
    (d) => d.side === side && !hiddenDeals.has(d.dealId) && !hiddenPartners.has(d.partnerId),
  );
  const brands = [...new Set(shown.map((d) => d.mine.brand))].sort((a, b) => a.localeCompare(b));
  const brand = query.brand?.trim().toLowerCase();
  const size = query.size?.trim();
  const filtered = shown.filter(
    (d) => (!brand || d.mine.brand.toLowerCase() === brand) && (!size || hasSize(d, size)),
  );
  const fills = fillsOf(shown);
  const deals = filtered.map((d) => toDeal(d, fresh, fills)).sort(SORTS[query.sort ?? 'margin']);
  const page = pageOf(deals, start, query.limit ?? DEALS_PAGE_DEFAULT);
  return { side, deals: page.items, cursor: page.cursor, brands, visible };
}

export async function dealsBadge(deps: BoardDeps, actor: Actor): Promise<{ newDeals: number }> {
  const user = requireUser(actor);
  const { newDeals } = await deps.repo.badge(user.userId);
  return { newDeals: Math.max(0, newDeals) };
}

/**
 * Opening the board: bookkeeping, allowed in demo. The demo identity is shared by every
 * visitor, so for it nothing is written: each visitor sees the demo's badge as seeded.
 */
export async function markDealsSeen(deps: BoardDeps, actor: Actor): Promise<{ newDeals: number }> {
  const user = requireUser(actor);
  if (!user.isDemo) await deps.repo.markSeen(user.userId, deps.clock.now().toISOString());
  return { newDeals: 0 };
}
