import { Service, type EntityItem } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys, orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import {
  DEFAULT_PAGE_SIZE,
  type ConsignmentRecord,
  type ProviderRecord,
  type ProvidersRepository,
} from '../domain/ports';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import { ibanRevealEntity } from './iban-reveal-entity';
import { providerEmailEntity } from './provider-email-entity';
import { providerEntity } from './provider-entity';
import { registrationLinkEntity } from './registration-link-entity';

type ProviderRow = EntityItem<typeof providerEntity>;
type ConsignmentRow = EntityItem<typeof consignmentEntity>;

const OPTIONAL_FIELDS = ['phone', 'alias', 'dni', 'iban'] as const;
const EDITABLE_FIELDS = ['name', 'email', 'status', ...OPTIONAL_FIELDS] as const;
type Editable = Pick<ProviderRecord, (typeof EDITABLE_FIELDS)[number] | 'updatedAt'>;

/** Nulls are stored as absent attributes. */
function toProviderRow(record: ProviderRecord): ProviderRow {
  return withoutNulls(record);
}

function fromProviderRow(row: ProviderRow): ProviderRecord {
  return {
    storeUserId: row.storeUserId,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: orNull(row.phone),
    alias: orNull(row.alias),
    dni: orNull(row.dni),
    iban: orNull(row.iban),
    status: row.status,
    source: row.source,
    consignmentCount: row.consignmentCount ?? 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toConsignmentRow(record: ConsignmentRecord): ConsignmentRow {
  return withoutNulls(record);
}

function fromConsignmentRow(row: ConsignmentRow): ConsignmentRecord {
  return {
    ...row,
    productVariantId: orNull(row.productVariantId),
    salePrice: orNull(row.salePrice),
    notes: orNull(row.notes),
    soldAt: orNull(row.soldAt),
    saleId: orNull(row.saleId),
    paymentId: orNull(row.paymentId),
    paidAt: orNull(row.paidAt),
  };
}

/** Only what changed (and updatedAt): the patch sets the values and removes fields that became null. */
function diff(before: ProviderRecord, after: ProviderRecord): Partial<Editable> {
  const changed: Partial<Editable> = { updatedAt: after.updatedAt };
  const copy = <K extends keyof Editable>(field: K) => {
    if (after[field] !== before[field]) changed[field] = after[field];
  };
  EDITABLE_FIELDS.forEach(copy);
  return changed;
}

/**
 * Access patterns: Query the store's partition (newest first) or gsi1 by store and status;
 * GetItem by (store, id); GetItem of the link and of the profile. Creates, email changes and
 * deletes are one TransactWriteItems with the email marker (and, for registrations, the
 * outbox event); a consignment create also carries its idempotency claim.
 */
export function createProvidersRepository(client: DocumentClient, table: string): ProvidersRepository {
  const service = new Service(
    {
      provider: providerEntity,
      marker: providerEmailEntity,
      link: registrationLinkEntity,
      profile: profileView,
      consignment: consignmentEntity,
      ibanReveal: ibanRevealEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { provider, link, profile, consignment, ibanReveal } = service.entities;

  return {
    listProviders(storeUserId, { status, ...page }) {
      return status
        ? queryPage(
            page,
            { index: 'gsi1', defaultLimit: DEFAULT_PAGE_SIZE },
            (go) => provider.query.byStatus({ storeUserId, status }).go({ order: 'desc', ...go }),
            fromProviderRow,
          )
        : queryPage(
            page,
            { defaultLimit: DEFAULT_PAGE_SIZE },
            (go) => provider.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
            fromProviderRow,
          );
    },
    async getProvider(storeUserId, id) {
      const { data } = await provider.get({ storeUserId, id }).go({ consistent: true });
      return data ? fromProviderRow(data) : null;
    },
    createProvider(record, event) {
      return transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m, outbox }) => [
              // The marker first: its condition failing means "email taken".
              m
                .create({ storeUserId: record.storeUserId, email: record.email, providerId: record.id })
                .commit(),
              p.create(toProviderRow(record)).commit(),
              ...(event ? [outbox.create(outboxItem(event)).commit()] : []),
            ])
            .go(),
        ['emailTaken'],
      );
    },
    updateProvider(before, after) {
      const changed = diff(before, after);
      const remove = nullKeys(changed, OPTIONAL_FIELDS);
      const key = { storeUserId: before.storeUserId, id: before.id };
      const emailChanged = before.email !== after.email;
      return transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m }) => {
              const patch = p.patch(key).set(withoutNulls(changed));
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
            .go(),
        ['stale', 'stale', 'emailTaken'],
      );
    },
    deleteProvider(record) {
      return transact(
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
            .go(),
        ['stale', 'stale'],
      );
    },
    async getLink(storeUserId) {
      // Consistent: a rotation must invalidate the old token at once.
      const { data } = await link.get({ storeUserId }).go({ consistent: true });
      return data ?? null;
    },
    createLink(value) {
      return conditional(() => link.create(value).go(), 'exists');
    },
    async replaceLink(value) {
      await link.put(value).go();
    },
    async getBusinessName(storeUserId) {
      const { data } = await profile.get({ userId: storeUserId }).go({ attributes: ['businessName'] });
      return data?.businessName ?? null;
    },
    async getStoreProfile(storeUserId) {
      const { data } = await profile
        .get({ userId: storeUserId })
        .go({ attributes: ['businessName', 'language', 'currency'] });
      return data ?? null;
    },
    async listConsignments(storeUserId, providerId) {
      const { data } = await consignment.query
        .byProvider({ storeUserId, providerId })
        .go({ order: 'desc', pages: 'all' });
      return data.map(fromConsignmentRow);
    },
    async recordIbanReveal(record) {
      await ibanReveal.create(withoutNulls(record)).go();
    },
    async listIbanReveals(storeUserId, providerId, limit) {
      const { data } = await ibanReveal.query
        .byProvider({ storeUserId, providerId })
        .go({ order: 'desc', limit });
      return data.map((row) => ({ ...row, revealedByEmail: orNull(row.revealedByEmail) }));
    },
    async getConsignment(storeUserId, providerId, id) {
      const { data } = await consignment.get({ storeUserId, providerId, id }).go({ consistent: true });
      return data ? fromConsignmentRow(data) : null;
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
              c.create(toConsignmentRow(record)).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate', 'providerNotApproved'],
      );
    },
    finishConsignment(next, event) {
      const key = { storeUserId: next.storeUserId, providerId: next.providerId, id: next.id };
      const changes = withoutNulls({
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
  };
}
