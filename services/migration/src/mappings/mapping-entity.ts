import { PORTABLE_KINDS } from '@sneakers/shared/contracts/portability';
import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A saved column mapping in its owner's partition (`pk = ownerUserId`, `sk = id`): at most
 * SAVED_MAPPINGS_MAX per user, so the list is one Query. `headerKey` (headerSetKey of its
 * headers) finds the one for a file's headers; saving again for the same kind and headers
 * replaces it.
 */
export const mappingEntity = new Entity({
  model: { entity: 'migrationMapping', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    id: idAttribute,
    name: { type: 'string', required: true },
    kind: { type: PORTABLE_KINDS, required: true },
    headers: { type: 'any', required: true },
    headerKey: { type: 'string', required: true },
    fields: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: { byOwner: ownedIndex('ownerUserId', ['id']) },
});
export type MappingItem = EntityItem<typeof mappingEntity>;
