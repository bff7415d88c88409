/**
 * What an offer, signed-in or anonymous, may be made on (docs/product/offers.md#who-can-offer):
 * items shown on the owner's public list, while the owner's flag for that list is on.
 */
import { BadRequestError, ValidationError } from '@sneakers/shared/errors';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import type { OfferableItem, OfferListType, OfferTargets, ProfileSummary } from './ports';

interface OfferLineInput {
  itemId: string;
  size: string;
  offeredPrice: number;
  quantity: number;
  notes?: string | null;
}

export interface OfferTarget {
  listOwnerId: string;
  listType: OfferListType;
  lines: OfferLineInput[];
  message?: string | null;
}

const notOfferable = () =>
  new BadRequestError('ITEM_NOT_OFFERABLE', 'One or more items can no longer receive offers.');

function listFlag(owner: ProfileSummary, listType: OfferListType): boolean {
  return listType === 'wtb' ? owner.publicWtbList : owner.publicWtcList;
}

/** An item takes offers while it is shown publicly (the list flag is checked apart). */
export function isOfferable(item: OfferableItem | null, listType: OfferListType, size: string): boolean {
  if (!item || item.listType !== listType || !isShownPublicly(item)) return false;
  return item.isBulk || item.sizes.includes(size);
}

/** The list's owner and the offered items, once every line is checked offerable; 400 otherwise. */
export async function loadTarget(deps: { repo: OfferTargets }, target: OfferTarget) {
  const seen = new Set<string>();
  for (const line of target.lines) {
    const pair = `${line.itemId}\u0000${line.size}`;
    if (seen.has(pair))
      throw new ValidationError('Each item and size can be offered once.', {
        lines: ['Each item and size can be offered once.'],
      });
    seen.add(pair);
  }
  const owner = await deps.repo.getProfile(target.listOwnerId);
  if (!owner || !listFlag(owner, target.listType)) throw notOfferable();
  const itemIds = [...new Set(target.lines.map((l) => l.itemId))];
  const items = new Map<string, OfferableItem>();
  await Promise.all(
    itemIds.map(async (id) => {
      const item = await deps.repo.getItem(target.listOwnerId, target.listType, id);
      if (item) items.set(id, item);
    }),
  );
  for (const line of target.lines) {
    if (!isOfferable(items.get(line.itemId) ?? null, target.listType, line.size)) throw notOfferable();
  }
  return { owner, items };
}

/** Optional text: blank means none. */
export const trimmedOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
