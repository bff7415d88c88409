/**
 * The public shareable list (docs/product/lists-and-public-lists.md#public-shareable-list):
 * anyone may read it while the owner's flag for that list is on. A private list answers 403
 * LIST_PRIVATE and nothing else (no owner data, no items, no counts).
 */
import type { Item, PublicItem, PublicOwner, ShareableListType } from '@sneakers/shared/contracts/lists';
import { ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import { sizeFilterOptions } from '@sneakers/shared/sizes';
import { DEFAULT_PAGE_SIZE } from '../items/ports';
import type { Facets, OwnerProfile, PublicListDeps } from './ports';

export const FACETS_TTL_MS = 30_000;

const FLAG = {
  wtb: 'publicWtbList',
  wts: 'publicWtsList',
  wtc: 'publicWtcList',
} as const satisfies Record<ShareableListType, keyof OwnerProfile>;

/**
 * The list is visible only while the owner's flag for it is on
 * (docs/product/lists-and-public-lists.md#visibility-rule).
 */
export function isListPublic(owner: OwnerProfile, listType: ShareableListType): boolean {
  return owner[FLAG[listType]];
}

/** What a visitor may see: no purchase data, notes, source, status or owner fields. */
export function toPublicItem(item: Item): PublicItem {
  return {
    id: item.id,
    listType: item.listType as ShareableListType,
    urgent: item.urgent,
    isBulk: item.isBulk,
    sku: item.sku,
    name: item.name,
    brand: item.brand,
    colorway: item.colorway,
    imageUrl: item.imageUrl,
    sizes: item.sizes,
    targetPrice: item.targetPrice,
    desiredPrice: item.desiredPrice,
    currency: item.currency,
    productCatalogId: item.productCatalogId,
    productVariantId: item.productVariantId,
    createdAt: item.createdAt,
  };
}

export function toPublicOwner(owner: OwnerProfile): PublicOwner {
  return {
    userId: owner.userId,
    businessName: owner.businessName,
    role: owner.role,
    location: owner.location,
    avatarUrl: owner.avatarUrl,
    contactEmail: owner.contactEmail,
    instagramHandle: owner.instagramHandle,
  };
}

function checkVisible(owner: OwnerProfile | null, listType: ShareableListType): OwnerProfile {
  if (!owner) throw new NotFoundError('Profile not found.', 'PROFILE_NOT_FOUND');
  if (!isListPublic(owner, listType))
    throw new ForbiddenError(`This ${listType.toUpperCase()} list is not public.`, 'LIST_PRIVATE');
  return owner;
}

export async function getPublicList(
  deps: Pick<PublicListDeps, 'items' | 'owners'>,
  params: { userId: string; listType: ShareableListType },
  query: { cursor?: string | undefined; limit?: number | undefined },
): Promise<{ owner: PublicOwner; listType: ShareableListType; items: PublicItem[]; cursor: string | null }> {
  const { userId, listType } = params;
  // Both reads at once for latency; the page is dropped unless the list is public.
  const [owner, page] = await Promise.all([
    deps.owners.get(userId),
    deps.items.listPublic(userId, listType, {
      cursor: query.cursor,
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
    }),
  ]);
  const visible = checkVisible(owner, listType);
  return {
    owner: toPublicOwner(visible),
    listType,
    items: page.items.map(toPublicItem),
    cursor: page.cursor,
  };
}

/** Sizes (BULK first, then the size-sorting rule), upper-cased brands, and the count. */
export function facetsOf(rows: readonly { sizes: readonly string[]; brand: string }[]): Facets {
  const brands = new Set<string>();
  for (const row of rows) {
    const brand = row.brand.trim().toUpperCase();
    if (brand) brands.add(brand);
  }
  return {
    sizes: sizeFilterOptions(rows.flatMap((r) => r.sizes)),
    brands: [...brands].sort(),
    total: rows.length,
  };
}

export async function getPublicListFacets(
  deps: PublicListDeps,
  params: { userId: string; listType: ShareableListType },
): Promise<Facets> {
  const { userId, listType } = params;
  checkVisible(await deps.owners.get(userId), listType);
  const key = `${userId}#${listType}`;
  const now = deps.clock.now().getTime();
  const cached = deps.facetCache.get(key);
  if (cached && now - cached.at < FACETS_TTL_MS) return cached.facets;
  const facets = facetsOf(await deps.items.publicFacetRows(userId, listType));
  deps.facetCache.set(key, { at: now, facets });
  if (deps.facetCache.size > 1000) {
    for (const [k, v] of deps.facetCache) if (now - v.at >= FACETS_TTL_MS) deps.facetCache.delete(k);
  }
  return facets;
}
