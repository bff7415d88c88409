/**
 * The table layer every repository declares its rows with (docs/adr/0015-table-layer.md):
 * entities with derived types, their reads and writes, services binding a repository's
 * entities to its table for transactions and collections, and the record mapping.
 */
export { Entity, type CreateEntityItem, type EntityItem, type EntityRow, type PutItem } from './model/entity';
export { Service, type TransactionResult } from './model/service';
export { ENTITY_FIELD, VERSION_FIELD } from './model/keys';
export { toRecord, toRow } from './model/records';
export type { TableConfig } from './model/core';
export type { TransactionItem } from './model/writes';
export type {
  AttributeDefinition,
  EntityDefinition,
  IndexDefinition,
  ItemOf,
  RecordOf,
  StoredItem,
} from './model/schema';
