import type { Clock } from '@sneakers/shared/clock';
import type { Item, ListType, ShareableListType } from '@sneakers/shared/contracts/lists';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';

/** A page of items when the request names no limit (own lists and public lists alike). */
export const DEFAULT_PAGE_SIZE = 60;

export interface ItemRepository {
  /** One list of one owner, newest first: one Query per page. */
  listByOwner(userId: string, listType: ListType, page: PageRequest): Promise<Page<Item>>;
  /** The owner's item by id, whatever its list (one BatchGetItem over the four lists). */
  get(userId: string, itemId: string): Promise<Item | null>;
  /**
   * Writes a new item. One with a booking also writes the booking's marker in the same
   * transaction: 'booking_taken' (nothing written) when the owner already has an item
   * made from that booking.
   */
  create(item: Item): Promise<'created' | 'booking_taken'>;
  /** The owner's item made from `bookingId` (strongly consistent), or null. */
  getByBooking(userId: string, bookingId: string): Promise<Item | null>;
  /** Replaces the row only while it still has `expectedUpdatedAt`; false otherwise. */
  replace(item: Item, expectedUpdatedAt: string): Promise<boolean>;
  /** False when there was no such row. Frees the item's booking for a new item. */
  delete(item: Pick<Item, 'userId' | 'listType' | 'id' | 'bookingId'>): Promise<boolean>;
  /** Items shown on a public list, urgent first then newest: one Query on gsi1 per page. */
  listPublic(userId: string, listType: ShareableListType, page: PageRequest): Promise<Page<Item>>;
  /** Sizes and brand of every publicly shown item (projected Query over all pages). */
  publicFacetRows(userId: string, listType: ShareableListType): Promise<{ sizes: string[]; brand: string }[]>;
}

/** The crm service's bookings, read-only: an item may only reference one of its owner's. */
export interface BookingDirectory {
  /** True when `bookingId` is exactly the id of one of `storeUserId`'s bookings. */
  isOwnBooking(storeUserId: string, bookingId: string): Promise<boolean>;
}

export interface ItemDeps {
  items: ItemRepository;
  bookings: BookingDirectory;
  clock: Clock;
  ids: IdGenerator;
}
