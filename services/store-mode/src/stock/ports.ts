import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { Currency } from '@sneakers/shared/money';
import type { VariantSize } from '@sneakers/shared/contracts/catalog';

/** An unsold inventory item as the lists service stores it (read through the shared item view). */
export interface StockItem {
  id: string;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
  sizes: string[];
  isBulk: boolean;
  askingPrice: number | null;
  currency: Currency;
  productCatalogId: string | null;
  updatedAt: string;
}

/** A catalogue size with its box barcode, when known (read through the catalogue variant view). */
export interface CatalogSize {
  label: string;
  size: VariantSize;
  gtin: string | null;
}

export interface StockRepository {
  /** The owner's unsold inventory items, oldest first: ONE Query on the owner's partition (`inventory#` prefix). */
  unsoldItems(userId: string, page: PageRequest): Promise<Page<StockItem>>;
  /** Each product's sizes: ONE Query per product on its partition, a few at a time. */
  sizesOf(productIds: readonly string[]): Promise<Map<string, CatalogSize[]>>;
}

export interface StockDeps {
  repo: StockRepository;
}
