import { Service } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { providerView } from '@sneakers/shared/views/provider-view';
import { readProviderBalances } from '../ledger/ledger-reader';
import type { PaymentRecord, PaymentRepository } from './domain';
import { paymentEntity, type PaymentRow } from './payment-entity';

const DEFAULT_PAGE = 25;

const toRecord = (row: PaymentRow): PaymentRecord => ({
  storeUserId: row.storeUserId,
  id: row.id,
  providerId: row.providerId,
  providerName: row.providerName,
  totalAmount: row.totalAmount,
  currency: row.currency,
  paymentMethod: row.paymentMethod,
  paymentDate: row.paymentDate,
  notes: orNull(row.notes),
  consignments: row.consignments.map(({ id, itemName, itemSku, size, price }) => ({
    id,
    itemName,
    itemSku,
    size,
    price,
  })),
  emailQueuedAt: orNull(row.emailQueuedAt),
  createdAt: row.createdAt,
});

/** Access patterns: services/commerce/README.md, "Shipments and payments". */
export function createPaymentRepository(client: DocumentClient, table: string): PaymentRepository {
  const service = new Service(
    {
      payments: paymentEntity,
      consignments: consignmentEntity,
      providers: providerView,
      profiles: profileView,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { payments, consignments, providers, profiles } = service.entities;

  return {
    list: (storeUserId, providerId, page) =>
      providerId
        ? queryPage(
            page,
            { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
            (go) => payments.query.byProvider({ storeUserId, providerId }).go({ order: 'desc', ...go }),
            toRecord,
          )
        : queryPage(
            page,
            { defaultLimit: DEFAULT_PAGE },
            (go) => payments.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
            toRecord,
          ),
    get: async (storeUserId, id) => {
      const { data } = await payments.get({ storeUserId, id }).go();
      return data ? toRecord(data) : null;
    },
    provider: async (storeUserId, id) => {
      const { data } = await providers.get({ storeUserId, id }).go({ attributes: ['name', 'email'] });
      return data ? { name: data.name, email: data.email } : null;
    },
    consignments: async (storeUserId, providerId, ids) => {
      const { data } = await consignments
        .get(ids.map((id) => ({ storeUserId, providerId, id })))
        .go({ consistent: true });
      return data.map((c) => ({
        id: c.id,
        providerId: c.providerId,
        itemName: c.itemName,
        itemSku: c.itemSku,
        size: c.size,
        price: c.price,
        currency: c.currency,
        status: c.status,
        paymentId: orNull(c.paymentId),
      }));
    },
    store: async (storeUserId) => {
      const { data } = await profiles
        .get({ userId: storeUserId })
        .go({ attributes: ['businessName', 'language'] });
      return data ? { businessName: data.businessName, language: data.language } : null;
    },
    create: (record, claim, event) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, payments: p, consignments: c, outbox }) => [
              idempotency.create(claim).commit(),
              p.create(withoutNulls(record)).commit(),
              ...record.consignments.map(({ id }) =>
                c
                  .patch({ storeUserId: record.storeUserId, providerId: record.providerId, id })
                  .set({ paymentId: record.id, paidAt: record.createdAt, updatedAt: record.createdAt })
                  .where(
                    ({ status, paymentId }, { eq, notExists }) =>
                      `${eq(status, 'sold')} AND ${notExists(paymentId)}`,
                  )
                  .commit(),
              ),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        // Positional, as DynamoDB reports them.
        ['duplicate', null, ...record.consignments.map(() => 'notPayable' as const), null],
      ),
    balances: (storeUserId) => readProviderBalances(client, table, storeUserId),
  };
}
