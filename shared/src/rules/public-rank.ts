import type { Item } from '../contracts/lists';

/** The public-list sort key part: urgent items first, then newest (ULID ids). */
export function publicRank(item: Pick<Item, 'urgent' | 'id'>): string {
  return `${item.urgent ? '1' : '0'}#${item.id}`;
}
