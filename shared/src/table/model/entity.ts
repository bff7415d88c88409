import { EntityCore, type TableConfig } from './core';
import { BatchGetOperation, GetOperation, QueryOperation } from './reads';
import type { EntityDefinition, ItemOf, PrimaryKeyOf, QueryComposite, StoredItem } from './schema';
import {
  BatchWriteOperation,
  CheckOperation,
  DeleteOperation,
  PutOperation,
  UpdateOperation,
} from './writes';

type Queries<D extends EntityDefinition> = {
  readonly [I in keyof D['indexes']]: (composite: QueryComposite<D, I>) => QueryOperation<D, I>;
};

/** A put may leave out the attributes that have a default. */
type DefaultNames<D extends EntityDefinition> = {
  [K in keyof D['attributes']]: D['attributes'][K] extends { default: unknown } ? K : never;
}[keyof D['attributes']];
export type PutItem<D extends EntityDefinition> = Omit<StoredItem<D>, DefaultNames<D>> &
  Partial<Pick<StoredItem<D>, DefaultNames<D> & keyof StoredItem<D>>>;

/**
 * One kind of row in the single table, declared once (docs/adr/0015-table-layer.md): its
 * attributes, its keys and access patterns, and the reads and writes on them. The API is
 * the part of ElectroDB's the repositories use, with the same keys and semantics.
 */
export class Entity<const D extends EntityDefinition> {
  readonly schema: D;
  readonly query: Queries<D>;
  private readonly core: EntityCore<D>;

  constructor(definition: D, config: TableConfig = {}) {
    this.schema = definition;
    this.core = new EntityCore(definition, config);
    const queries: Record<string, (composite: Record<string, unknown>) => QueryOperation<D, string>> = {};
    for (const index of this.core.keys.indexes)
      queries[index.name] = (composite) => new QueryOperation(this.core, index, composite);
    this.query = queries as Queries<D>;
  }

  /** The same entity sending its requests to `config`'s client and table. */
  withConfig(config: TableConfig): Entity<D> {
    return new Entity(this.schema, { ...this.core.config, ...config });
  }

  get(key: PrimaryKeyOf<D>): GetOperation<D>;
  get(keys: readonly PrimaryKeyOf<D>[]): BatchGetOperation<D>;
  get(key: PrimaryKeyOf<D> | readonly PrimaryKeyOf<D>[]): GetOperation<D> | BatchGetOperation<D> {
    if (isList(key)) return new BatchGetOperation(this.core, key);
    return new GetOperation(this.core, key);
  }

  /** In a transaction: commits only while the row meets the condition. */
  check(key: PrimaryKeyOf<D>): CheckOperation<D> {
    return new CheckOperation(this.core, key);
  }

  put(item: PutItem<D>): PutOperation<D>;
  put(items: readonly PutItem<D>[]): BatchWriteOperation<D>;
  put(item: PutItem<D> | readonly PutItem<D>[]): PutOperation<D> | BatchWriteOperation<D> {
    if (isList(item))
      return new BatchWriteOperation(
        this.core,
        item.map((put) => ({ put })),
      );
    return new PutOperation(this.core, item, 'put');
  }

  /** A put that fails its condition when the row exists. */
  create(item: PutItem<D>): PutOperation<D> {
    return new PutOperation(this.core, item, 'create');
  }

  /** Every attribute written, the row created when missing, nothing else of it touched. */
  upsert(item: PutItem<D>): UpdateOperation<D> {
    return new UpdateOperation(this.core, item, 'upsert').setAll(item);
  }

  /** An update that fails its condition when the row does not exist. */
  patch(key: PrimaryKeyOf<D>): UpdateOperation<D> {
    return new UpdateOperation(this.core, key, 'patch');
  }

  update(key: PrimaryKeyOf<D>): UpdateOperation<D> {
    return new UpdateOperation(this.core, key, 'update');
  }

  delete(key: PrimaryKeyOf<D>): DeleteOperation<D>;
  delete(keys: readonly PrimaryKeyOf<D>[]): BatchWriteOperation<D>;
  delete(key: PrimaryKeyOf<D> | readonly PrimaryKeyOf<D>[]): DeleteOperation<D> | BatchWriteOperation<D> {
    if (isList(key))
      return new BatchWriteOperation(
        this.core,
        key.map((k) => ({ delete: k })),
      );
    return new DeleteOperation(this.core, key, 'delete');
  }

  /** A delete that fails its condition when the row does not exist. */
  remove(key: PrimaryKeyOf<D>): DeleteOperation<D> {
    return new DeleteOperation(this.core, key, 'remove');
  }

  /** A raw row (a stream image, a BatchGetItem answer) read as this entity's item, or null. */
  parse<const A extends readonly (keyof ItemOf<D> & string)[] | undefined = undefined>(
    response: { Item?: Record<string, unknown> },
    options: { attributes?: A } = {},
  ): {
    data: (A extends readonly (infer N extends keyof ItemOf<D>)[] ? Pick<ItemOf<D>, N> : ItemOf<D>) | null;
  } {
    const data = this.core.read(response.Item, options.attributes);
    return {
      data: data as
        (A extends readonly (infer N extends keyof ItemOf<D>)[] ? Pick<ItemOf<D>, N> : ItemOf<D>) | null,
    };
  }

  /** The row's table key (`{ pk, sk }`), e.g. for a BatchGetItem mixing entities. */
  key(key: PrimaryKeyOf<D>): Record<string, string> {
    return this.core.keys.primaryKey(key);
  }

  /** Internal: what operations of this entity share (the service's collections read it). */
  get internals(): EntityCore<D> {
    return this.core;
  }
}

/** An item or key is a plain object; a batch is an array of them. */
function isList<T extends object>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}

/** What a read of the entity returns. */
export type EntityItem<E> = E extends Entity<infer D> ? ItemOf<D> : never;
/** Every attribute, hidden ones included: what a put writes. */
export type EntityRow<E> = E extends Entity<infer D> ? StoredItem<D> : never;
/** What a put or create takes (attributes with a default may be left out). */
export type CreateEntityItem<E> = E extends Entity<infer D> ? PutItem<D> : never;
