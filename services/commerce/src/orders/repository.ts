import * as z from 'zod/mini';
import { Service, type EntityItem } from '@sneakers/shared/table/entity';
import { orderLineSchema } from '@sneakers/shared/contracts/orders';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { fromItemRow, itemEntity, toItemRow } from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { clientView } from '@sneakers/shared/views/client-view';
import { anonymousOfferView, offerView } from '@sneakers/shared/views/offer-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { saleEntity, toSaleRow } from '../sales/sale-entity';
import { orderClaimEntity } from './claim-entity';
import { orderEntity, type OrderRow } from './order-entity';
import { orderPartnerLinkEntity } from './partner-link-entity';
import type { OfferLineRecord, OrderRecord, OrdersRepository } from './ports';
import { orderShareEntity } from './share-entity';

const DEFAULT_PAGE = 25;
const STORE_FIELDS = ['businessName', 'currency', 'language'] as const;
const CLIENT_FIELDS = ['clientId', 'name', 'email'] as const;
const orderLines = z.array(orderLineSchema);
/** The anonymous offer's lines as the offers service writes them (only what an order reads). */
const anonymousLines = z.array(
  z.object({
    targetItemId: z.string(),
    itemName: z.string(),
    itemSku: z.string(),
    size: z.string(),
    offeredPrice: z.int(),
    quantity: z.int(),
  }),
);
/** BatchGetItem may leave keys unprocessed under load: asked again this often. */
const BATCH_ATTEMPTS = 3;

/** The counterparty is stored flat; nulls are absent attributes. */
function toOrderRow(record: OrderRecord): OrderRow {
  const { counterparty, ...rest } = record;
  return withoutNulls({
    ...rest,
    counterpartyKind: counterparty.kind,
    counterpartyClientId: counterparty.clientId,
    counterpartyUserId: counterparty.userId,
    counterpartyName: counterparty.name,
    counterpartyEmail: counterparty.email,
  });
}

function fromOrderRow(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    storeUserId: row.storeUserId,
    storeBusinessName: row.storeBusinessName,
    counterparty: {
      kind: row.counterpartyKind,
      clientId: orNull(row.counterpartyClientId),
      userId: orNull(row.counterpartyUserId),
      name: row.counterpartyName,
      email: orNull(row.counterpartyEmail),
    },
    // A document attribute: checked on the way back in.
    lines: z.parse(orderLines, row.lines),
    currency: row.currency,
    total: row.total,
    notes: orNull(row.notes),
    shareId: row.shareId,
    offerGroupId: orNull(row.offerGroupId),
    anonymousOfferId: orNull(row.anonymousOfferId),
    saleIds: row.saleIds,
    fulfilledAt: orNull(row.fulfilledAt),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

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
      claims: orderClaimEntity,
      sales: saleEntity,
      items: itemEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
      offers: offerView,
      anonymousOffers: anonymousOfferView,
      clients: clientView,
      profiles: profileView,
    },
    { client, table },
  );
  const { orders, links, shares, claims, items, offers, anonymousOffers, clients, profiles } =
    service.entities;

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

  const fromOfferRow = (row: EntityItem<typeof offerView>): OfferLineRecord => ({
    ...row,
    groupId: row.groupId ?? row.id,
    groupOfferIds: row.groupOfferIds ?? [row.id],
    itemImageUrl: orNull(row.itemImageUrl),
    counterPrice: orNull(row.counterPrice),
  });

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
    async updateOrder(record, from, changes, unfulfilled) {
      const patch = orders.patch({ storeUserId: record.storeUserId, id: record.id }).set({
        status: changes.status,
        updatedAt: changes.updatedAt,
        ...withoutNulls({ notes: changes.notes }),
      });
      return conditional(
        () =>
          (changes.notes === null ? patch.remove(['notes']) : patch)
            .where(({ status, fulfilledAt }, { eq, notExists }) =>
              unfulfilled ? `${eq(status, from)} AND ${notExists(fulfilledAt)}` : eq(status, from),
            )
            .go(),
        'stale',
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
              ...sales.map((sale) => s.create(toSaleRow(sale)).commit()),
              ...events.map((event) => outbox.create(outboxItem(event)).commit()),
            ])
            .go(),
        ['stale'],
      ),
    async getOffer(id) {
      const { data } = await offers.get({ id }).go({ consistent: true });
      return data ? fromOfferRow(data) : null;
    },
    async getOffers(ids) {
      if (ids.length === 0) return [];
      const { data } = await offers.get(ids.map((id) => ({ id }))).go({ consistent: true });
      return data.map(fromOfferRow);
    },
    async getAnonymousOffer(storeUserId, id) {
      const { data } = await anonymousOffers.get({ storeUserId, id }).go({ consistent: true });
      if (!data) return null;
      return {
        ...data,
        currency: orNull(data.currency),
        counterPrice: orNull(data.counterPrice),
        lines: z.parse(anonymousLines, data.lines),
      };
    },
    async getItems(storeUserId, listType, ids) {
      if (ids.length === 0) return [];
      const { data } = await items
        .get(ids.map((id) => ({ userId: storeUserId, listType, id })))
        .go({ consistent: true });
      return data.map(fromItemRow);
    },
    async getClaim(storeUserId, offerKey) {
      const { data } = await claims.get({ storeUserId, offerKey }).go({ consistent: true });
      return data?.orderId ?? null;
    },
    createOrderFromOffer: (record, offerKey, partnerUserId, takes) =>
      transact(
        () =>
          service.transaction
            .write(({ claims: c, orders: o, shares: s, links: l, items: i }) => [
              c
                .create({
                  storeUserId: record.storeUserId,
                  offerKey,
                  orderId: record.id,
                  createdAt: record.createdAt,
                })
                .commit(),
              o.create(toOrderRow(record)).commit(),
              s
                .create({ shareId: record.shareId, storeUserId: record.storeUserId, orderId: record.id })
                .commit(),
              ...(partnerUserId
                ? [l.create({ partnerUserId, orderId: record.id, storeUserId: record.storeUserId }).commit()]
                : []),
              // A full put keeps the sparse public-list index right (docs/adr/0013).
              ...takes.map((take) =>
                i
                  .put(toItemRow(take.next))
                  .where(({ updatedAt }, { eq }) => eq(updatedAt, take.beforeUpdatedAt))
                  .commit(),
              ),
            ])
            .go(),
        ['claimed', null, null, ...(partnerUserId ? [null] : []), ...takes.map(() => 'stale' as const)],
      ),
  };
}
