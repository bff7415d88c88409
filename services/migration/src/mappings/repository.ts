import type { SavedMapping } from '@sneakers/shared/contracts/migration';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { headerSetKey } from '@sneakers/shared/rules/import-mapping';
import { Service } from '@sneakers/shared/table/entity';
import { conditional } from '@sneakers/shared/table/transaction';
import { mappingEntity, type MappingItem } from './mapping-entity';
import type { MappingsRepository } from './ports';

const toMapping = (item: MappingItem): SavedMapping => ({
  mappingId: item.id,
  name: item.name,
  kind: item.kind,
  headers: item.headers as string[],
  fields: item.fields as Record<string, string>,
  updatedAt: item.updatedAt,
});

/** Saved mappings: one Query of the owner's partition (see the service's README). */
export function createMappingsRepository(client: DocumentClient, table: string): MappingsRepository {
  const { mappings } = new Service({ mappings: mappingEntity }, { client, table }).entities;
  return {
    async list(userId) {
      const { data } = await mappings.query
        .byOwner({ ownerUserId: userId })
        .go({ pages: 'all', order: 'desc' });
      return data.map(toMapping);
    },
    async put(userId, mapping) {
      await mappings
        .put({
          ownerUserId: userId,
          id: mapping.mappingId,
          name: mapping.name,
          kind: mapping.kind,
          headers: mapping.headers,
          headerKey: headerSetKey(mapping.headers),
          fields: mapping.fields,
          updatedAt: mapping.updatedAt,
        })
        .go();
    },
    async delete(userId, mappingId) {
      const outcome = await conditional(
        () =>
          mappings
            .delete({ ownerUserId: userId, id: mappingId })
            .where(({ id }, { exists }) => exists(id))
            .go(),
        'missing',
      );
      return outcome === 'committed';
    },
  };
}
