import { ValidationError } from '@sneakers/shared/errors';
import { consignmentEntity } from '@sneakers/shared/stock/consignment-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { IMPORT_MARK_KEYS } from '@sneakers/shared/table/import-marks';
import { checkCursor, queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { ibanRevealEntity } from '../iban-reveals/iban-reveal-entity';
import { providerEmailEntity } from '../providers/provider-email-entity';
import { providerEntity, type ProviderRow as ProviderItem } from '../providers/provider-entity';
import { registrationLinkEntity } from '../registration/registration-link-entity';
import type { ConsignmentWithProvider, ProviderRow, ProvidersPortabilityRepository } from './ports';

const toProviderRow = (row: ProviderItem): ProviderRow => ({
  ...toRecord(providerEntity.schema, row),
  consignmentCount: row.consignmentCount ?? 0,
});

const PROVIDER_NULLABLE = ['phone', 'alias', 'dni', 'iban', ...IMPORT_MARK_KEYS] as const;
const CONSIGNMENT_NULLABLE = [
  'productCatalogId',
  'productVariantId',
  'itemBrand',
  'itemColorway',
  'itemImageUrl',
  'notes',
  ...IMPORT_MARK_KEYS,
] as const;

/** Providers read per step of a consignments page (those without consignments are skipped). */
const PROVIDER_STEP = 50;

/** Where a consignments page goes on: after provider `p`, or within it at its cursor `c`. */
interface ConsignmentsCursor {
  p: string;
  c: string | null;
}

const invalidCursor = () =>
  new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });

function decodeCursor(cursor: string | null): ConsignmentsCursor | null {
  if (cursor === null) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof decoded !== 'object' || decoded === null) throw invalidCursor();
  const p: unknown = Reflect.get(decoded, 'p');
  const c: unknown = Reflect.get(decoded, 'c');
  if (typeof p !== 'string' || !p || (c !== null && typeof c !== 'string')) throw invalidCursor();
  if (c !== null) checkCursor(c);
  return { p, c };
}

