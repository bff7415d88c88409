import * as z from 'zod/mini';
import { Service, toRecord, type EntityItem } from '@sneakers/shared/table/entity';
import { fromItemRow, itemEntity, toItemRow } from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { transact } from '@sneakers/shared/table/transaction';
import { anonymousOfferView, offerView } from '@sneakers/shared/views/offer-view';
import { orderEntity, toOrderRow } from '../orders/order-entity';
import { orderPartnerLinkEntity } from '../orders/partner-link-entity';
import { createOrdersRepository } from '../orders/repository';
import { orderShareEntity } from '../orders/share-entity';
import { orderClaimEntity } from './claim-entity';
import type { OfferLineRecord, OfferOrdersRepository } from './ports';

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

/**
 * A line of an offer written before offers were grouped is its own group of one: the only
 * mapping here beyond nulls.
 */
const fromOfferRow = (row: EntityItem<typeof offerView>): OfferLineRecord => ({
  ...toRecord(offerView.schema, row),
  groupId: row.groupId ?? row.id,
  groupOfferIds: row.groupOfferIds ?? [row.id],
});

/**
 * Access patterns (services/commerce/README.md, Orders): the offer (and its group) and the
 * anonymous offer by key through the offers service's views, the list items by BatchGetItem,
 * the offer's claim by key; the order, its share row, the partner's link, the claim and the
 * bought items are one TransactWriteItems.
 */
export function createOfferOrdersRepository(client: DocumentClient, table: string): OfferOrdersRepository {
  const service = new Service(
    {
      claims: orderClaimEntity,
      orders: orderEntity,
      links: orderPartnerLinkEntity,
      shares: orderShareEntity,
      items: itemEntity,
      offers: offerView,
      anonymousOffers: anonymousOfferView,
    },
    { client, table },
  );
  const { claims, items, offers, anonymousOffers } = service.entities;
  const { getStore, getOrder } = createOrdersRepository(client, table);

  return {
    getStore,
    getOrder,
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
      return { ...toRecord(anonymousOffers.schema, data), lines: z.parse(anonymousLines, data.lines) };
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
