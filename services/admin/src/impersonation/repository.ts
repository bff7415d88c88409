import { auditEntity } from '@sneakers/shared/audit/audit-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { transact } from '@sneakers/shared/table/transaction';
import { GRANT_KEPT_AFTER_EXPIRY_S, impersonationEntity } from './impersonation-entity';
import type { ImpersonationRepository } from './ports';

/**
 * Grants by id (gsi1 Query); start and stop are transactions with their audit entry (see
 * the service's README).
 */
export function createImpersonationRepository(
  client: DocumentClient,
  table: string,
): ImpersonationRepository {
  const service = new Service({ grants: impersonationEntity, audit: auditEntity }, { client, table });
  const { grants } = service.entities;

  return {
    async start(grant, entry) {
      const ttl = Math.floor(Date.parse(grant.expiresAt) / 1000) + GRANT_KEPT_AFTER_EXPIRY_S;
      // A token hash colliding with an existing grant (2^-128) fails the create: a bug, not an outcome.
      await transact(() =>
        service.transaction
          .write(({ grants: g, audit: a }) => [
            g.create({ ...toRow(grant), ttl }).commit(),
            a.create(entry).commit(),
          ])
          .go(),
      );
    },
    async find(id) {
      const { data } = await grants.query.byId({ id }).go();
      const [item] = data;
      if (!item) return null;
      const { ttl: _ttl, ...grant } = toRecord(impersonationEntity.schema, item);
      return grant;
    },
    stop: (grant, stoppedAt, entry) =>
      transact(
        () =>
          service.transaction
            .write(({ grants: g, audit: a }) => [
              g
                .patch({ tokenHash: grant.tokenHash })
                .set({ stoppedAt })
                .where(({ stoppedAt: s }, { notExists }) => notExists(s))
                .commit(),
              a.create(entry).commit(),
            ])
            .go(),
        ['alreadyStopped', null],
      ),
  };
}
