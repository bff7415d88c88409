import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import { fromItemRow, itemEntity, toItemRow } from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { batchGetRows, entityNameOf } from '@sneakers/shared/table/batch-get';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { isConditionalFailure, transact } from '@sneakers/shared/table/transaction';
import { clientView } from '@sneakers/shared/views/client-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { providerView } from '@sneakers/shared/views/provider-view';
import { virtualProductEntity } from '../virtual-products/virtual-product-entity';
import type { SalePeriod, SaleReads, SalesRepository } from './ports';
import { saleEntity, toSaleRecord } from './sale-entity';

const DEFAULT_PAGE = 25;
const SALE_NULLABLE = ['shippingCarrier', 'trackingNumber', 'notes'] as const;
/** Sorts after every YYYY-MM-DD: the open end of a period. */
const END_OF_TIME = '9999-99-99';

/** The day after a YYYY-MM-DD date (UTC). */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const text = next.toISOString().slice(0, 10);
  return /^\d{4}-/.test(text) ? text : END_OF_TIME;
}

/**
 * gsi1 bounds of an inclusive period. The sort key is `saleDate#id`, so the upper bound is
 * the day after `to` with no id (it sorts before every sale of that day); both bounds keep
 * the entity prefix, so other entities in the store's gsi1 partition are never read.
 */
export function periodBounds(period: SalePeriod): { from: string; to: string } {
  return { from: period.from ?? '0000-00-00', to: period.to ? dayAfter(period.to) : END_OF_TIME };
}

const saleOf = toSaleRecord;

