import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { StorefrontSize } from '@sneakers/shared/contracts/storefront';
import type { Currency } from '@sneakers/shared/money';
import type { ProductOffer } from './product-entity';

/** What the projection reads and writes (services/storefront/README.md, "Access patterns"). */
export interface ProjectionRepository {
  /** The set-up, the published lists' items, the chosen virtual products and the prices of one store. */
  sources(storeUserId: string): Promise<StoreSources>;
  /** The set-up's fields the projection reads (consistent); null: no set-up row. */
  setup(storeUserId: string): Promise<StoreSources['setup']>;
  /**
   * The named items (left out: gone), their storefront prices and the named virtual products
   * (BatchGetItem, consistent): the sources of a few products.
   */
  sourcesByKey(
    storeUserId: string,
    keys: { items: readonly ItemKey[]; virtualProductIds: readonly string[] },
  ): Promise<Pick<StoreSources, 'items' | 'virtualProducts' | 'prices'>>;
  /** Every product row of the store (consistent: the projection's own last writes). */
  products(storeUserId: string): Promise<ProjectedProduct[]>;
  /** The named product rows that exist (BatchGetItem, consistent). */
  productsById(storeUserId: string, productIds: readonly string[]): Promise<ProjectedProduct[]>;
  /** One product row and its BackInStock events: one transaction. */
  put(
    row: ProjectedProduct,
    events: readonly BackInStock[],
    eventIds: readonly string[],
    at: string,
  ): Promise<void>;
  remove(storeUserId: string, productId: string): Promise<void>;
  /** The store's card index chunks (consistent: the projection's own last writes). */
  cardIndex(storeUserId: string): Promise<CardIndexChunk[]>;
  /** Puts the changed chunks and deletes the ones left over (transactions of a few chunks each). */
  writeCardIndex(storeUserId: string, changes: CardIndexChanges): Promise<void>;
  /** A catalogue product with its variants (one Query of its partition); null when there is none. */
  catalogue(productCatalogId: string): Promise<CatalogueData | null>;
}

export interface ProjectionDeps {
  repo: ProjectionRepository;
  clock: Clock;
  ids: IdGenerator;
  onError(error: unknown, storeUserId: string): void;
}

/**
 * What a public read needs (services/storefront/README.md, "Access patterns"): a storefront
 * page is `storefront` (one BatchGetItem) and `cardIndex` (one Query); a product page is
 * `product` (one BatchGetItem).
 */
export interface StorefrontReader {
  /** The set-up with the profile's fallbacks. */
  storefront(storeUserId: string): Promise<{
    setup: StorefrontSetupView | null;
    profile: StoreProfileView | null;
  }>;
  /** Every chunk of the store's card index. */
  cardIndex(storeUserId: string): Promise<CardIndexChunk[]>;
  /** The set-up, the profile, one product row and chunk 0's header facts. */
  product(
    storeUserId: string,
    productId: string,
  ): Promise<{
    setup: StorefrontSetupView | null;
    profile: StoreProfileView | null;
    row: ProjectedProduct | null;
    header: CardIndexHeader | null;
  }>;
}

export interface PublicDeps {
  reader: StorefrontReader;
  limiter: RateLimiter;
  clock: Clock;
}

/** A storefront product row as the projection computes it (the entity's attributes, nulls explicit). */
export interface ProjectedProduct {
  storeUserId: string;
  productId: string;
  productCatalogId: string | null;
  name: string;
  brand: string;
  sku: string;
  colorway: string;
  imageUrl: string | null;
  images: string[];
  releaseDate: string | null;
  description: string;
  price: number;
  currency: Currency;
  offers: ProductOffer[];
  sizeRun: StorefrontSize[];
  /** What the catalogue said of the product when the row was first written (never answered publicly). */
  catalogue: CatalogueData | null;
  virtual: boolean;
  searchText: string;
  sizeKeys: string[];
  listedAt: string;
  updatedAt: string;
}

/** An item's key in its owner's partition: its list and id. */
export interface ItemKey {
  listType: string;
  id: string;
}

/** The item fields the projection reads (shared/src/stock/item-entity.ts). */
export interface SourceItem {
  id: string;
  listType: string;
  status: string;
  isBulk: boolean;
  productCatalogId: string | null;
  productVariantId: string | null;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
  sizes: string[];
  desiredPrice: number | null;
  askingPrice: number | null;
  purchasePrice: number | null;
  currency: Currency;
  createdAt: string;
}

/** The catalogue's fields a storefront shows (shared/src/views/catalog-product-view.ts). */
export interface CatalogueData {
  gender: string | null;
  colorway: string;
  imageUrl: string | null;
  releaseDate: string | null;
  variants: CatalogueVariant[];
}

export interface CatalogueVariant {
  label: string;
  /** The variant's size map (VariantSize): the chart's brand and the size in each system, null where unknown. */
  size: {
    brand: string | null;
    eu: string | null;
    usM: string | null;
    usW: string | null;
    uk: string | null;
    jpCm: string | null;
  };
}

export interface SourceVirtualProduct {
  id: string;
  productCatalogId: string | null;
  productVariantId: string | null;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
  price: number;
  currency: Currency;
  sizes: string[];
  active: boolean;
  createdAt: string;
}

export interface StoreSources {
  storeUserId: string;
  /** null: no set-up row, or the storefront is off (every product row goes). */
  setup: { enabled: boolean; lists: string[]; virtualProductIds: string[] } | null;
  items: SourceItem[];
  virtualProducts: SourceVirtualProduct[];
  /** itemId → the storefront price the store set. */
  prices: ReadonlyMap<string, number>;
}

export interface BackInStock {
  productId: string;
  size: string;
}

export interface StorefrontSetupView {
  enabled: boolean;
  name: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  description: string;
  contact: string;
  returnsText: string;
}

export interface StoreProfileView {
  businessName: string;
  avatarUrl: string | null;
  currency: Currency;
  /** The account is closing (docs/product/accounts.md#closing-the-account): the store is offline. */
  closing: boolean;
}

/** The header's facts of the products on sale (chunk 0 of the card index). */
export interface CardIndexHeader {
  brands: string[];
  productCount: number;
  /** The first product's currency (null: nothing on sale; the header falls back to the profile's). */
  currency: Currency | null;
}

/** One chunk row of a store's card index: its cards as JSON, the header's facts on chunk 0. */
export interface CardIndexChunk {
  chunk: number;
  cards: string;
  header: CardIndexHeader | null;
}

export interface CardIndexChanges {
  put: CardIndexChunk[];
  /** Chunk numbers no longer needed. */
  remove: number[];
}
