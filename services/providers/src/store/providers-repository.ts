import { Service } from 'electrodb';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { IDEMPOTENCY_TTL_MS, type ConsignmentRecord } from '../domain/consignments';
import type { ProviderRecord, ProvidersRepository } from '../domain/providers';
import { consignmentEntity } from './consignment-entity';
import { consignmentIdempotencyEntity } from './consignment-idempotency-entity';
import { providerEmailEntity } from './provider-email-entity';
import { providerEntity } from './provider-entity';
import { registrationLinkEntity } from './registration-link-entity';
import { registrationSlotEntity } from './registration-slot-entity';
import { storeProfileEntity } from './store-profile-entity';
import {
  withoutNulls,
  isConditionalFailure,
  paged,
  type Canceled,
} from '@sneakers/shared/table/store-helpers';

const seconds = (ms: number) => Math.floor(ms / 1000);
const OPTIONAL_FIELDS = ['phone', 'alias', 'dni', 'iban'] as const;
const EDITABLE_FIELDS = ['name', 'email', 'status', ...OPTIONAL_FIELDS] as const;

const failed = (result: Canceled, index: number) => result.data[index]?.code === 'ConditionalCheckFailed';
const conflicted = (result: Canceled) => result.data.some((d) => d.code === 'TransactionConflict');
const codes = (result: Canceled) => result.data.map((d) => d.code).join(',');

/** A TransactionConflict (another transaction on the same rows) is retried with backoff. */
async function transact(build: () => Promise<Canceled>): Promise<Canceled> {
  for (let attempt = 0; ; attempt++) {
    const result = await build();
    if (!result.canceled || !conflicted(result) || attempt >= 4) return result;
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt + Math.random() * 20));
  }
}

/** Only what changed: set the new values, remove optional fields that became null. */
function diff(before: ProviderRecord, after: ProviderRecord) {
  const set: Record<string, string> = { updatedAt: after.updatedAt };
  const remove: (typeof OPTIONAL_FIELDS)[number][] = [];
  for (const field of EDITABLE_FIELDS) {
    const value = after[field];
    if (value === before[field]) continue;
    if (value === null) remove.push(field as (typeof OPTIONAL_FIELDS)[number]);
    else set[field] = value;
  }
  return { set, remove };
}

/**
 * Access patterns: Query the store's partition (newest first) or gsi1 by store and status;
 * GetItem by (store, id); GetItem of the link and of the profile. Creates, email changes and
 * deletes are one TransactWriteItems with the email marker (and, for registrations, the
 * outbox event). Rate slots are conditional puts.
 */
