import type { Currency } from '@sneakers/shared/money';
import type { ProductsDeps } from '../products/ports';

/** One of the store's inventory items of a catalogue product, as the lists service saved it. */
export interface StoreItemPrice {
  id: string;
  sizes: string[];
  status: 'available' | 'pending' | 'sold';
  askingPrice: number | null;
  currency: Currency;
}

/** The lists service's inventory rows, read-only (shared/src/views/item-view.ts). */
export interface StoreItems {
  /** The store's inventory items linked to `productId`, newest first. */
  ofProduct(storeUserId: string, productId: string): Promise<StoreItemPrice[]>;
}

export interface PricesDeps {
  repo: ProductsDeps['repo'];
  storeItems: StoreItems;
}
