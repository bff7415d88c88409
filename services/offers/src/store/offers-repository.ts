import { Service } from 'electrodb';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import type {
  AnonymousOfferRecord,
  IdempotencyRecord,
  OfferRecord,
  OffersRepository,
  PageRequest,
} from '../domain/offers';
import { IDEMPOTENCY_TTL_MS } from '../domain/offers';
import {
  anonymousOfferEntity,
  itemViewEntity,
  offerEntity,
  offerIdempotencyEntity,
  offerRateSlotEntity,
  profileViewEntity,
} from './entities';
import {
  withoutNulls,
  isConditionalFailure,
  paged,
  type Canceled,
} from '@sneakers/shared/table/store-helpers';

const seconds = (ms: number) => Math.floor(ms / 1000);
const DEFAULT_PAGE = 25;

/**
 * Access patterns: GetItem by id / key; Query gsi1 (received) and gsi2 (sent) newest first;
 * Query the owner's partition for anonymous offers; creates and transitions are one
 * TransactWriteItems with their outbox event (and, for creates, the idempotency key).
 */
export function createOffersRepository(client: DocumentClient, table: string): OffersRepository {
  const service = new Service(
    {
      offer: offerEntity,
      anonymous: anonymousOfferEntity,
      idempotency: offerIdempotencyEntity,
      slot: offerRateSlotEntity,
      item: itemViewEntity,
      profile: profileViewEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { offer, anonymous, idempotency, slot, item, profile } = service.entities;

  const toOfferRecord = (row: Record<string, unknown>): OfferRecord => {
    const r = row as unknown as OfferRecord;
    return {
      ...r,
      itemImageUrl: r.itemImageUrl ?? null,
      counterPrice: r.counterPrice ?? null,
      message: r.message ?? null,
      notes: r.notes ?? null,
    };
  };
  const toAnonymousRecord = (row: Record<string, unknown>): AnonymousOfferRecord => {
    const r = row as unknown as AnonymousOfferRecord;
    return { ...r, instagram: r.instagram ?? null, discord: r.discord ?? null, message: r.message ?? null };
  };
  const keyItem = (key: IdempotencyRecord) => ({
    ...key,
    ttl: seconds(Date.parse(key.createdAt) + IDEMPOTENCY_TTL_MS),
  });

  /** Runs a create transaction; 'duplicate' when the key's conditional put lost. */
  async function create(build: () => Promise<Canceled>): Promise<'created' | 'duplicate'> {
    for (let attempt = 0; ; attempt++) {
      const result = await build();
      if (!result.canceled) return 'created';
      // The key is the first write of every create transaction.
      if (result.data[0]?.code === 'ConditionalCheckFailed') return 'duplicate';
      const conflict = result.data.some((d) => d.code === 'TransactionConflict');
      if (!conflict || attempt >= 4)
        throw new Error(`Offer transaction canceled: ${result.data.map((d) => d.code).join(',')}`);
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt + Math.random() * 20));
    }
  }

  return {
    async getItem(ownerId, listType, itemId) {
      const { data } = await item.get({ userId: ownerId, listType, id: itemId }).go();
      if (!data) return null;
      return { ...data, imageUrl: data.imageUrl ?? null };
    },
    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go();
      return data ?? null;
    },
    async getIdempotency(scope, key) {
      const { data } = await idempotency.get({ scope, key }).go({ consistent: true });
      if (!data) return null;
      const { ttl: _ttl, ...rest } = data;
      return rest;
    },
    async createOffers(offers, key, event) {
      return create(
        () =>
          service.transaction
            .write(({ offer: o, idempotency: k, outbox }) => [
              k.create(keyItem(key)).commit(),
              ...offers.map((r) => o.create(withoutNulls(r) as never).commit()),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go() as Promise<Canceled>,
      );
    },
    async createAnonymousOffer(record, key, event) {
      return create(
        () =>
          service.transaction
            .write(({ anonymous: a, idempotency: k, outbox }) => [
              k.create(keyItem(key)).commit(),
              a.create(withoutNulls(record) as never).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go() as Promise<Canceled>,
      );
    },
    async getOffer(id) {
      const { data } = await offer.get({ id }).go({ consistent: true });
      return data ? toOfferRecord(data) : null;
    },
    async getOffers(ids) {
      if (ids.length === 0) return [];
      const { data } = await offer.get(ids.map((id) => ({ id }))).go({ consistent: true });
      return data.map((d) => toOfferRecord(d));
    },
    async getAnonymousOffer(storeUserId, id) {
      const { data } = await anonymous.get({ storeUserId, id }).go({ consistent: true });
      return data ? toAnonymousRecord(data) : null;
    },
    async listOffers(box, userId, page: PageRequest) {
      const options = {
        order: 'desc' as const,
        limit: page.limit ?? DEFAULT_PAGE,
        cursor: page.cursor ?? null,
      };
      const { data, cursor } = await paged(() =>
        box === 'received'
          ? offer.query.received({ storeUserId: userId }).go(options)
          : offer.query.sent({ resellerUserId: userId }).go(options),
      );
      return { records: data.map((d) => toOfferRecord(d)), cursor: cursor ?? null };
    },
    async listAnonymousOffers(storeUserId, page) {
      const { data, cursor } = await paged(() =>
        anonymous.query
          .byOwner({ storeUserId })
          .go({ order: 'desc', limit: page.limit ?? DEFAULT_PAGE, cursor: page.cursor ?? null }),
      );
      return { records: data.map((d) => toAnonymousRecord(d)), cursor: cursor ?? null };
    },
    async transition(record, from, changes, now, event) {
      const result = (await service.transaction
        .write(({ offer: o, outbox }) => [
          o
            .patch({ id: record.id })
            .set(withoutNulls(changes))
            .where(({ status, expiresAt }, { eq, gt }) => `${eq(status, from)} AND ${gt(expiresAt, now)}`)
            .commit(),
          outbox.create(outboxItem(event)).commit(),
        ])
        .go()) as Canceled;
      if (result.canceled) {
        if (result.data.some((d) => d.code === 'ConditionalCheckFailed' || d.code === 'TransactionConflict'))
          return null;
        throw new Error(`Offer transition canceled: ${result.data.map((d) => d.code).join(',')}`);
      }
      return {
        ...record,
        status: changes.status,
        counterPrice: changes.counterPrice,
        updatedAt: changes.updatedAt,
      };
    },
    async takeRateSlot(bucket, now, limit, windowMs) {
      const at = now.getTime();
      for (let n = 0; n < limit; n++) {
        try {
          await slot
            .put({ bucket, slot: n, takenAt: at, ttl: seconds(at + windowMs) + 60 })
            .where(
              ({ takenAt }, { notExists, lte }) => `${notExists(takenAt)} OR ${lte(takenAt, at - windowMs)}`,
            )
            .go();
          return { bucket, slot: n, takenAt: at };
        } catch (error) {
          if (!isConditionalFailure(error)) throw error;
        }
      }
      return null;
    },
    async releaseRateSlot(taken) {
      try {
        await slot
          .delete({ bucket: taken.bucket, slot: taken.slot })
          .where(({ takenAt }, { eq }) => eq(takenAt, taken.takenAt))
          .go();
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    },
  };
}
