import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { SaleRow as SaleItem } from '../sales/sale-entity';

/** A sale row with its import markers (the sales area's records leave them out). */
export type SaleRow = RecordOf<SaleItem>;

export interface BuyerClient {
  clientId: string;
  name: string;
  email: string;
}

/** What the portability use cases need from storage; `repository.ts` implements it. No Scan. */
export interface CommercePortabilityRepository {
  /** The store's sales, oldest recorded first (its partition). */
  pageSales(storeUserId: string, cursor: string | null, limit: number): Promise<Page<SaleRow>>;
  /** BatchGetItem. */
  getSales(storeUserId: string, ids: string[]): Promise<SaleRow[]>;
  /** The store's clients (crm's rows, read through the shared view), BatchGetItem. */
  getClients(storeUserId: string, clientIds: string[]): Promise<BuyerClient[]>;
  /** The clients with these lower-cased emails (crm's email markers, then the clients; BatchGetItem). */
  findClientsByEmail(storeUserId: string, emails: string[]): Promise<Map<string, BuyerClient>>;
  /** The sale row alone: no stock is sold by a past sale, no event (no email, webhook or shipment). */
  createSale(row: SaleRow): Promise<void>;
  /** Conditional on `previous.updatedAt`. */
  updateSale(previous: SaleRow, next: SaleRow): Promise<'updated' | 'stale'>;
  /** Conditional on `row.updatedAt`. */
  deleteSale(row: SaleRow): Promise<boolean>;
  storeCurrency(storeUserId: string): Promise<Currency | null>;
  /**
   * Deletes up to `limit` of the store's own rows: sales, shipments, payments, virtual
   * products, orders (with their share and partner links), offer claims, the user's links to
   * other stores' orders, and the overview's aggregates.
   */
  eraseSome(storeUserId: string, limit: number): Promise<{ deleted: number; more: boolean }>;
}

export interface CommercePortabilityDeps {
  repo: CommercePortabilityRepository;
  clock: Clock;
  ids: IdGenerator;
}
