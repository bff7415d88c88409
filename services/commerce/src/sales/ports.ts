import type { Clock } from '@sneakers/shared/clock';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { VirtualProductRecord } from '../virtual-products/virtual-product-entity';
import type { SaleRecord } from './sale-entity';

export interface StoreProfile {
  businessName: string;
  language: (typeof LANGUAGES)[number];
  currency: Currency;
}

export interface ClientContact {
  clientId: string;
  name: string;
  email: string;
}

export interface ProviderContact {
  id: string;
  name: string;
  email: string;
}

/** The consignment fields a sale reads. */
export interface ConsignmentStock {
  storeUserId: string;
  providerId: string;
  id: string;
  itemSku: string;
  itemName: string;
  size: string;
  /** The catalogue pick the consignment was recorded as (absent: typed, or older). */
  productCatalogId?: string;
  itemBrand?: string;
  itemColorway?: string;
  itemImageUrl?: string;
  price: number;
  currency: Currency;
  status: 'in_stock' | 'sold' | 'returned';
}

/** The stock a sale takes, written in the sale's transaction (docs/adr/0013). */
export type StockChange =
  /** The item's next state, put only while its updatedAt is still `expectedUpdatedAt`. */
  | { kind: 'item'; next: Item; expectedUpdatedAt: string }
  /** in_stock → sold, only while in stock. */
  | {
      kind: 'consignment';
      storeUserId: string;
      providerId: string;
      consignmentId: string;
      salePrice: number;
      saleId: string;
      at: string;
    }
  /** soldCount + quantity, only while the product exists and is active. */
  | { kind: 'virtual'; storeUserId: string; id: string; quantity: number };

/** A sale's period: inclusive YYYY-MM-DD bounds, either open. */
export interface SalePeriod {
  from?: string | undefined;
  to?: string | undefined;
}

export interface SaleChanges {
  shippingCarrier?: string | null;
  trackingNumber?: string | null;
  notes?: string | null;
  updatedAt: string;
}

/** The stock a sale is of. */
export type SaleStockRef =
  | { kind: 'inventory'; itemId: string }
  | { kind: 'virtual'; id: string }
  | { kind: 'consignment'; providerId: string; consignmentId: string };

export interface SaleReadRequest {
  storeUserId: string;
  clientId: string | null;
  stock: SaleStockRef;
}

/** What a sale reads before its transaction; null for what does not exist (or was not asked). */
export interface SaleReads {
  client: ClientContact | null;
  store: StoreProfile | null;
  item: Item | null;
  virtualProduct: VirtualProductRecord | null;
  consignment: ConsignmentStock | null;
  provider: ProviderContact | null;
}

export interface SalesRepository {
  /**
   * Everything a sale reads before its transaction (the buyer, the store and the stock) in
   * one consistent BatchGetItem: one round trip instead of three.
   */
  readSale(request: SaleReadRequest): Promise<SaleReads>;
  /** Consistent reads: the stock a sale is about to take. */
  getInventoryItem(storeUserId: string, itemId: string): Promise<Item | null>;
  getConsignment(
    storeUserId: string,
    providerId: string,
    consignmentId: string,
  ): Promise<ConsignmentStock | null>;
  getVirtualProduct(storeUserId: string, id: string): Promise<VirtualProductRecord | null>;
  getProvider(storeUserId: string, providerId: string): Promise<ProviderContact | null>;
  getClient(storeUserId: string, clientId: string): Promise<ClientContact | null>;
  getStoreProfile(storeUserId: string): Promise<StoreProfile | null>;
  /**
   * One transaction: the idempotency claim, the sale, the stock change and the events.
   * 'duplicate': a parallel request with the same key won; 'stockChanged': the stock's
   * condition failed (sold or edited meanwhile).
   */
  recordSale(
    sale: SaleRecord,
    claim: IdempotencyClaim,
    stock: StockChange,
    events: OutboxEvent[],
  ): Promise<'committed' | 'duplicate' | 'stockChanged'>;
  /** A period's sales, newest sale date first (gsi1). */
  listSales(storeUserId: string, period: SalePeriod, page: PageRequest): Promise<Page<SaleRecord>>;
  getSale(storeUserId: string, saleId: string): Promise<SaleRecord | null>;
  /** null when the sale does not exist (or is another store's). */
  updateSale(storeUserId: string, saleId: string, changes: SaleChanges): Promise<SaleRecord | null>;
}

export interface SalesDeps {
  repo: SalesRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
