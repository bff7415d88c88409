import type { Clock } from '@sneakers/shared/clock';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { OrderRecord, OrdersRepository } from '../orders/ports';
import type { ItemTake } from '../offer-orders/ports';

/** What a storefront order reads (the store, the pair's item or virtual product) and writes. */
export interface StorefrontOrdersRepository extends Pick<OrdersRepository, 'getStore' | 'getOrder'> {
  /** A consistent read of the store's list item; null when it is gone. */
  getItem(storeUserId: string, listType: 'inventory' | 'wts', itemId: string): Promise<Item | null>;
  /** The virtual product's cost price (null: none or unknown). */
  getVirtualProductCost(storeUserId: string, virtualProductId: string): Promise<number | null>;
  /**
   * One transaction: the order (conditional on absence: 'duplicate', the checkout's order is
   * made already), its share row, the item take when there is one (conditional on the item's
   * updatedAt: 'stale') and `Order.Created` through the outbox.
   */
  createStorefrontOrder(
    order: OrderRecord,
    take: ItemTake | null,
    event: OutboxEvent,
  ): Promise<'committed' | 'duplicate' | 'stale'>;
}

export interface StorefrontOrdersDeps {
  repo: StorefrontOrdersRepository;
  clock: Clock;
  ids: IdGenerator;
  /** Share ids: 128 random bits, base64url. */
  shareIds: IdGenerator;
}
