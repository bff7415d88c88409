import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { API_KEYS_MAX_ACTIVE } from '@sneakers/shared/contracts/store-api';
import { readKeysLastUsed } from '@sneakers/shared/rate-limit/key-usage';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { apiKeyEntity, apiKeyKey, type ApiKeyItem } from './api-key-entity';
import { apiKeyHashEntity } from './api-key-hash-entity';
import { apiKeyTallyEntity } from './api-key-tally-entity';
import type { ApiKeyRecord, KeyLookup, KeysRepository } from './ports';

const toKeyRecord = (row: ApiKeyItem): ApiKeyRecord => toRecord(apiKeyEntity.schema, row);

/**
 * Access patterns (see README): the list is one Query of the store's partition, newest
 * first, plus one BatchGet of the keys' usage rows; the authorizer's lookup one GetItem by
 * hash; create and revoke one transaction each. No Scan.
 */
export function createKeysRepository(client: DocumentClient, table: string): KeysRepository {
  const service = new Service(
    {
      keys: apiKeyEntity,
      hashes: apiKeyHashEntity,
      tallies: apiKeyTallyEntity,
      idempotency: idempotencyEntity,
      profiles: profileView,
    },
    { client, table },
  );
  const { keys, profiles } = service.entities;

  return {
    async listKeys(storeUserId) {
      const { data } = await keys.query.byStore({ storeUserId }).go({ order: 'desc', pages: 'all' });
      return data.map(toKeyRecord);
    },
    lastUsed: (keyIds) => readKeysLastUsed(client, table, keyIds),
    async getKey(storeUserId, keyId) {
      const { data } = await keys.get({ storeUserId, keyId }).go({ consistent: true });
      return data ? toKeyRecord(data) : null;
    },
    async createKey(record, claim) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ idempotency, tallies, keys: k, hashes }) => [
              idempotency.create(claim).commit(),
              tallies
                .update({ storeUserId: record.storeUserId })
                .add({ active: 1 })
                .where(
                  ({ active }, { notExists, lt }) =>
                    `${notExists(active)} OR ${lt(active, API_KEYS_MAX_ACTIVE)}`,
                )
                .commit(),
              k.create(toRow(record)).commit(),
              hashes
                .create({ keyHash: record.keyHash, storeUserId: record.storeUserId, keyId: record.keyId })
                .commit(),
            ])
            .go(),
        ['duplicate', 'limit', null, null],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async revokeKey(record, revokedAt) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ keys: k, hashes, tallies }) => [
              k
                .patch(apiKeyKey(record))
                .set({ revokedAt })
                .where(({ revokedAt: at }, { notExists }) => notExists(at))
                .commit(),
              hashes.delete({ keyHash: record.keyHash }).commit(),
              tallies.update({ storeUserId: record.storeUserId }).add({ active: -1 }).commit(),
            ])
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'revoked' : 'stale';
    },
    async roleOf(userId) {
      const { data } = await profiles.get({ userId }).go({ attributes: ['role'] });
      return data?.role ?? null;
    },
  };
}

/**
 * The authorizer's read: a strongly consistent GetItem by hash, so a key works the moment its
 * create answered, then the owner's closing mark (a frozen account's keys stop at once).
 */
export function createKeyLookup(client: DocumentClient, table: string): KeyLookup {
  const hashes = apiKeyHashEntity.withConfig({ client, table });
  const profiles = profileView.withConfig({ client, table });
  return {
    async findByHash(keyHash) {
      const { data } = await hashes.get({ keyHash }).go({ consistent: true });
      if (!data) return null;
      const owner = await profiles
        .get({ userId: data.storeUserId })
        .go({ consistent: true, attributes: ['closingSince'] });
      return { storeUserId: data.storeUserId, keyId: data.keyId, closing: Boolean(owner.data?.closingSince) };
    },
  };
}
