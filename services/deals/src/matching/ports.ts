import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Role } from '@sneakers/shared/contracts/profile-values';
import type { LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import type { Currency } from '@sneakers/shared/money';
import type { DealIndexQuery, DealIndexRow, DealItem } from '@sneakers/shared/rules/deals';

type ListType = (typeof LIST_TYPES)[number];

/**
 * An item as matching sees it (services/deals/README.md, "The matcher"): the rule's DealItem
 * plus what a deal shows of it and of its owner. Only what the owner's public list already
 * shows: never a purchase price, notes or a source.
 */
export interface DealSource extends DealItem {
  name: string;
  imageUrl: string | null;
  ownerName: string;
  ownerLocation: string | null;
}

/** The lists service's item fields matching reads (shared/src/stock/item-entity.ts). */
export interface ItemFacts {
  userId: string;
  id: string;
  listType: ListType;
  status: string;
  visibility: string;
  isBulk: boolean;
  productCatalogId: string | null;
  sku: string;
  name: string;
  brand: string;
  imageUrl: string | null;
  sizes: string[];
  targetPrice: number | null;
  desiredPrice: number | null;
  askingPrice: number | null;
  currency: Currency;
  updatedAt: string;
}

/** The profile fields matching reads (shared/src/views/profile-view.ts). */
export interface OwnerProfile {
  userId: string;
  role: Role;
  businessName: string;
  location: string;
  profileVisibleInDeals: boolean;
  publicInventory: boolean;
  publicWtbList: boolean;
  publicWtsList: boolean;
  publicWtcList: boolean;
}

/** An item's key in its owner's partition. */
export interface ItemKey {
  userId: string;
  listType: ListType;
  id: string;
}

/** One index row with the item it stands for (so candidates are never read back). */
export interface IndexEntry extends DealIndexRow {
  source: DealSource;
}

/**
 * One user's stored deal: my item against their item, everything the board shows except what
 * must be fresh when it is read (the partner's rating, my fees, my hides, what is new).
 */
export interface StoredDeal {
  userId: string;
  dealId: string;
  /** want: I am the store, my item is a WTB; have: I am the reseller. */
  side: 'want' | 'have';
  myItemId: string;
  theirItemId: string;
  partnerId: string;
  mine: DealSource;
  theirs: DealSource;
  sizes: { mine: string; theirs: string }[];
  matchedAt: string;
}

export type DealKey = Pick<StoredDeal, 'userId' | 'myItemId' | 'theirItemId'>;

/** What a batch announces for one user: the Deals.Matched samples (none for demo) and a push. */
export interface UserAnnouncement {
  userId: string;
  created: StoredDeal[];
  /** Whether to announce Deals.Matched (never for demo users). */
  matched: boolean;
}

/** What the matcher reads and writes (services/deals/README.md, "Access patterns"). */
export interface MatchingRepository {
  /** Items in the order asked, consistent; null where one is gone (BatchGetItem, 100 keys a request). */
  items(keys: readonly ItemKey[]): Promise<(ItemFacts | null)[]>;
  /** Every item of one owner (a Query of their partition, consistent). */
  itemsOf(userId: string): Promise<ItemFacts[]>;
  /** One profile, consistent; null when there is none. */
  profile(userId: string): Promise<OwnerProfile | null>;
  /** What the matcher last indexed of each item (its state row), in the order asked; null: nothing. */
  states(keys: readonly ItemKey[]): Promise<(DealSource | null)[]>;
  /** The item keys of every state row of one owner (a Query). */
  statesOf(userId: string): Promise<ItemKey[]>;
  putState(key: ItemKey, source: DealSource | null): Promise<void>;
  /** Puts and deletes index rows (batched writes). */
  writeIndex(put: readonly IndexEntry[], remove: readonly DealIndexRow[]): Promise<void>;
  /** The items an index Query finds (consistent, every page). */
  candidates(query: DealIndexQuery): Promise<DealSource[]>;
  /** One user's stored deals of one of their items (a Query). */
  dealsOfItem(userId: string, myItemId: string): Promise<StoredDeal[]>;
  /**
   * Every stored deal of one user when they have at most `max` (one Query page, consistent);
   * null when they have more, and their items' deals are then read one item at a time.
   */
  dealsOfOwner(userId: string, max: number): Promise<StoredDeal[] | null>;
  /** The named deals that exist (BatchGetItem, consistent). */
  dealsByKey(keys: readonly DealKey[]): Promise<StoredDeal[]>;
  /** Overwrites existing deals (their content changed) and deletes gone ones. */
  writeDeals(put: readonly StoredDeal[], remove: readonly DealKey[]): Promise<void>;
  /**
   * One user's new deals, each created only while absent, with the badge's ADD and the outbox
   * events (Deals.Matched unless `matched` is false; Deals.Changed for the push) in one
   * transaction per chunk. Throws when a deal already exists (a twin wrote it): the batch is
   * retried and finds it.
   */
  createDeals(announcement: UserAnnouncement, eventIds: () => string, at: string): Promise<void>;
  /** Deals.Changed for a user whose deals moved without a new one (the push). */
  announceChanged(userId: string, eventId: string, at: string): Promise<void>;
  /** The user's Deals badge (consistent); null when they have none. */
  badgeOf(userId: string): Promise<{ newDeals: number; lastSeenAt: string | null } | null>;
  /**
   * Takes `by` off the badge, never below 0, unless the board was opened since `lastSeenAt`
   * was read: the count restarted then, and nothing is taken off.
   */
  lowerBadge(userId: string, by: number, lastSeenAt: string | null): Promise<void>;
}

export interface MatchingDeps {
  repo: MatchingRepository;
  clock: Clock;
  ids: IdGenerator;
  onError(error: unknown): void;
}
