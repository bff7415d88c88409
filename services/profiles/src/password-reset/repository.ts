import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { epochSeconds } from '@sneakers/shared/table/store-helpers';
import { conditional } from '@sneakers/shared/table/transaction';
import type { ResetRepository } from './ports';
import { passwordResetEntity } from './password-reset-entity';

/** Access patterns: GetItem by token hash; conditional Update to claim (unused and unexpired) and to release. */
export function createResetRepository(client: DocumentClient, table: string): ResetRepository {
  const { reset } = new Service({ reset: passwordResetEntity }, { client, table }).entities;
  return {
    async create(record) {
      // `ttl` is computed: DynamoDB deletes the row some time after the link expired.
      await reset.create({ ...toRow(record), ttl: epochSeconds(Date.parse(record.expiresAt)) }).go();
    },
    async get(tokenHash) {
      const { data } = await reset.get({ tokenHash }).go();
      if (!data) return null;
      const { ttl: _ttl, ...record } = toRecord(passwordResetEntity.schema, data);
      return record;
    },
    async claim(tokenHash, now) {
      const outcome = await conditional(
        () =>
          reset
            .patch({ tokenHash })
            .set({ usedAt: now })
            .where(
              ({ usedAt, expiresAt }, { notExists, gt }) => `${notExists(usedAt)} AND ${gt(expiresAt, now)}`,
            )
            .go(),
        'unusable',
      );
      return outcome === 'committed';
    },
    async release(tokenHash, usedAt) {
      // Not claimed by this request (any more): nothing to undo.
      await conditional(
        () =>
          reset
            .patch({ tokenHash })
            .remove(['usedAt'])
            .where((attr, { eq }) => eq(attr.usedAt, usedAt))
            .go(),
        'notClaimed',
      );
    },
  };
}
