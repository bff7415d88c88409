import { Service, toRow } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import { clientView } from '@sneakers/shared/views/client-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { saleEntity } from '../sales/sale-entity';
import { fromOrderRow, orderEntity, toOrderRow, type OrderRow } from './order-entity';
import { orderPartnerLinkEntity } from './partner-link-entity';
import type { OrdersRepository } from './ports';
import { orderShareEntity } from './share-entity';

const DEFAULT_PAGE = 25;
const STORE_FIELDS = ['businessName', 'currency', 'language'] as const;
const CLIENT_FIELDS = ['clientId', 'name', 'email'] as const;
/** BatchGetItem may leave keys unprocessed under load: asked again this often. */
const BATCH_ATTEMPTS = 3;

/**
 * Access patterns (services/commerce/README.md, Orders): GetItem by key; the store's orders
 * one Query on its partition (or gsi1 by status), the partner's one Query on its links and a
 * BatchGetItem; every write that must happen together is one TransactWriteItems.
 */
export function createOrdersRepository(client: DocumentClient, table: string): OrdersRepository {
  const service = new Service(
    {
      orders: orderEntity,
      links: orderPartnerLinkEntity,
      shares: orderShareEntity,
      sales: saleEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
      clients: clientView,
      profiles: profileView,
    },
    { client, table },
  );
  const { orders, links, shares, clients, profiles } = service.entities;

  const getOrders = async (keys: { storeUserId: string; id: string }[]): Promise<OrderRow[]> => {
    const found: OrderRow[] = [];
    let pending = keys;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= BATCH_ATTEMPTS) throw new Error('Orders left unprocessed by BatchGetItem');
      const { data, unprocessed } = await orders.get(pending).go({ consistent: true });
      found.push(...data);
      pending = unprocessed;
    }
    return found;
  };

  return {
    async getStore(storeUserId) {
      const { data } = await profiles.get({ userId: storeUserId }).go({ attributes: [...STORE_FIELDS] });
      return data ?? null;
    },
    async getClient(storeUserId, clientId) {
      const { data } = await clients.get({ storeUserId, clientId }).go({ attributes: [...CLIENT_FIELDS] });
      return data ? { id: data.clientId, name: data.name, email: data.email } : null;
    },
    createOrder: (record, claim) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency: k, orders: o, shares: s }) => [
              k.create(claim).commit(),
              o.create(toOrderRow(record)).commit(),
              s
                .create({ shareId: record.shareId, storeUserId: record.storeUserId, orderId: record.id })
                .commit(),
            ])
            .go(),
        ['duplicate'],
      ),
    async getOrder(storeUserId, id) {
      const { data } = await orders.get({ storeUserId, id }).go({ consistent: true });
      return data ? fromOrderRow(data) : null;
    },
    async getPartnerLink(partnerUserId, orderId) {
      const { data } = await links.get({ partnerUserId, orderId }).go({ consistent: true });
      return data ? { storeUserId: data.storeUserId } : null;
    },
    async getShare(shareId) {
      const { data } = await shares.get({ shareId }).go({ consistent: true });
      return data ?? null;
    },
    listStoreOrders: (storeUserId, status, page) =>
      status
        ? queryPage(
            page,
            { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
            (go) => orders.query.byStatus({ storeUserId, status }).go({ order: 'desc', ...go }),
            fromOrderRow,
          )
        : queryPage(
            page,
            { defaultLimit: DEFAULT_PAGE },
            (go) => orders.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
            fromOrderRow,
          ),
    async listPartnerOrders(partnerUserId, status, page) {
      const linked = await queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => links.query.byPartner({ partnerUserId }).go({ order: 'desc', ...go }),
        (row) => ({ storeUserId: row.storeUserId, id: row.orderId }),
      );
      const rows = linked.items.length ? await getOrders(linked.items) : [];
      const byId = new Map(rows.map((row) => [row.id, fromOrderRow(row)]));
      const records = linked.items.flatMap((link) => {
        const record = byId.get(link.id);
        return record && (!status || record.status === status) ? [record] : [];
      });
      return { items: records, cursor: linked.cursor };
    },
    async updateOrder(record, from, changes, unfulfilled, event) {
      return transact(
        () =>
          service.transaction
            .write(({ orders: o, outbox }) => {
              const patch = o.patch({ storeUserId: record.storeUserId, id: record.id }).set(toRow(changes));
              return [
                (changes.notes === null ? patch.remove(['notes']) : patch)
                  .where(({ status, fulfilledAt }, { eq, notExists }) =>
                    unfulfilled ? `${eq(status, from)} AND ${notExists(fulfilledAt)}` : eq(status, from),
                  )
                  .commit(),
                outbox.create(outboxItem(event)).commit(),
              ];
            })
            .go(),
        ['stale', null],
      );
    },
    fulfilOrder: (record, from, sales, events) =>
      transact(
        () =>
          service.transaction
            .write(({ orders: o, sales: s, outbox }) => [
              o
                .patch({ storeUserId: record.storeUserId, id: record.id })
                .set({
                  saleIds: record.saleIds,
                  fulfilledAt: record.fulfilledAt ?? record.updatedAt,
                  updatedAt: record.updatedAt,
                })
                .where(
                  ({ status, fulfilledAt }, { eq, notExists }) =>
                    `${eq(status, from)} AND ${notExists(fulfilledAt)}`,
                )
                .commit(),
              ...sales.map((sale) => s.create(toRow(sale)).commit()),
              ...events.map((event) => outbox.create(outboxItem(event)).commit()),
            ])
            .go(),
        ['stale'],
      ),
  };
}
