import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { providerView } from '@sneakers/shared/views/provider-view';
import { readProviderBalances } from '../ledger/ledger-reader';
import type { PaymentRepository } from './ports';
import { paymentEntity, type PaymentRow } from './payment-entity';

const DEFAULT_PAGE = 25;

const paymentOf = (row: PaymentRow) => toRecord(paymentEntity.schema, row);

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
            paymentOf,
          )
        : queryPage(
            page,
            { defaultLimit: DEFAULT_PAGE },
            (go) => payments.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
            paymentOf,
          ),
    get: async (storeUserId, id) => {
      const { data } = await payments.get({ storeUserId, id }).go();
      return data ? paymentOf(data) : null;
    },
    provider: async (storeUserId, id) => {
      const { data } = await providers.get({ storeUserId, id }).go({ attributes: ['name', 'email'] });
      return data ? { name: data.name, email: data.email } : null;
    },
    consignments: async (storeUserId, providerId, ids) => {
      const { data } = await consignments
        .get(ids.map((id) => ({ storeUserId, providerId, id })))
        .go({ consistent: true });
      // The whole record: the use case reads only PayableConsignment's fields of it.
      return data.map((row) => toRecord(consignments.schema, row));
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
              p.create(toRow(record)).commit(),
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
