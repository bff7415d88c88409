import { Service } from '@sneakers/shared/table/entity';
import { auditEntity } from '@sneakers/shared/audit/audit-entity';
import { parseFlagConfig } from '@sneakers/shared/feature-access/loader';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { FLAG_CONFIG_SCOPE } from '@sneakers/shared/views/feature-access-view';
import type { FlagConfigRepository } from './ports';
import { flagConfigEntity } from './flag-config-entity';
import { flagUsageEntity, USAGE_LIST } from '../usage/flag-usage-entity';

/**
 * The config document: a consistent GetItem, and a transaction that writes it at
 * `revision + 1` only while it is still at `revision` (a first write only while absent),
 * with the audit entry and the outbox event.
 */
export function createFlagConfigRepository(client: DocumentClient, table: string): FlagConfigRepository {
  const service = new Service(
    { config: flagConfigEntity, usage: flagUsageEntity, audit: auditEntity, outbox: outboxEntity },
    { client, table },
  );
  const { config } = service.entities;
  const key = { scope: FLAG_CONFIG_SCOPE };

  return {
    async get() {
      const { data } = await config.get(key).go({ consistent: true });
      return parseFlagConfig(data);
    },
    async save(revision, write) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ config: c, usage, audit, outbox }) => [
              revision === 0
                ? c
                    .create({
                      ...key,
                      flags: write.flags,
                      rules: write.rules,
                      revision: 1,
                      updatedAt: write.at,
                    })
                    .commit()
                : c
                    .patch(key)
                    .set({
                      flags: write.flags,
                      rules: write.rules,
                      revision: revision + 1,
                      updatedAt: write.at,
                    })
                    .where(({ revision: current }, { eq }) => eq(current, revision))
                    .commit(),
              audit.create(write.audit).commit(),
              outbox.create(outboxItem(write.event)).commit(),
              ...(write.deleteUsageOf
                ? [usage.delete({ list: USAGE_LIST, feature: write.deleteUsageOf }).commit()]
                : []),
            ])
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'committed' : 'stale';
    },
  };
}
