import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { IMPORT_MARK_KEYS } from '@sneakers/shared/table/import-marks';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { deletePartitionPage } from '@sneakers/shared/table/erase';
import { transact } from '@sneakers/shared/table/transaction';
import { clientEmailView } from '@sneakers/shared/views/client-email-view';
import { clientView } from '@sneakers/shared/views/client-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { ledgerPk, statsPk } from '../ledger/keys';
import { orderClaimEntity } from '../offer-orders/claim-entity';
import { orderEntity } from '../orders/order-entity';
import { orderPartnerLinkEntity } from '../orders/partner-link-entity';
import { orderShareEntity } from '../orders/share-entity';
import { paymentEntity } from '../payments/payment-entity';
import { saleEntity } from '../sales/sale-entity';
import { shipmentEntity } from '../shipments/shipment-entity';
import { virtualProductEntity } from '../virtual-products/virtual-product-entity';
import type { CommercePortabilityRepository, SaleRow } from './ports';

const SALE_NULLABLE = ['clientId', 'notes', ...IMPORT_MARK_KEYS] as const;

/**
 * Access patterns (services/commerce/README.md): sales are a Query of the store's partition
 * and BatchGetItem; the buyer's client is crm's email marker and client row, read through
 * the shared views; writes are conditional on what the import read. No Scan.
 */
export function createCommercePortabilityRepository(
  client: DocumentClient,
  table: string,
): CommercePortabilityRepository {
  const service = new Service(
    {
      sales: saleEntity,
      clients: clientView,
      clientEmails: clientEmailView,
      profiles: profileView,
      shipments: shipmentEntity,
      payments: paymentEntity,
      virtualProducts: virtualProductEntity,
      orders: orderEntity,
      partnerLinks: orderPartnerLinkEntity,
      shares: orderShareEntity,
      claims: orderClaimEntity,
    },
    { client, table },
  );
  const { sales, clients, clientEmails, profiles, shipments, payments, virtualProducts } = service.entities;
  const { orders, partnerLinks, shares, claims } = service.entities;

  return {
    pageSales(storeUserId, cursor, limit) {
      return queryPage(
        { cursor: cursor ?? undefined, limit },
        { defaultLimit: limit },
        (go) => sales.query.byStore({ storeUserId }).go(go),
        (row): SaleRow => toRecord(saleEntity.schema, row),
      );
    },
    async getSales(storeUserId, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const { data } = await sales.get(unique.map((id) => ({ storeUserId, id }))).go({ consistent: true });
      return data.map((row): SaleRow => toRecord(saleEntity.schema, row));
    },
    async getClients(storeUserId, ids) {
      if (ids.length === 0) return [];
      const { data } = await clients
        .get(ids.map((clientId) => ({ storeUserId, clientId })))
        .go({ attributes: ['clientId', 'name', 'email'] });
      return data;
    },
    async findClientsByEmail(storeUserId, emails) {
      const unique = [...new Set(emails)];
      if (unique.length === 0) return new Map();
      const { data: markers } = await clientEmails.get(unique.map((email) => ({ storeUserId, email }))).go();
      if (markers.length === 0) return new Map();
      const { data } = await clients
        .get(markers.map((m) => ({ storeUserId, clientId: m.clientId })))
        .go({ attributes: ['clientId', 'name', 'email'] });
      return new Map(data.map((c) => [c.email, c]));
    },
    async createSale(row) {
      await sales.create(toRow(row)).go();
    },
    async updateSale(previous, next) {
      const { storeUserId: _s, id: _i, source: _src, saleDate: _d, createdAt: _c, ...changes } = next;
      const removed = nullKeys(changes, SALE_NULLABLE);
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ sales: s }) => {
              const patch = s
                .patch({ storeUserId: previous.storeUserId, id: previous.id })
                .set(toRow(changes));
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ updatedAt }, { eq }) => eq(updatedAt, previous.updatedAt))
                  .commit(),
              ];
            })
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'updated' : outcome;
    },
    async deleteSale(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ sales: s }) => [
              s
                .delete({ storeUserId: row.storeUserId, id: row.id })
                .where(({ updatedAt }, { eq }) => eq(updatedAt, row.updatedAt))
                .commit(),
            ])
            .go(),
        ['kept'],
      );
      return outcome === 'committed';
    },
    async storeCurrency(storeUserId) {
      const { data } = await profiles.get({ userId: storeUserId }).go({ attributes: ['currency'] });
      return data?.currency ?? null;
    },
    async eraseSome(storeUserId, limit) {
      // Each owned entity in turn: a step deletes one page of the first that still has rows.
      const steps = [
        async () => {
          const { data } = await sales.query.byStore({ storeUserId }).go({ limit, attributes: ['id'] });
          if (data.length) await sales.delete(data.map(({ id }) => ({ storeUserId, id }))).go();
          return data.length;
        },
        async () => {
          const { data } = await shipments.query.byStore({ storeUserId }).go({ limit, attributes: ['id'] });
          if (data.length) await shipments.delete(data.map(({ id }) => ({ storeUserId, id }))).go();
          return data.length;
        },
        async () => {
          const { data } = await payments.query.byStore({ storeUserId }).go({ limit, attributes: ['id'] });
          if (data.length) await payments.delete(data.map(({ id }) => ({ storeUserId, id }))).go();
          return data.length;
        },
        async () => {
          const { data } = await virtualProducts.query
            .byStore({ storeUserId })
            .go({ limit, attributes: ['id'] });
          if (data.length) await virtualProducts.delete(data.map(({ id }) => ({ storeUserId, id }))).go();
          return data.length;
        },
        // The store's orders with what names them elsewhere: the share link and the trading
        // partner's link to it (the partner's purchase order goes with the store's order).
        async () => {
          const { data } = await orders.query
            .byStore({ storeUserId })
            .go({ limit, attributes: ['id', 'shareId', 'counterpartyUserId'] });
          if (!data.length) return 0;
          await shares.delete(data.map(({ shareId }) => ({ shareId }))).go();
          const linked = data.flatMap(({ id, counterpartyUserId }) =>
            counterpartyUserId ? [{ partnerUserId: counterpartyUserId, orderId: id }] : [],
          );
          if (linked.length) await partnerLinks.delete(linked).go();
          await orders.delete(data.map(({ id }) => ({ storeUserId, id }))).go();
          return data.length;
        },
        async () => {
          const { data } = await claims.query
            .byOffer({ storeUserId })
            .go({ limit, attributes: ['offerKey'] });
          if (data.length) await claims.delete(data.map(({ offerKey }) => ({ storeUserId, offerKey }))).go();
          return data.length;
        },
        // Other stores' orders placed by this user: the user's links go; the orders are those
        // stores' own records and stay as recorded.
        async () => {
          const { data } = await partnerLinks.query
            .byPartner({ partnerUserId: storeUserId })
            .go({ limit, attributes: ['orderId'] });
          if (data.length)
            await partnerLinks
              .delete(data.map(({ orderId }) => ({ partnerUserId: storeUserId, orderId })))
              .go();
          return data.length;
        },
        // The overview's and DAC7's aggregates, last: the rows feeding them are gone by now.
        () => deletePartitionPage(client, table, statsPk(storeUserId), limit),
        () => deletePartitionPage(client, table, ledgerPk(storeUserId), limit),
      ];
      for (const step of steps) {
        const deleted = await step();
        if (deleted > 0) return { deleted, more: true };
      }
      return { deleted: 0, more: false };
    },
  };
}
