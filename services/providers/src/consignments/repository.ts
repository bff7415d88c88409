import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { providerEntity } from '../providers/provider-entity';
import { STORE_PROFILE_FIELDS, type ConsignmentsRepository } from './ports';

/**
 * Access patterns: Query the (store, provider) partition newest first; consistent GetItem by
 * (store, provider, id); a projected GetItem of the store's profile row. A create is one
 * TransactWriteItems with its idempotency claim, the provider's count (ADD 1, conditional on
 * it being approved) and the outbox event; sold or returned one conditional patch with its
 * event. The provider itself is read by src/providers/repository.ts.
 */
export function createConsignmentsRepository(
  client: DocumentClient,
  table: string,
): Omit<ConsignmentsRepository, 'getProvider'> {
  const service = new Service(
    {
      consignment: consignmentEntity,
      provider: providerEntity,
      profile: profileView,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { consignment, profile } = service.entities;

  return {
    async listConsignments(storeUserId, providerId) {
      const { data } = await consignment.query
        .byProvider({ storeUserId, providerId })
        .go({ order: 'desc', pages: 'all' });
      return data.map((row) => toRecord(consignmentEntity.schema, row));
    },
    async getConsignment(storeUserId, providerId, id) {
      const { data } = await consignment.get({ storeUserId, providerId, id }).go({ consistent: true });
      return data ? toRecord(consignmentEntity.schema, data) : null;
    },
    createConsignment(record, claim, event) {
      return transact(
        () =>
          service.transaction
            .write(({ idempotency: k, provider: p, consignment: c, outbox }) => [
              // The claim first: its condition failing means "a parallel submit won".
              k.create(claim).commit(),
              p
                .patch({ storeUserId: record.storeUserId, id: record.providerId })
                .add({ consignmentCount: 1 })
                .where(({ status }, { eq }) => eq(status, 'approved'))
                .commit(),
              c.create(toRow(record)).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate', 'providerNotApproved'],
      );
    },
    finishConsignment(next, event) {
      const key = { storeUserId: next.storeUserId, providerId: next.providerId, id: next.id };
      const changes = toRow({
        status: next.status,
        salePrice: next.salePrice,
        soldAt: next.soldAt,
        updatedAt: next.updatedAt,
      });
      return transact(
        () =>
          service.transaction
            .write(({ consignment: c, outbox }) => [
              c
                .patch(key)
                .set(changes)
                .where(({ status }, { eq }) => eq(status, 'in_stock'))
                .commit(),
              ...(event ? [outbox.create(outboxItem(event)).commit()] : []),
            ])
            .go(),
        ['stale'],
      );
    },
    async getStoreProfile(storeUserId) {
      const { data } = await profile
        .get({ userId: storeUserId })
        .go({ attributes: [...STORE_PROFILE_FIELDS] });
      return data ?? null;
    },
  };
}
