import type { Item, ListType, ShareableListType } from '@sneakers/shared/contracts/lists';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { isShownPublicly } from '@sneakers/shared/rules/public-visibility';
import { publicRank } from '@sneakers/shared/rules/public-rank';
import { DEFAULT_PAGE_SIZE, type BookingDirectory, type ItemRepository } from '../../src/items/ports';
import type { OwnerDirectory, OwnerProfile } from '../../src/public-lists/ports';

/** In-memory ports for the pure rules; cursors are offsets. */
function paged(items: Item[], request: PageRequest): Page<Item> {
  const start = request.cursor ? Number(request.cursor) : 0;
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const slice = items.slice(start, start + limit);
  const next = start + limit;
  return { items: slice, cursor: next < items.length ? String(next) : null };
}

const sameBooking = (a: Pick<Item, 'userId' | 'bookingId'>, b: Pick<Item, 'userId' | 'bookingId'>) =>
  a.bookingId !== null && a.userId === b.userId && a.bookingId === b.bookingId;

export function memoryItems(): ItemRepository & { rows: Map<string, Item>; facetReads: number } {
  const rows = new Map<string, Item>();
  const repo = {
    rows,
    facetReads: 0,
    listByOwner: async (userId: string, listType: ListType, request: PageRequest) =>
      paged(
        [...rows.values()]
          .filter((i) => i.userId === userId && i.listType === listType)
          .sort((a, b) => b.id.localeCompare(a.id)),
        request,
      ),
    get: async (userId: string, id: string) => {
      const item = rows.get(id);
      return item && item.userId === userId ? item : null;
    },
    create: async (item: Item) => {
      if (item.bookingId !== null && [...rows.values()].some((i) => sameBooking(i, item)))
        return 'booking_taken' as const;
      rows.set(item.id, item);
      return 'created' as const;
    },
    getByBooking: async (userId: string, bookingId: string) =>
      [...rows.values()].find((i) => sameBooking(i, { userId, bookingId })) ?? null,
    replace: async (item: Item, expected: string) => {
      if (rows.get(item.id)?.updatedAt !== expected) return false;
      rows.set(item.id, item);
      return true;
    },
    delete: async (item: Pick<Item, 'id'>) => rows.delete(item.id),
    listPublic: async (userId: string, listType: ShareableListType, request: PageRequest) =>
      paged(
        [...rows.values()]
          .filter((i) => i.userId === userId && i.listType === listType && isShownPublicly(i))
          .sort((a, b) => publicRank(b).localeCompare(publicRank(a))),
        request,
      ),
    publicFacetRows: async (userId: string, listType: ShareableListType) => {
      repo.facetReads++;
      return [...rows.values()]
        .filter((i) => i.userId === userId && i.listType === listType && isShownPublicly(i))
        .map((i) => ({ sizes: i.sizes, brand: i.brand }));
    },
  };
  return repo;
}

/** Bookings by store, as the crm service stores them. */
export function memoryBookings(bookings: { storeUserId: string; bookingId: string }[]): BookingDirectory {
  return {
    isOwnBooking: async (storeUserId, bookingId) =>
      bookings.some((b) => b.storeUserId === storeUserId && b.bookingId === bookingId),
  };
}

export function memoryOwners(profiles: OwnerProfile[]): OwnerDirectory {
  return { get: async (userId) => profiles.find((p) => p.userId === userId) ?? null };
}

export function owner(userId: string, flags: Partial<OwnerProfile> = {}): OwnerProfile {
  return {
    userId,
    // In the order the list reads them (OWNER_FIELDS).
    role: 'store',
    businessName: 'Kicks Madrid',
    contactEmail: 'hi@kicks.example',
    instagramHandle: 'kicks',
    location: 'Madrid',
    avatarUrl: null,
    publicWtbList: true,
    publicWtsList: false,
    publicWtcList: false,
    ...flags,
  };
}
