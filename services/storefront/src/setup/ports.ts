import type { Clock } from '@sneakers/shared/clock';
import type { StorefrontList, StorefrontSetup } from '@sneakers/shared/contracts/storefront';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';

/** The set-up as stored: the contract's shape plus its store. */
export type SetupRecord = Omit<StorefrontSetup, 'updatedAt'> & { storeUserId: string; updatedAt: string };

/** What the section needs of the caller's profile (profiles owns it). */
export interface StoreProfile {
  role: 'store' | 'reseller';
  businessName: string;
  avatarUrl: string | null;
}

/** A list item the storefront may sell (lists owns it; read through the shared item view). */
export interface ListedItem {
  itemId: string;
  listType: StorefrontList;
  name: string;
  sku: string;
  brand: string;
  imageUrl: string | null;
  sizes: string[];
  askingPrice: number | null;
  desiredPrice: number | null;
  currency: Currency;
}

export interface SetupRepository {
  profileOf(userId: string): Promise<StoreProfile | null>;
  getSetup(storeUserId: string): Promise<SetupRecord | null>;
  putSetup(record: SetupRecord): Promise<void>;
  /** Which of `ids` are the store's virtual products (commerce owns them). */
  ownedVirtualProducts(storeUserId: string, ids: readonly string[]): Promise<Set<string>>;
  /** The store's unsold items on `lists`, newest first. */
  listItems(
    storeUserId: string,
    lists: readonly StorefrontList[],
    page: PageRequest,
  ): Promise<Page<ListedItem>>;
  /** The store's unsold item on one of `lists`, null when it is none. */
  getItem(storeUserId: string, lists: readonly StorefrontList[], itemId: string): Promise<ListedItem | null>;
  /** Storefront prices by item id (items without one are absent). */
  pricesOf(storeUserId: string, itemIds: readonly string[]): Promise<Map<string, number>>;
  /** null deletes the row: the item goes back to its list price. */
  setPrice(storeUserId: string, itemId: string, price: number | null, at: string): Promise<void>;
}

export interface SetupDeps {
  repo: SetupRepository;
  clock: Clock;
}
