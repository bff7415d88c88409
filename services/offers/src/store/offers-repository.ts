import * as z from 'zod/mini';
import { Service } from '@sneakers/shared/table/entity';
import { anonymousOfferSchema } from '@sneakers/shared/contracts/offers';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { itemView } from '@sneakers/shared/views/item-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { AnonymousOfferRecord, OfferRecord, OffersRepository } from '../domain/offers';
import {
  anonymousOfferEntity,
  offerEntity,
  offerStatusLinkEntity,
  type AnonymousOfferRow,
  type OfferRow,
} from './entities';

const DEFAULT_PAGE = 25;
const ITEM_FIELDS = [
  'id',
  'userId',
  'listType',
  'status',
  'visibility',
  'isBulk',
  'sizes',
  'sku',
  'name',
  'imageUrl',
  'currency',
] as const;
const PROFILE_FIELDS = ['userId', 'businessName', 'publicWtbList', 'publicWtcList', 'currency'] as const;
const offerLines = anonymousOfferSchema.shape.lines;

/** Nulls are stored as absent attributes. */
function toOfferRow(record: OfferRecord): OfferRow {
  return withoutNulls(record);
}

function fromOfferRow(row: OfferRow): OfferRecord {
  return {
    ...row,
    groupId: row.groupId ?? row.id,
    groupOfferIds: row.groupOfferIds ?? [row.id],
    itemImageUrl: orNull(row.itemImageUrl),
    counterPrice: orNull(row.counterPrice),
    counterMessage: orNull(row.counterMessage),
    message: orNull(row.message),
    notes: orNull(row.notes),
  };
}

function toAnonymousRow(record: AnonymousOfferRecord): AnonymousOfferRow {
  return withoutNulls(record);
}

function fromAnonymousRow(row: AnonymousOfferRow): AnonymousOfferRecord {
  return {
    ...row,
    language: row.language ?? 'en',
    currency: orNull(row.currency),
    statusToken: orNull(row.statusToken),
    instagram: orNull(row.instagram),
    discord: orNull(row.discord),
    message: orNull(row.message),
    counterPrice: orNull(row.counterPrice),
    counterMessage: orNull(row.counterMessage),
    updatedAt: row.updatedAt ?? row.createdAt,
    // Stored as a document attribute: checked on the way back in.
    lines: z.parse(offerLines, row.lines),
  };
}

/**
 * Access patterns: GetItem by id / key; Query gsi1 (received) and gsi2 (sent) newest first;
 * Query the owner's partition for anonymous offers; creates and transitions are one
 * TransactWriteItems with their outbox event (and, for creates, the idempotency claim).
 */
export function createOffersRepository(client: DocumentClient, table: string): OffersRepository {
  const service = new Service(
    {
      offer: offerEntity,
      anonymous: anonymousOfferEntity,
      statusLink: offerStatusLinkEntity,
      idempotency: idempotencyEntity,
      item: itemView,
      profile: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { offer, anonymous, statusLink, item, profile } = service.entities;

  return {
    async getItem(ownerId, listType, itemId) {
      const { data } = await item
        .get({ userId: ownerId, listType, id: itemId })
        .go({ attributes: [...ITEM_FIELDS] });
      if (!data) return null;
      return { ...data, imageUrl: orNull(data.imageUrl) };
    },
    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...PROFILE_FIELDS] });
      return data ?? null;
    },
    async createOffers(offers, claim, event) {
      // The claim is first: its condition failing (index 0) means a twin request won.
      return transact(
        () =>
          service.transaction
            .write(({ offer: o, idempotency: k, outbox }) => [
              k.create(claim).commit(),
              ...offers.map((r) => o.create(toOfferRow(r)).commit()),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate'],
      );
    },
    async createAnonymousOffer(record, link, claim, event) {
      return transact(
        () =>
          service.transaction
            .write(({ anonymous: a, statusLink: l, idempotency: k, outbox }) => [
              k.create(claim).commit(),
              a.create(toAnonymousRow(record)).commit(),
              l.create(link).commit(),
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
    async getStatusLink(token) {
      const { data } = await statusLink.get({ token }).go({ consistent: true });
      return data ?? null;
    },
    async getAnonymousOffer(storeUserId, id) {
      const { data } = await anonymous.get({ storeUserId, id }).go({ consistent: true });
      return data ? fromAnonymousRow(data) : null;
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
    listAnonymousOffers(storeUserId, page) {
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => anonymous.query.byOwner({ storeUserId }).go({ order: 'desc', ...go }),
        fromAnonymousRow,
      );
    },
    async transition(record, from, changes, now, event) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ offer: o, outbox }) => [
              o
                .patch({ id: record.id })
                .set(withoutNulls(changes))
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
    async transitionAnonymous(record, from, changes, now, event, newLink) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ anonymous: a, statusLink: l, outbox }) => [
              a
                .patch({ storeUserId: record.storeUserId, id: record.id })
                .set(withoutNulls(changes))
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
