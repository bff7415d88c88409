import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { DEFAULT_PAGE_SIZE, type ProviderRecord, type ProvidersRepository } from './ports';
import { providerEmailEntity } from './provider-email-entity';
import { providerEntity, type ProviderRow } from './provider-entity';

const OPTIONAL_FIELDS = ['phone', 'alias', 'dni', 'iban'] as const;
const EDITABLE_FIELDS = ['name', 'email', 'status', ...OPTIONAL_FIELDS] as const;
type Editable = Pick<ProviderRecord, (typeof EDITABLE_FIELDS)[number] | 'updatedAt'>;

/** Beyond absent-is-null: a row without a consignment count has had none. */
export function fromProviderRow(row: ProviderRow): ProviderRecord {
  return { ...toRecord(providerEntity.schema, row), consignmentCount: row.consignmentCount ?? 0 };
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
 * GetItem by (store, id). Creates, email changes and deletes are one TransactWriteItems with
 * the email marker (and, for registrations, the outbox event).
 */
export function createProvidersRepository(client: DocumentClient, table: string): ProvidersRepository {
  const service = new Service(
    { provider: providerEntity, marker: providerEmailEntity, outbox: outboxEntity },
    { client, table },
  );
  const { provider } = service.entities;

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
              p.create(toRow(record)).commit(),
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
              const patch = p.patch(key).set(toRow(changed));
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
  };
}
