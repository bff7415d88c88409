import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityCore, TableConfig } from './core';
import type { Entity } from './entity';
import { ExpressionState } from './expressions';
import { ENTITY_FIELD, VERSION_FIELD } from './keys';
import { runQuery, type QueryOptions } from './reads';
import type { EntityDefinition, ItemOf } from './schema';
import type { TransactionItem } from './writes';

/** What a service needs of an entity, whatever its declaration (each keeps its own type). */
interface AnyEntity {
  readonly schema: EntityDefinition;
  readonly internals: EntityCore<EntityDefinition>;
  withConfig(config: TableConfig): AnyEntity;
}
type Entities = Readonly<Record<string, AnyEntity>>;

/** How a TransactWriteItems ended, item by item (the shared `transact` reads `code`). */
export interface TransactionResult {
  canceled: boolean;
  data: { rejected: boolean; code: string; message?: string; item: null }[];
}

type CollectionNames<E extends Entities> = {
  [K in keyof E]: E[K] extends Entity<infer D>
    ? {
        [I in keyof D['indexes']]: D['indexes'][I] extends { collection: infer C extends string } ? C : never;
      }[keyof D['indexes']]
    : never;
}[keyof E];

type CollectionData<E extends Entities, C extends string> = {
  [
    K in keyof E as E[K] extends Entity<infer D>
      ? C extends {
          [I in keyof D['indexes']]: D['indexes'][I] extends { collection: infer N } ? N : never;
        }[keyof D['indexes']]
        ? K
        : never
      : never
  ]: E[K] extends Entity<infer D> ? ItemOf<D>[] : never;
};

type Collections<E extends Entities> = {
  readonly [C in CollectionNames<E> & string]: (composite: Record<string, unknown>) => {
    go(options?: QueryOptions<undefined>): Promise<{ data: CollectionData<E, C>; cursor: string | null }>;
  };
};

/**
 * The entities one repository uses, bound to its client and table: one TransactWriteItems
 * across them (`transaction.write`) and one Query per collection (entities sharing a
 * partition, read together).
 */
export class Service<const E extends Entities> {
  readonly entities: E;
  readonly transaction: {
    write(build: (entities: E) => TransactionItem[]): {
      go(): Promise<TransactionResult>;
      params(): TransactionItem[];
    };
  };
  readonly collections: Collections<E>;

  constructor(
    entities: E,
    private readonly config: Required<TableConfig>,
  ) {
    const bound: Record<string, AnyEntity> = {};
    for (const [alias, entity] of Object.entries(entities)) bound[alias] = entity.withConfig(config);
    this.entities = bound as E;
    this.transaction = {
      write: (build) => {
        const items = build(this.entities);
        return {
          params: () => items,
          go: () => this.writeTransaction(items),
        };
      },
    };
    this.collections = this.buildCollections() as Collections<E>;
  }

  private async writeTransaction(items: TransactionItem[]): Promise<TransactionResult> {
    try {
      await this.config.client.send(new TransactWriteCommand({ TransactItems: items }));
      return { canceled: false, data: items.map(() => ({ rejected: false, code: 'None', item: null })) };
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      return {
        canceled: true,
        data: reasons.map(({ Code = 'None', Message }) => ({
          rejected: Code !== 'None',
          code: Code,
          ...(Message ? { message: Message } : {}),
          item: null,
        })),
      };
    }
  }

  private buildCollections(): Record<string, (composite: Record<string, unknown>) => unknown> {
    const members = new Map<string, { alias: string; entity: AnyEntity; indexName: string }[]>();
    for (const [alias, entity] of Object.entries(this.entities)) {
      for (const [indexName, index] of Object.entries(entity.schema.indexes)) {
        if (!index.collection) continue;
        members.set(index.collection, [
          ...(members.get(index.collection) ?? []),
          { alias, entity, indexName },
        ]);
      }
    }
    const collections: Record<string, (composite: Record<string, unknown>) => unknown> = {};
    for (const [name, entities] of members) {
      collections[name] = (composite) => ({
        go: (options: QueryOptions<undefined> = {}) =>
          this.readCollection(name, entities, composite, options),
      });
    }
    return collections;
  }

  /** One Query over the collection's partition; rows are sorted to the entity that owns them. */
  private async readCollection(
    name: string,
    members: { alias: string; entity: AnyEntity; indexName: string }[],
    composite: Record<string, unknown>,
    options: QueryOptions<undefined>,
  ) {
    const first = members[0];
    if (!first) throw new Error(`No entity in collection ${name}`);
    const core = first.entity.internals;
    const index = core.keys.byName(first.indexName);
    core.keys.expect(index, composite, [...index.definition.pk.composite]);
    const state = new ExpressionState();
    const { pk, sk } = index.definition;
    const prefix = sk.casing === 'none' ? `$${name}` : `$${name}`.toLowerCase();
    const identity = members.map(({ entity }) => {
      const { entity: e, version } = entity.schema.model;
      return `(${state.name(ENTITY_FIELD)} = ${state.value(e)} AND ${state.name(VERSION_FIELD)} = ${state.value(version)})`;
    });
    const params = {
      TableName: core.table(options),
      KeyConditionExpression: `${state.name(pk.field)} = ${state.value(core.keys.partition(index, composite))} and begins_with(${state.name(sk.field)}, ${state.value(prefix)})`,
      FilterExpression: identity.length === 1 ? identity[0] : `(${identity.join(' OR ')})`,
      ...(index.index ? { IndexName: index.index } : {}),
      ...(options.order === 'desc' ? { ScanIndexForward: false } : {}),
      ...(options.limit !== undefined ? { Limit: options.limit } : {}),
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...state.attributes(),
    };
    const owned = (row: Record<string, unknown>) =>
      members.some(({ entity }) => entity.internals.attributes.owns(row));
    const { rows, cursor } = await runQuery(core, params, options, index, owned);
    const data: Record<string, unknown[]> = Object.fromEntries(members.map(({ alias }) => [alias, []]));
    for (const row of rows) {
      const owner = members.find(({ entity }) => entity.internals.attributes.owns(row));
      const item = owner?.entity.internals.read(row);
      if (owner && item) data[owner.alias]?.push(item);
    }
    return { data, cursor };
  }
}

interface CancellationReason {
  Code?: string;
  Message?: string;
}

/** DynamoDB's reasons for a canceled transaction, by item position; undefined for any other error. */
function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if (!('name' in error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = 'CancellationReasons' in error ? error.CancellationReasons : undefined;
  return Array.isArray(reasons) ? reasons : [];
}
