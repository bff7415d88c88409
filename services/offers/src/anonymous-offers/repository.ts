import * as z from 'zod/mini';
import { anonymousOfferSchema } from '@sneakers/shared/contracts/offers';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import { DEFAULT_PAGE } from '../offers/repository';
import { createTargetReads } from '../offers/target-reads';
import { anonymousOfferEntity, type AnonymousOfferRow } from './anonymous-offer-entity';
import { offerStatusLinkEntity } from './offer-status-link-entity';
import { createStorefrontReads } from './storefront-reads';
import type { AnonymousOfferRecord, AnonymousOffersRepository } from './ports';

const offerLines = anonymousOfferSchema.shape.lines;

/**
 * Beyond absent-is-null: rows made before language and updatedAt were recorded read as
 * English and as never updated, and the lines, a document attribute, are checked on the way
 * back in.
 */
function fromAnonymousRow(row: AnonymousOfferRow): AnonymousOfferRecord {
  return {
    ...toRecord(anonymousOfferEntity.schema, row),
    language: row.language ?? 'en',
    updatedAt: row.updatedAt ?? row.createdAt,
    lines: z.parse(offerLines, row.lines),
  };
}

/**
 * Access patterns: Query the owner's partition newest first; GetItem by (owner, id) and of
 * a status link by its token; a create is one TransactWriteItems with the idempotency claim,
 * the status link and the outbox event, an answer one with its event (and the link of an
 * offer that had none).
 */
export function createAnonymousOffersRepository(
  client: DocumentClient,
  table: string,
): AnonymousOffersRepository {
  const service = new Service(
    {
      anonymous: anonymousOfferEntity,
      statusLink: offerStatusLinkEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { anonymous, statusLink } = service.entities;

  return {
    ...createTargetReads(client, table),
    ...createStorefrontReads(client, table),
    async createAnonymousOffer(record, link, claim, event) {
      return transact(
        () =>
          service.transaction
            .write(({ anonymous: a, statusLink: l, idempotency: k, outbox }) => [
              k.create(claim).commit(),
              a.create(toRow(record)).commit(),
              l.create(link).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate'],
      );
    },
    async getStatusLink(token) {
      const { data } = await statusLink.get({ token }).go({ consistent: true });
      return data ?? null;
    },
    async getAnonymousOffer(storeUserId, id) {
      const { data } = await anonymous.get({ storeUserId, id }).go({ consistent: true });
      return data ? fromAnonymousRow(data) : null;
    },
    listAnonymousOffers(storeUserId, page) {
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => anonymous.query.byOwner({ storeUserId }).go({ order: 'desc', ...go }),
        fromAnonymousRow,
      );
    },
    async transitionAnonymous(record, from, changes, now, event, newLink) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ anonymous: a, statusLink: l, outbox }) => [
              a
                .patch({ storeUserId: record.storeUserId, id: record.id })
                .set(toRow(changes))
                .where(({ status, expiresAt }, { eq, gt }) => `${eq(status, from)} AND ${gt(expiresAt, now)}`)
                .commit(),
              ...(newLink ? [l.create(newLink).commit()] : []),
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
