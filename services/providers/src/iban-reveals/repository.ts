import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { ibanRevealEntity } from './iban-reveal-entity';
import type { IbanRevealsRepository } from './ports';

/**
 * Access patterns: a Put per reveal (never updated), a descending Query of the (store,
 * provider) reveals with a limit. The provider itself is read by src/providers/repository.ts.
 */
export function createIbanRevealsRepository(
  client: DocumentClient,
  table: string,
): Omit<IbanRevealsRepository, 'getProvider'> {
  const { ibanReveal } = new Service({ ibanReveal: ibanRevealEntity }, { client, table }).entities;

  return {
    async recordIbanReveal(record) {
      await ibanReveal.create(toRow(record)).go();
    },
    async listIbanReveals(storeUserId, providerId, limit) {
      const { data } = await ibanReveal.query
        .byProvider({ storeUserId, providerId })
        .go({ order: 'desc', limit });
      return data.map((row) => toRecord(ibanRevealEntity.schema, row));
    },
  };
}
