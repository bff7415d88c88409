import type { Role } from '@sneakers/shared/contracts/profile-values';

/** Pure conversation rules: who the two sides are, and the one conversation of a pair. */

export interface ItemRef {
  ownerUserId: string;
  listType: string;
  itemId: string;
}

/**
 * The key of the one conversation of an unordered pair about an item (or about nothing,
 * '-'): either side starting it, in either order, finds the same one.
 */
export function pairKey(userA: string, userB: string, item: ItemRef | null | undefined): string {
  const [first, second] = [userA, userB].sort();
  const about = item ? `${item.ownerUserId}/${item.listType}/${item.itemId}` : '-';
  return `${first}|${second}|${about}`;
}

/**
 * Who is the store and who the reseller: when exactly one of the two is a store, them;
 * otherwise (two stores, two resellers) the partner being contacted, the list's owner.
 */
export function assignRoles(
  caller: { userId: string; role: Role },
  partner: { userId: string; role: Role },
): { storeUserId: string; resellerUserId: string } {
  if (caller.role === 'store' && partner.role !== 'store')
    return { storeUserId: caller.userId, resellerUserId: partner.userId };
  return { storeUserId: partner.userId, resellerUserId: caller.userId };
}
