import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { auditEntity } from '@sneakers/shared/audit/audit-entity';
import { parseUserFeatureDocument } from '@sneakers/shared/feature-access/loader';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import type { ListingChange, StoredOverride, UserAccessRepository } from './ports';
import { developerOverrideEntity, OVERRIDE_LIST } from './developer-override-entity';
import { featureGrantEntity } from './feature-grant-entity';
import { userFeatureAccessEntity } from './user-feature-access-entity';

/**
 * A user's decision document (GetItem; conditional write on its `updatedAt`), the listing
 * rows (Query a flag's grants; Query every override), and the transaction that writes a
 * document with its listing row, audit entry and event.
 */
export function createUserAccessRepository(client: DocumentClient, table: string): UserAccessRepository {
  const service = new Service(
    {
      doc: userFeatureAccessEntity,
      grant: featureGrantEntity,
      override: developerOverrideEntity,
      audit: auditEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { doc, grant, override } = service.entities;
  type TransactionEntities = Parameters<Parameters<typeof service.transaction.write>[0]>[0];

  /** The listing row's half of the transaction, stamped with the document's updatedAt. */
  function listingItem(
    listing: ListingChange,
    updatedAt: string,
    g: TransactionEntities['grant'],
    o: TransactionEntities['override'],
  ) {
    switch (listing.kind) {
      case 'putGrant':
        return g.put({ ...listing.grant, updatedAt }).commit();
      case 'deleteGrant':
        return g.delete({ feature: listing.feature, userId: listing.userId }).commit();
      case 'putOverride':
        return o.put({ list: OVERRIDE_LIST, ...toRow(listing.override), updatedAt }).commit();
      case 'deleteOverride':
        return o.delete({ list: OVERRIDE_LIST, userId: listing.userId, feature: listing.feature }).commit();
    }
  }

  return {
    async get(userId) {
      const { data } = await doc.get({ userId }).go({ consistent: true });
      const parsed = parseUserFeatureDocument(data);
      return {
        userId,
        grants: parsed.grants,
        overrides: Object.fromEntries(
          parsed.overrides.map(({ feature, enabled, expiresAt }): [string, StoredOverride] => [
            feature,
            { enabled, expiresAt },
          ]),
        ),
        updatedAt: data?.updatedAt ?? null,
      };
    },
    async save(userId, expected, write) {
      const document = { grants: write.grants, overrides: write.overrides, updatedAt: write.updatedAt };
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ doc: d, grant: g, override: o, audit, outbox }) => [
              expected === null
                ? d.create({ userId, ...document }).commit()
                : d
                    .patch({ userId })
                    .set(document)
                    .where(({ updatedAt }, { eq }) => eq(updatedAt, expected))
                    .commit(),
              listingItem(write.listing, write.updatedAt, g, o),
              ...(write.audit ? [audit.create(write.audit).commit()] : []),
              ...(write.event ? [outbox.create(outboxItem(write.event)).commit()] : []),
            ])
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'committed' : 'stale';
    },
    async grantsOf(feature) {
      const { data } = await grant.query.byFeature({ feature }).go({ pages: 'all' });
      return data;
    },
    async overrides() {
      const { data } = await override.query.byUserAndFeature({ list: OVERRIDE_LIST }).go({ pages: 'all' });
      return data.map((row) => {
        const { list: _list, ...record } = toRecord(developerOverrideEntity.schema, row);
        return record;
      });
    },
  };
}
