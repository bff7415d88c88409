import { MESSAGE_EMAIL_DELAY_MINUTES, type RatingSummary } from '@sneakers/shared/contracts/messaging';
import type { Role } from '@sneakers/shared/contracts/profile-values';

/** Pure messaging rules: no aws/electrodb imports. */

/** The longest message seq the padded key holds in order (10 digits). */
const SEQ_DIGITS = 10;

/** A message's sort key: the seq zero-padded, so the string order is the seq order. */
export function seqKey(seq: number): string {
  if (!Number.isInteger(seq) || seq < 0 || seq >= 10 ** SEQ_DIGITS)
    throw new RangeError(`Invalid seq ${seq}`);
  return String(seq).padStart(SEQ_DIGITS, '0');
}

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

/** Mean stars with one decimal (4.666 → 4.7); null with no ratings. */
export function averageStars(counts: { count: number; sum: number } | null | undefined): RatingSummary {
  const count = counts?.count ?? 0;
  if (!counts || count <= 0) return { average: null, count: 0 };
  return { average: Math.round((counts.sum / count) * 10) / 10, count };
}

export const MESSAGE_EMAIL_DELAY_MS = MESSAGE_EMAIL_DELAY_MINUTES * 60_000;

/** When an unread message starting a burst is emailed, unless read first. */
export function emailDueAt(now: Date): string {
  return new Date(now.getTime() + MESSAGE_EMAIL_DELAY_MS).toISOString();
}

export const PREVIEW_LENGTH = 140;

/** The email's preview of a message: its first characters, whitespace collapsed. */
export function preview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_LENGTH ? flat : `${flat.slice(0, PREVIEW_LENGTH - 1)}…`;
}