/** Access patterns and the sale transaction: see the service's README. */
export function createSalesRepository(client: DocumentClient, table: string): SalesRepository {
  const service = new Service(
    {
      sales: saleEntity,
      items: itemEntity,
      consignments: consignmentEntity,
      virtualProducts: virtualProductEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
      clients: clientView,
      providers: providerView,
      profiles: profileView,
    },
    { client, table },
  );
  const { sales, items, consignments, virtualProducts, clients, providers, profiles } = service.entities;

  return {
    async readSale({ storeUserId, clientId, stock }) {
      const keys = [
        profiles.get({ userId: storeUserId }).params().Key,
        ...(clientId ? [clients.get({ storeUserId, clientId }).params().Key] : []),
        ...(stock.kind === 'inventory'
          ? [items.get({ userId: storeUserId, listType: 'inventory', id: stock.itemId }).params().Key]
          : stock.kind === 'virtual'
            ? [virtualProducts.get({ storeUserId, id: stock.id }).params().Key]
            : [
                consignments
                  .get({ storeUserId, providerId: stock.providerId, id: stock.consignmentId })
                  .params().Key,
                providers.get({ storeUserId, id: stock.providerId }).params().Key,
              ]),
      ];
      const reads: SaleReads = {
        client: null,
        store: null,
        item: null,
        virtualProduct: null,
        consignment: null,
        provider: null,
      };
      for (const row of await batchGetRows(client, table, keys, { consistent: true })) {
        const Item = row;
        switch (entityNameOf(row)) {
          case profiles.schema.model.entity:
            reads.store = profiles.parse(
              { Item },
              { attributes: ['businessName', 'language', 'currency'] },
            ).data;
            break;
          case clients.schema.model.entity:
            reads.client = clients.parse({ Item }, { attributes: ['clientId', 'name', 'email'] }).data;
            break;
          case items.schema.model.entity: {
            const data = items.parse({ Item }).data;
            reads.item = data ? fromItemRow(data) : null;
            break;
          }
          case virtualProducts.schema.model.entity: {
            const data = virtualProducts.parse({ Item }).data;
            reads.virtualProduct = data ? toRecord(virtualProductEntity.schema, data) : null;
            break;
          }
          case consignments.schema.model.entity:
            reads.consignment = consignments.parse({ Item }).data;
            break;
          case providers.schema.model.entity:
            reads.provider = providers.parse({ Item }, { attributes: ['id', 'name', 'email'] }).data;
            break;
        }
      }
      return reads;
    },
    async getInventoryItem(storeUserId, itemId) {
      const { data } = await items
        .get({ userId: storeUserId, listType: 'inventory', id: itemId })
        .go({ consistent: true });
      return data ? fromItemRow(data) : null;
    },
    async getConsignment(storeUserId, providerId, consignmentId) {
      const { data } = await consignments
        .get({ storeUserId, providerId, id: consignmentId })
        .go({ consistent: true });
      return data;
    },
    async getVirtualProduct(storeUserId, id) {
      const { data } = await virtualProducts.get({ storeUserId, id }).go({ consistent: true });
      return data ? toRecord(virtualProductEntity.schema, data) : null;
    },
    async getProvider(storeUserId, providerId) {
      const { data } = await providers
        .get({ storeUserId, id: providerId })
        .go({ attributes: ['id', 'name', 'email'] });
      return data ?? null;
    },
    async getClient(storeUserId, clientId) {
      const { data } = await clients
        .get({ storeUserId, clientId })
        .go({ attributes: ['clientId', 'name', 'email'] });
      return data ?? null;
    },
    async getStoreProfile(storeUserId) {
      const { data } = await profiles
        .get({ userId: storeUserId })
        .go({ attributes: ['businessName', 'language', 'currency'] });
      return data ?? null;
    },
    recordSale: (sale, claim, stock, events) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, sales: s, items: i, consignments: c, virtualProducts: v, outbox }) => {
              const stockWrite =
                stock.kind === 'item'
                  ? i
                      .put(toItemRow(stock.next))
                      // A full put keeps the sparse public-list index right; the condition
                      // makes a concurrent sale (or edit) of the same item lose.
                      .where(({ updatedAt }, { eq }) => eq(updatedAt, stock.expectedUpdatedAt))
                      .commit()
                  : stock.kind === 'consignment'
                    ? c
                        .patch({
                          storeUserId: stock.storeUserId,
                          providerId: stock.providerId,
                          id: stock.consignmentId,
                        })
                        .set({
                          status: 'sold',
                          salePrice: stock.salePrice,
                          soldAt: stock.at,
                          saleId: stock.saleId,
                          updatedAt: stock.at,
                        })
                        .where(({ status }, { eq }) => eq(status, 'in_stock'))
                        .commit()
                    : v
                        .patch({ storeUserId: stock.storeUserId, id: stock.id })
                        .add({ soldCount: stock.quantity })
                        .where(({ active }, { eq }) => eq(active, true))
                        .commit();
              return [
                idempotency.create(claim).commit(),
                s.create(toRow(sale)).commit(),
                stockWrite,
                ...events.map((event) => outbox.create(outboxItem(event)).commit()),
              ];
            })
            .go(),
        // Positional, as DynamoDB reports them: the claim, then the stock's condition.
        ['duplicate', null, 'stockChanged'],
      ),
    listSales: (storeUserId, period, page) => {
      const bounds = periodBounds(period);
      return queryPage(
        page,
        { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
        (go) =>
          sales.query
            .byDate({ storeUserId })
            .between({ saleDate: bounds.from }, { saleDate: bounds.to })
            .go({ order: 'desc', ...go }),
        saleOf,
      );
    },
    async getSale(storeUserId, saleId) {
      const { data } = await sales.get({ storeUserId, id: saleId }).go();
      return data ? saleOf(data) : null;
    },
    async updateSale(storeUserId, saleId, changes) {
      const removed = nullKeys(changes, SALE_NULLABLE);
      const patch = sales.patch({ storeUserId, id: saleId }).set(toRow(changes));
      try {
        const { data } = await (removed.length ? patch.remove(removed) : patch).go({ response: 'all_new' });
        return saleOf(data);
      } catch (error) {
        // A patch requires the row: another store's or a missing sale fails its condition.
        if (isConditionalFailure(error)) return null;
        throw error;
      }
    },
  };
}
