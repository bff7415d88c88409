import { Service } from '@sneakers/shared/table/entity';
import { fromItemRow, itemEntity, toItemRow } from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { orderEntity, toOrderRow } from '../orders/order-entity';
import { createOrdersRepository } from '../orders/repository';
import { orderShareEntity } from '../orders/share-entity';
import { virtualProductEntity } from '../virtual-products/virtual-product-entity';
import type { StorefrontOrdersRepository } from './ports';

/**
 * Access patterns (services/commerce/README.md, Orders): the item and the virtual product by
 * key (consistent); the order, its share row, the item's full put (keeps the sparse
 * public-list index right, docs/adr/0013) and the outbox event are one TransactWriteItems.
 */
export function createStorefrontOrdersRepository(
  client: DocumentClient,
  table: string,
): StorefrontOrdersRepository {
  const service = new Service(
    {
      orders: orderEntity,
      shares: orderShareEntity,
      items: itemEntity,
      virtualProducts: virtualProductEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { items, virtualProducts } = service.entities;
  const { getStore, getOrder } = createOrdersRepository(client, table);

  return {
    getStore,
    getOrder,
    async getItem(storeUserId, listType, id) {
      const { data } = await items.get({ userId: storeUserId, listType, id }).go({ consistent: true });
      return data ? fromItemRow(data) : null;
    },
    async getVirtualProductCost(storeUserId, id) {
      const { data } = await virtualProducts
        .get({ storeUserId, id })
        .go({ consistent: true, attributes: ['costPrice'] });
      return data?.costPrice ?? null;
    },
    createStorefrontOrder: (record, take, event) =>
      transact(
        () =>
          service.transaction
            .write(({ orders: o, shares: s, items: i, outbox }) => [
              o.create(toOrderRow(record)).commit(),
              s
                .create({ shareId: record.shareId, storeUserId: record.storeUserId, orderId: record.id })
                .commit(),
              ...(take
                ? [
                    i
                      .put(toItemRow(take.next))
                      .where(({ updatedAt }, { eq }) => eq(updatedAt, take.beforeUpdatedAt))
                      .commit(),
                  ]
                : []),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate', null, ...(take ? ['stale' as const] : []), null],
      ),
  };
}