const encodeCursor = (cursor: ConsignmentsCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/**
 * Access patterns (services/providers/README.md#access-patterns): providers are a Query of
 * the store's partition; consignments a Query of each (store, provider) partition, provider
 * after provider (those with a consignment count only); gets are BatchGetItem; writes
 * TransactWriteItems conditional on what the import read. No Scan.
 */
export function createProvidersPortabilityRepository(
  client: DocumentClient,
  table: string,
): ProvidersPortabilityRepository {
  const service = new Service(
    {
      provider: providerEntity,
      marker: providerEmailEntity,
      consignment: consignmentEntity,
      reveal: ibanRevealEntity,
      link: registrationLinkEntity,
      profile: profileView,
    },
    { client, table },
  );
  const { provider, marker, consignment, reveal, link, profile } = service.entities;

  const consignmentsOf = (storeUserId: string, providerId: string, cursor: string | null, limit: number) =>
    consignment.query.byProvider({ storeUserId, providerId }).go({ cursor, limit });

  return {
    pageProviders(storeUserId, cursor, limit) {
      return queryPage(
        { cursor: cursor ?? undefined, limit },
        { defaultLimit: limit },
        (go) => provider.query.byStore({ storeUserId }).go(go),
        toProviderRow,
      );
    },
    async pageConsignments(storeUserId, cursor, limit) {
      const resume = decodeCursor(cursor);
      const items: ConsignmentWithProvider[] = [];
      let after = resume?.p ?? null;
      let within = resume?.c ?? null;
      for (;;) {
        const query = provider.query.byStore({ storeUserId });
        const { data: providers, cursor: more } = await (
          after === null ? query : within ? query.gte({ id: after }) : query.gt({ id: after })
        ).go({ limit: PROVIDER_STEP });
        for (const p of providers) {
          let inner = p.id === after ? within : null;
          if ((p.consignmentCount ?? 0) > 0)
            do {
              const page = await consignmentsOf(storeUserId, p.id, inner, limit - items.length);
              items.push(
                ...page.data.map((row) => ({
                  row: toRecord(consignmentEntity.schema, row),
                  providerEmail: p.email,
                })),
              );
              inner = page.cursor;
              if (items.length >= limit) return { items, cursor: encodeCursor({ p: p.id, c: inner }) };
            } while (inner);
          after = p.id;
          within = null;
        }
        if (!more || providers.length === 0) return { items, cursor: null };
      }
    },
    async getProviders(storeUserId, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const { data } = await provider.get(unique.map((id) => ({ storeUserId, id }))).go({ consistent: true });
      return data.map(toProviderRow);
    },
    async getConsignments(storeUserId, keys) {
      const valid = keys.filter((k) => k.providerId && k.id);
      if (valid.length === 0) return [];
      const { data } = await consignment
        .get(valid.map(({ providerId, id }) => ({ storeUserId, providerId, id })))
        .go({ consistent: true });
      return data.map((row) => toRecord(consignmentEntity.schema, row));
    },
    async findProvidersByEmail(storeUserId, emails) {
      const unique = [...new Set(emails)];
      if (unique.length === 0) return new Map();
      const { data: markers } = await marker
        .get(unique.map((email) => ({ storeUserId, email })))
        .go({ consistent: true });
      if (markers.length === 0) return new Map();
      const { data } = await provider
        .get(markers.map((m) => ({ storeUserId, id: m.providerId })))
        .go({ consistent: true });
      return new Map(data.map((row) => [row.email, toProviderRow(row)]));
    },
    async createProvider(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m }) => [
              // The marker first: its condition failing means "email taken".
              m.create({ storeUserId: row.storeUserId, email: row.email, providerId: row.id }).commit(),
              p.create(toRow(row)).commit(),
            ])
            .go(),
        ['email_taken'],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async updateProvider(previous, next) {
      const {
        name,
        phone,
        alias,
        dni,
        iban,
        updatedAt,
        importId,
        importAction,
        importRow,
        importedAt,
        importBefore,
      } = next;
      const changes = {
        name,
        phone,
        alias,
        dni,
        iban,
        updatedAt,
        importId,
        importAction,
        importRow,
        importedAt,
        importBefore,
      };
      const removed = nullKeys(changes, PROVIDER_NULLABLE);
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ provider: p }) => {
              const patch = p
                .patch({ storeUserId: previous.storeUserId, id: previous.id })
                .set(toRow(changes));
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ updatedAt: at }, { eq }) => eq(at, previous.updatedAt))
                  .commit(),
              ];
            })
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'updated' : outcome;
    },
    async deleteProvider(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ provider: p, marker: m }) => [
              p
                .delete({ storeUserId: row.storeUserId, id: row.id })
                .where(
                  ({ updatedAt, consignmentCount }, { eq, notExists }) =>
                    `${eq(updatedAt, row.updatedAt)} AND (${notExists(consignmentCount)} OR ${eq(consignmentCount, 0)})`,
                )
                .commit(),
              m
                .delete({ storeUserId: row.storeUserId, email: row.email })
                .where(({ providerId }, { eq }) => eq(providerId, row.id))
                .commit(),
            ])
            .go(),
        ['kept', 'kept'],
      );
      return outcome === 'committed';
    },
    async createConsignment(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ provider: p, consignment: c }) => [
              p
                .patch({ storeUserId: row.storeUserId, id: row.providerId })
                .add({ consignmentCount: 1 })
                .where(({ status }, { eq }) => eq(status, 'approved'))
                .commit(),
              c.create(toRow(row)).commit(),
            ])
            .go(),
        ['provider_not_approved', 'provider_not_approved'],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async updateConsignment(previous, next) {
      const { storeUserId: _s, providerId: _p, id: _i, createdAt: _c, ...changes } = next;
      const removed = nullKeys(changes, CONSIGNMENT_NULLABLE);
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ consignment: c }) => {
              const patch = c
                .patch({
                  storeUserId: previous.storeUserId,
                  providerId: previous.providerId,
                  id: previous.id,
                })
                .set(toRow(changes));
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(
                    ({ updatedAt, status }, { eq }) =>
                      `${eq(updatedAt, previous.updatedAt)} AND ${eq(status, 'in_stock')}`,
                  )
                  .commit(),
              ];
            })
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'updated' : outcome;
    },
    async deleteConsignment(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ consignment: c, provider: p }) => [
              c
                .delete({ storeUserId: row.storeUserId, providerId: row.providerId, id: row.id })
                .where(
                  ({ updatedAt, status }, { eq }) =>
                    `${eq(updatedAt, row.updatedAt)} AND ${eq(status, 'in_stock')}`,
                )
                .commit(),
              p
                .patch({ storeUserId: row.storeUserId, id: row.providerId })
                .add({ consignmentCount: -1 })
                .commit(),
            ])
            .go(),
        ['kept', 'kept'],
      );
      return outcome === 'committed';
    },
    async storeCurrency(storeUserId) {
      const { data } = await profile.get({ userId: storeUserId }).go({ attributes: ['currency'] });
      return data?.currency ?? null;
    },
    async eraseSome(storeUserId, count) {
      const { data: providers, cursor } = await provider.query.byStore({ storeUserId }).go({ limit: count });
      let deleted = 0;
      for (const p of providers) {
        const [consignments, reveals] = await Promise.all([
          consignment.query
            .byProvider({ storeUserId, providerId: p.id })
            .go({ pages: 'all', attributes: ['id'] }),
          reveal.query.byProvider({ storeUserId, providerId: p.id }).go({ pages: 'all', attributes: ['id'] }),
        ]);
        if (consignments.data.length)
          await consignment
            .delete(consignments.data.map(({ id }) => ({ storeUserId, providerId: p.id, id })))
            .go();
        if (reveals.data.length)
          await reveal.delete(reveals.data.map(({ id }) => ({ storeUserId, providerId: p.id, id }))).go();
        // The marker, then the provider: a retried erase still finds the provider to finish.
        await marker.delete({ storeUserId, email: p.email }).go();
        await provider.delete({ storeUserId, id: p.id }).go();
        deleted += consignments.data.length + reveals.data.length + 2;
      }
      if (cursor) return { deleted, more: true };
      const linkRow = await link.get({ storeUserId }).go();
      if (linkRow.data) {
        await link.delete({ storeUserId }).go();
        deleted += 1;
      }
      return { deleted, more: false };
    },
  };
}