export function createProvidersRepository(client: DocumentClient, table: string): ProvidersRepository {
  const service = new Service(
    {
      provider: providerEntity,
      marker: providerEmailEntity,
      link: registrationLinkEntity,
      slot: registrationSlotEntity,
      profile: storeProfileEntity,
      consignment: consignmentEntity,
      consignmentKey: consignmentIdempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { provider, link, slot, profile, consignment, consignmentKey } = service.entities;

  const toRecord = (row: Record<string, unknown>): ProviderRecord => {
    const r = row as unknown as ProviderRecord;
    return {
      storeUserId: r.storeUserId,
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone ?? null,
      alias: r.alias ?? null,
      dni: r.dni ?? null,
      iban: r.iban ?? null,
      status: r.status,
      source: r.source,
      consignmentCount: (row.consignmentCount as number | undefined) ?? 0,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  };

  const toConsignment = (row: Record<string, unknown>): ConsignmentRecord => {
    const r = row as unknown as ConsignmentRecord;
    return {
      storeUserId: r.storeUserId,
      providerId: r.providerId,
      id: r.id,
      itemSku: r.itemSku,
      itemName: r.itemName,
      size: r.size,
      productVariantId: r.productVariantId ?? null,
      price: r.price,
      salePrice: r.salePrice ?? null,
      currency: r.currency,
      status: r.status,
      notes: r.notes ?? null,
      soldAt: r.soldAt ?? null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  };

  return {
    async listProviders(storeUserId, query) {
      const options = { order: 'desc' as const, limit: query.limit, cursor: query.cursor ?? null };
      const { data, cursor } = await paged(() =>
        query.status
          ? provider.query.byStatus({ storeUserId, status: query.status }).go(options)
          : provider.query.byStore({ storeUserId }).go(options),
      );
      return { records: data.map((d) => toRecord(d)), cursor: cursor ?? null };
    },
    async getProvider(storeUserId, id) {
      const { data } = await provider.get({ storeUserId, id }).go({ consistent: true });
      return data ? toRecord(data) : null;
    },
    async createProvider(record, event) {
      const result = await transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m, outbox }) => [
              // The marker first: its index tells a taken email from anything else.
              m
                .create({ storeUserId: record.storeUserId, email: record.email, providerId: record.id })
                .commit(),
              p.create(withoutNulls(record) as never).commit(),
              ...(event ? [outbox.create(outboxItem(event)).commit()] : []),
            ])
            .go() as Promise<Canceled>,
      );
      if (!result.canceled) return 'created';
      if (failed(result, 0)) return 'emailTaken';
      throw new Error(`Provider create canceled: ${codes(result)}`);
    },
    async updateProvider(before, after) {
      const { set, remove } = diff(before, after);
      const key = { storeUserId: before.storeUserId, id: before.id };
      const emailChanged = before.email !== after.email;
      const result = await transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m }) => {
              const patch = p.patch(key).set(set as never);
              const write = (remove.length ? patch.remove(remove) : patch)
                // Guards the marker: the email it was read with is still the stored one.
                .where(({ email }, { eq }) => eq(email, before.email))
                .commit();
              const release = m
                .delete({ storeUserId: before.storeUserId, email: before.email })
                .where(
                  ({ providerId }, { eq, notExists }) =>
                    `${notExists(providerId)} OR ${eq(providerId, before.id)}`,
                )
                .commit();
              const claim = m
                .create({ storeUserId: after.storeUserId, email: after.email, providerId: after.id })
                .commit();
              return [write, ...(emailChanged ? [release, claim] : [])];
            })
            .go() as Promise<Canceled>,
      );
      if (!result.canceled) return 'updated';
      if (failed(result, 0) || failed(result, 1) || conflicted(result)) return 'stale';
      if (failed(result, 2)) return 'emailTaken';
      throw new Error(`Provider update canceled: ${codes(result)}`);
    },
    async deleteProvider(record) {
      const result = await transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m }) => [
              p
                .delete({ storeUserId: record.storeUserId, id: record.id })
                // No consignment recorded since the read (they block the delete).
                .where(
                  ({ email, consignmentCount }, { eq, notExists }) =>
                    `${eq(email, record.email)} AND (${notExists(consignmentCount)} OR ${eq(consignmentCount, 0)})`,
                )
                .commit(),
              m
                .delete({ storeUserId: record.storeUserId, email: record.email })
                .where(
                  ({ providerId }, { eq, notExists }) =>
                    `${notExists(providerId)} OR ${eq(providerId, record.id)}`,
                )
                .commit(),
            ])
            .go() as Promise<Canceled>,
      );
      if (!result.canceled) return 'deleted';
      if (failed(result, 0) || failed(result, 1) || conflicted(result)) return 'stale';
      throw new Error(`Provider delete canceled: ${codes(result)}`);
    },
    async getLink(storeUserId) {
      // Consistent: a rotation must invalidate the old token at once.
      const { data } = await link.get({ storeUserId }).go({ consistent: true });
      return data ?? null;
    },
    async createLink(value) {
      try {
        await link.create(value).go();
        return 'created';
      } catch (error) {
        if (isConditionalFailure(error)) return 'exists';
        throw error;
      }
    },
    async replaceLink(value) {
      await link.put(value).go();
    },
    async getBusinessName(storeUserId) {
      const { data } = await profile.get({ userId: storeUserId }).go();
      return data?.businessName ?? null;
    },
    async getStoreProfile(storeUserId) {
      const { data } = await profile.get({ userId: storeUserId }).go();
      if (!data) return null;
      return {
        businessName: data.businessName,
        language: data.language ?? null,
        currency: data.currency ?? null,
      };
    },
    async listConsignments(storeUserId, providerId) {
      const { data } = await consignment.query
        .byProvider({ storeUserId, providerId })
        .go({ order: 'desc', pages: 'all' });
      return data.map((d) => toConsignment(d));
    },
    async getConsignment(storeUserId, providerId, id) {
      const { data } = await consignment.get({ storeUserId, providerId, id }).go({ consistent: true });
      return data ? toConsignment(data) : null;
    },
    async getConsignmentIdempotency(storeUserId, key) {
      const { data } = await consignmentKey.get({ storeUserId, key }).go({ consistent: true });
      if (!data) return null;
      const { ttl: _ttl, ...rest } = data;
      return rest;
    },
    async createConsignment(record, key, event) {
      const ttl = Math.floor((Date.parse(key.createdAt) + IDEMPOTENCY_TTL_MS) / 1000);
      const result = await transact(
        () =>
          service.transaction
            .write(({ consignmentKey: k, provider: p, consignment: c, outbox }) => [
              // The key first: its cancellation reason means "a parallel submit won".
              k.create({ ...key, ttl }).commit(),
              p
                .patch({ storeUserId: record.storeUserId, id: record.providerId })
                .add({ consignmentCount: 1 })
                .where(({ status }, { eq }) => eq(status, 'approved'))
                .commit(),
              c.create(withoutNulls(record) as never).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go() as Promise<Canceled>,
      );
      if (!result.canceled) return 'created';
      if (failed(result, 0)) return 'duplicate';
      if (failed(result, 1)) return 'providerNotApproved';
      throw new Error(`Consignment create canceled: ${codes(result)}`);
    },
    async finishConsignment(next, event) {
      const key = { storeUserId: next.storeUserId, providerId: next.providerId, id: next.id };
      const set = withoutNulls({
        status: next.status,
        salePrice: next.salePrice,
        soldAt: next.soldAt,
        updatedAt: next.updatedAt,
      });
      const result = await transact(
        () =>
          service.transaction
            .write(({ consignment: c, outbox }) => [
              c
                .patch(key)
                .set(set as never)
                .where(({ status }, { eq }) => eq(status, 'in_stock'))
                .commit(),
              ...(event ? [outbox.create(outboxItem(event)).commit()] : []),
            ])
            .go() as Promise<Canceled>,
      );
      if (!result.canceled) return 'updated';
      if (failed(result, 0) || conflicted(result)) return 'stale';
      throw new Error(`Consignment update canceled: ${codes(result)}`);
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
  };
}
