import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { EntityCore, TableConfig } from './core';
import { ExpressionState, type WhereCallback } from './expressions';
import type {
  EntityDefinition,
  ItemOf,
  NumericNames,
  PrimaryKeyOf,
  RemovableNames,
  StoredItem,
  WritableItem,
} from './schema';

type Values = Readonly<Record<string, unknown>>;

/** One item of a TransactWriteItems request, as `commit()` gives it. */
export type TransactionItem =
  | { Put: PutCommandInput }
  | { Update: UpdateCommandInput & { UpdateExpression: string } }
  | { Delete: DeleteCommandInput }
  | { ConditionCheck: DeleteCommandInput & { ConditionExpression: string } };

export type ReturnValues = 'none' | 'all_new' | 'all_old' | 'updated_new' | 'updated_old';

export interface WriteOptions extends TableConfig {
  response?: ReturnValues;
}

const RETURN_VALUES = {
  all_new: 'ALL_NEW',
  all_old: 'ALL_OLD',
  updated_new: 'UPDATED_NEW',
  updated_old: 'UPDATED_OLD',
} as const;

const returnValues = (response: ReturnValues | undefined) =>
  response && response !== 'none' ? { ReturnValues: RETURN_VALUES[response] } : {};

/** `attribute_exists` (or not) of the row's table key, and the caller's conditions after it. */
function condition(
  state: ExpressionState,
  core: EntityCore<EntityDefinition>,
  existence: 'exists' | 'absent' | undefined,
  wheres: readonly WhereCallback<never>[],
): string | undefined {
  const parts: string[] = [];
  if (existence) {
    const { pk, sk } = core.keys.primary.definition;
    const fn = existence === 'exists' ? 'attribute_exists' : 'attribute_not_exists';
    parts.push(`${fn}(${state.name(pk.field)}) AND ${fn}(${state.name(sk.field)})`);
  }
  const where = state.where(wheres);
  if (where) parts.push(where);
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

/** put (replace), create (only when absent). */
export class PutOperation<D extends EntityDefinition> {
  private readonly wheres: WhereCallback<StoredItem<D>>[] = [];

  constructor(
    private readonly core: EntityCore<D>,
    private readonly item: Values,
    private readonly mode: 'put' | 'create',
  ) {}

  where(callback: WhereCallback<StoredItem<D>>): this {
    this.wheres.push(callback);
    return this;
  }

  params(options: TableConfig = {}): PutCommandInput {
    const state = new ExpressionState();
    const attributes = this.core.attributes.forPut(this.item);
    const ConditionExpression = condition(
      state,
      this.core,
      this.mode === 'create' ? 'absent' : undefined,
      this.wheres,
    );
    return {
      TableName: this.core.table(options),
      Item: { ...attributes, ...this.core.keys.allKeys(attributes), ...this.core.attributes.identity() },
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...state.attributes(),
    };
  }

  async go(options: TableConfig = {}): Promise<{ data: ItemOf<D> }> {
    const params = this.params(options);
    await this.core.client(options).send(new PutCommand(params));
    return { data: this.core.attributes.format(params.Item ?? {}) as ItemOf<D> };
  }

  commit(options: TableConfig = {}): TransactionItem {
    return { Put: this.params(options) };
  }
}

/** patch (only an existing row), update (creates one), upsert (every attribute, no condition). */
export class UpdateOperation<D extends EntityDefinition> {
  private readonly sets: Record<string, unknown> = {};
  private readonly adds: Record<string, number> = {};
  private readonly subtracts: Record<string, number> = {};
  private readonly removes = new Set<string>();
  private readonly wheres: WhereCallback<StoredItem<D>>[] = [];

  constructor(
    private readonly core: EntityCore<D>,
    private readonly key: Values,
    private readonly mode: 'patch' | 'update' | 'upsert',
  ) {}

  set(values: WritableItem<D>): this {
    Object.assign(this.sets, values);
    return this;
  }
  /** An upsert's values: every attribute, read-only ones included. */
  setAll(values: Values): this {
    Object.assign(this.sets, values);
    return this;
  }
  add(values: Partial<Record<NumericNames<D> & PropertyKey, number>>): this {
    Object.assign(this.adds, values);
    return this;
  }
  subtract(values: Partial<Record<NumericNames<D> & PropertyKey, number>>): this {
    Object.assign(this.subtracts, values);
    return this;
  }
  remove(names: readonly RemovableNames<D>[]): this {
    for (const name of names) this.removes.add(String(name));
    return this;
  }
  where(callback: WhereCallback<StoredItem<D>>): this {
    this.wheres.push(callback);
    return this;
  }

  params(options: WriteOptions = {}): UpdateCommandInput & { UpdateExpression: string } {
    const { keys, attributes } = this.core;
    const key = keys.primaryKey(this.key);
    const keyValues = Object.fromEntries(keys.compositeNames(keys.primary).map((n) => [n, this.key[n]]));
    const state = new ExpressionState();
    const sets =
      this.mode === 'upsert'
        ? attributes.forPut({ ...this.sets, ...keyValues })
        : attributes.forUpdate(this.sets, keyValues);
    attributes.checkRemovable([...this.removes]);
    const known = { ...keyValues, ...sets };
    const setExpressions = new Map<string, string>();
    const removeNames = new Set(this.removes);
    for (const [name, value] of Object.entries(sets)) setExpressions.set(name, state.value(value));
    for (const [name, value] of Object.entries(this.subtracts)) {
      const field = state.name(name);
      setExpressions.set(name, `(if_not_exists(${field}, ${state.value(0)}) - ${state.value(value)})`);
    }
    this.indexChanges(known, sets, setExpressions, removeNames, state);
    for (const [name, value] of Object.entries({ ...keyValues, ...attributes.identity() }))
      if (!setExpressions.has(name)) setExpressions.set(name, state.value(value));
    const clauses = [
      `SET ${[...setExpressions].map(([name, value]) => `${state.name(name)} = ${value}`).join(', ')}`,
    ];
    const adds = Object.entries(this.adds);
    if (adds.length > 0)
      clauses.push(
        `ADD ${adds.map(([name, value]) => `${state.name(name)} ${state.value(value)}`).join(', ')}`,
      );
    if (removeNames.size > 0) clauses.push(`REMOVE ${[...removeNames].map((n) => state.name(n)).join(', ')}`);
    const ConditionExpression = condition(
      state,
      this.core,
      this.mode === 'patch' ? 'exists' : undefined,
      this.wheres,
    );
    return {
      TableName: this.core.table(options),
      Key: key,
      UpdateExpression: clauses.join(' '),
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...returnValues(options.response),
      ...state.attributes(),
    };
  }

  /** The row as `response` asks (e.g. 'all_new'); without one, the row's key attributes. */
  async go(options: WriteOptions = {}): Promise<{ data: ItemOf<D> }> {
    const out = await this.core.client(options).send(new UpdateCommand(this.params(options)));
    // ElectroDB answers an upsert with what DynamoDB returned, other updates with the key.
    const asked = options.response && options.response !== 'none';
    const row = asked || this.mode === 'upsert' ? (out.Attributes ?? {}) : this.key;
    return { data: this.core.attributes.format(row) as ItemOf<D> };
  }

  commit(options: TableConfig = {}): TransactionItem {
    return { Update: this.params(options) };
  }

  /**
   * GSI keys follow their attributes, as ElectroDB keeps them: a key whose attribute this
   * update sets is rewritten (its other attributes must be known), a key whose attribute is
   * removed goes, and a sparse index whose condition no longer holds loses both keys.
   */
  private indexChanges(
    known: Values,
    changed: Values,
    sets: Map<string, string>,
    removes: Set<string>,
    state: ExpressionState,
  ): void {
    const { keys } = this.core;
    for (const index of keys.indexes) {
      if (index === keys.primary) continue;
      const { pk, sk, condition: holds } = index.definition;
      const names = keys.compositeNames(index);
      if (!names.some((n) => Object.hasOwn(changed, n) || removes.has(n))) continue;
      if (holds && !holds(known)) {
        removes.add(pk.field).add(sk.field);
        continue;
      }
      if (holds) keys.expect(index, known);
      const parts = [
        { key: pk, value: () => keys.partition(index, known) },
        { key: sk, value: () => keys.sort(index, known) },
      ];
      for (const { key, value } of parts) {
        if (key.composite.some((n) => removes.has(n))) removes.add(key.field);
        else if (holds || key.composite.some((n) => Object.hasOwn(changed, n))) {
          keys.expect(index, known, [...key.composite]);
          sets.set(key.field, state.value(value()));
        }
      }
    }
  }
}

/** delete (whether or not it exists), remove (only an existing row). */
export class DeleteOperation<D extends EntityDefinition> {
  private readonly wheres: WhereCallback<StoredItem<D>>[] = [];

  constructor(
    private readonly core: EntityCore<D>,
    private readonly key: Values,
    private readonly mode: 'delete' | 'remove',
  ) {}

  where(callback: WhereCallback<StoredItem<D>>): this {
    this.wheres.push(callback);
    return this;
  }

  params(options: WriteOptions = {}): DeleteCommandInput {
    const state = new ExpressionState();
    const ConditionExpression = condition(
      state,
      this.core,
      this.mode === 'remove' ? 'exists' : undefined,
      this.wheres,
    );
    return {
      TableName: this.core.table(options),
      Key: this.core.keys.primaryKey(this.key),
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...returnValues(options.response),
      ...state.attributes(),
    };
  }

  /** The deleted row with `response: 'all_old'` (null when there was none); else the key. */
  async go(options: WriteOptions = {}): Promise<{ data: ItemOf<D> | null }> {
    const out = await this.core.client(options).send(new DeleteCommand(this.params(options)));
    if (options.response === 'all_old') return { data: this.core.read(out.Attributes) as ItemOf<D> | null };
    return { data: this.core.attributes.format(this.key) as ItemOf<D> };
  }

  commit(options: TableConfig = {}): TransactionItem {
    return { Delete: this.params(options) };
  }
}

/** A transaction item that writes nothing: the transaction commits only while its condition holds. */
export class CheckOperation<D extends EntityDefinition> {
  private readonly wheres: WhereCallback<StoredItem<D>>[] = [];

  constructor(
    private readonly core: EntityCore<D>,
    private readonly key: Values,
  ) {}

  where(callback: WhereCallback<StoredItem<D>>): this {
    this.wheres.push(callback);
    return this;
  }

  commit(options: TableConfig = {}): TransactionItem {
    const state = new ExpressionState();
    const ConditionExpression = condition(state, this.core, undefined, this.wheres);
    if (!ConditionExpression) throw new Error(`${this.core.name}: a check needs a condition`);
    return {
      ConditionCheck: {
        TableName: this.core.table(options),
        Key: this.core.keys.primaryKey(this.key),
        ConditionExpression,
        ...state.attributes(),
      },
    };
  }
}

/** BatchWriteItem's largest request. */
const BATCH_WRITE_MAX = 25;

/**
 * Puts or deletes many rows in BatchWriteItem requests of 25, `concurrency` at a time;
 * answers the keys DynamoDB left unprocessed (the caller decides whether to retry).
 */
export class BatchWriteOperation<D extends EntityDefinition> {
  constructor(
    private readonly core: EntityCore<D>,
    private readonly requests: readonly ({ put: Values } | { delete: Values })[],
  ) {}

  async go(
    options: TableConfig & { concurrency?: number } = {},
  ): Promise<{ unprocessed: PrimaryKeyOf<D>[] }> {
    const table = this.core.table(options);
    const writes = this.requests.map((request) =>
      'put' in request
        ? { PutRequest: { Item: putItem(this.core, request.put) } }
        : { DeleteRequest: { Key: this.core.keys.primaryKey(request.delete) } },
    );
    const chunks: (typeof writes)[] = [];
    for (let i = 0; i < writes.length; i += BATCH_WRITE_MAX)
      chunks.push(writes.slice(i, i + BATCH_WRITE_MAX));
    const unprocessed: PrimaryKeyOf<D>[] = [];
    const concurrency = Math.max(1, options.concurrency ?? 1);
    for (let i = 0; i < chunks.length; i += concurrency) {
      const outs = await Promise.all(
        chunks
          .slice(i, i + concurrency)
          .map((chunk) =>
            this.core.client(options).send(new BatchWriteCommand({ RequestItems: { [table]: chunk } })),
          ),
      );
      for (const out of outs)
        for (const left of out.UnprocessedItems?.[table] ?? []) {
          const row = left.PutRequest?.Item ?? left.DeleteRequest?.Key ?? {};
          unprocessed.push(this.core.attributes.format(row) as PrimaryKeyOf<D>);
        }
    }
    return { unprocessed };
  }
}

function putItem(core: EntityCore<EntityDefinition>, item: Values) {
  const attributes = core.attributes.forPut(item);
  return { ...attributes, ...core.keys.allKeys(attributes), ...core.attributes.identity() };
}
