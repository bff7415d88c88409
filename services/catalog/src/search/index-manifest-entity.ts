import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** The manifest's one key (`scope` is always this). */
export const INDEX_MANIFEST_SCOPE = 'catalog-index';

/**
 * Which search index snapshot is current: `version` (1, 2, ...; every publish writes
 * version + 1 only while the row is still at version, so two publishers never overwrite
 * each other), the snapshot's S3 `key`, its product `count` and `builtAt`. Search
 * containers read it (at most every CATALOG_INDEX_CHECK_MS) to notice a newer snapshot.
 */
export const indexManifestEntity = new Entity({
  model: { entity: 'catalogIndexManifest', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
    key: { type: 'string', required: true },
    count: { type: 'number', required: true },
    builtAt: { type: 'string', required: true },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export type IndexManifestRow = EntityItem<typeof indexManifestEntity>;
