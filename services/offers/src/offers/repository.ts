import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import { offerEntity, type OfferRow } from './offer-entity';
import type { OfferRecord, OffersRepository } from './ports';
import { createTargetReads } from './target-reads';

export const DEFAULT_PAGE = 25;

/** Beyond absent-is-null: an offer made before groups is a group of its own. */
function fromOfferRow(row: OfferRow): OfferRecord {
  return {
    ...toRecord(offerEntity.schema, row),
    groupId: row.groupId ?? row.id,
    groupOfferIds: row.groupOfferIds ?? [row.id],
  };
}

/**
 * Access patterns: GetItem / BatchGetItem by id; Query gsi1 (received) and gsi2 (sent)
 * newest first; a create is one TransactWriteItems with the idempotency claim and the outbox
 * event, a transition one with its event.
 */
export function createOffersRepository(client: DocumentClient, table: string): OffersRepository {
  const service = new Service(
    { offer: offerEntity, idempotency: idempotencyEntity, outbox: outboxEntity },
    { client, table },
  );
  const { offer } = service.entities;

  return {
    ...createTargetReads(client, table),
    async createOffers(offers, claim, event) {
      // The claim is first: its condition failing (index 0) means a twin request won.
      return transact(
        () =>
          service.transaction
            .write(({ offer: o, idempotency: k, outbox }) => [
              k.create(claim).commit(),
              ...offers.map((r) => o.create(toRow(r)).commit()),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate'],
      );
    },
    async getOffer(id) {
      const { data } = await offer.get({ id }).go({ consistent: true });
      return data ? fromOfferRow(data) : null;
    },
    async getOffers(ids) {
      if (ids.length === 0) return [];
      const { data } = await offer.get(ids.map((id) => ({ id }))).go({ consistent: true });
      return data.map(fromOfferRow);
    },
    listOffers(box, userId, page) {
      return box === 'received'
        ? queryPage(
            page,
            { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
            (go) => offer.query.received({ storeUserId: userId }).go({ order: 'desc', ...go }),
            fromOfferRow,
          )
        : queryPage(
            page,
            { index: 'gsi2', defaultLimit: DEFAULT_PAGE },
            (go) => offer.query.sent({ resellerUserId: userId }).go({ order: 'desc', ...go }),
            fromOfferRow,
          );
    },
    async transition(record, from, changes, now, event) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ offer: o, outbox }) => [
              o
                .patch({ id: record.id })
                .set(toRow(changes))
                .where(({ status, expiresAt }, { eq, gt }) => `${eq(status, from)} AND ${gt(expiresAt, now)}`)
                .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['stale'],
      );
      if (outcome === 'stale') return null;
      return { ...record, ...changes };
    },
  };
}
