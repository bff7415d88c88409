import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityCore } from './core';
import { projection, type TableConfig } from './core';
import { ExpressionState, type WhereCallback } from './expressions';
import type { IndexFacts } from './keys';
import type { EntityDefinition, ItemOf, PrimaryKeyOf, SortComposite, StoredItem } from './schema';

type Values = Readonly<Record<string, unknown>>;

export interface ReadOptions<A> extends TableConfig {
  consistent?: boolean;
  /** Only these attributes are read (a ProjectionExpression). */
  attributes?: A;
}

/** What a read answers: the whole item, or the attributes asked for. */
type Read<D extends EntityDefinition, A> = A extends readonly (infer N extends keyof ItemOf<D>)[]
  ? Pick<ItemOf<D>, N>
  : ItemOf<D>;

export class GetOperation<D extends EntityDefinition> {
  constructor(
    private readonly core: EntityCore<D>,
    private readonly key: Values,
  ) {}

  params<const A extends readonly (keyof ItemOf<D> & string)[] | undefined = undefined>(
    options: ReadOptions<A> = {},
  ) {
    const state = new ExpressionState();
    const attributes = projection(this.core, options.attributes);
    return {
      TableName: this.core.table(options),
      Key: this.core.keys.primaryKey(this.key),
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...(attributes ? { ProjectionExpression: attributes.map((name) => state.name(name)).join(', ') } : {}),
      ...state.attributes(),
    };
  }

  async go<const A extends readonly (keyof ItemOf<D> & string)[] | undefined = undefined>(
    options: ReadOptions<A> = {},
  ): Promise<{ data: Read<D, A> | null }> {
    const out = await this.core.client(options).send(new GetCommand(this.params(options)));
    return { data: this.core.read(out.Item, options.attributes) as Read<D, A> | null };
  }
}

/** BatchGetItem's largest request. */
const BATCH_GET_MAX = 100;

/**
 * Many rows by key in BatchGetItem requests of 100, `concurrency` at a time; rows come back
 * in no particular order, with the keys DynamoDB left unprocessed (the caller asks again).
 */
export class BatchGetOperation<D extends EntityDefinition> {
  constructor(
    private readonly core: EntityCore<D>,
    private readonly keys: readonly Values[],
  ) {}

  async go<const A extends readonly (keyof ItemOf<D> & string)[] | undefined = undefined>(
    options: ReadOptions<A> & { concurrency?: number } = {},
  ): Promise<{ data: Read<D, A>[]; unprocessed: PrimaryKeyOf<D>[] }> {
    const table = this.core.table(options);
    const state = new ExpressionState();
    const attributes = projection(this.core, options.attributes);
    const shape = {
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...(attributes
        ? {
            ProjectionExpression: attributes.map((name) => state.name(name)).join(', '),
            ExpressionAttributeNames: state.names,
          }
        : {}),
    };
    const chunks: Record<string, string>[][] = [];
    for (let i = 0; i < this.keys.length; i += BATCH_GET_MAX)
      chunks.push(this.keys.slice(i, i + BATCH_GET_MAX).map((key) => this.core.keys.primaryKey(key)));
    const data: Read<D, A>[] = [];
    const unprocessed: PrimaryKeyOf<D>[] = [];
    const concurrency = Math.max(1, options.concurrency ?? 1);
    for (let i = 0; i < chunks.length; i += concurrency) {
      const outs = await Promise.all(
        chunks
          .slice(i, i + concurrency)
          .map((Keys) =>
            this.core
              .client(options)
              .send(new BatchGetCommand({ RequestItems: { [table]: { Keys, ...shape } } })),
          ),
      );
      for (const out of outs) {
        for (const row of out.Responses?.[table] ?? []) {
          const item = this.core.read(row, options.attributes);
          if (item) data.push(item as Read<D, A>);
        }
        for (const key of out.UnprocessedKeys?.[table]?.Keys ?? []) unprocessed.push(this.keyOf(key));
      }
    }
    return { data, unprocessed };
  }

  /** The composite attributes of an unprocessed key, as the caller gave them. */
  private keyOf(key: Record<string, unknown>): PrimaryKeyOf<D> {
    const wanted = this.keys.find((k) => {
      const built = this.core.keys.primaryKey(k);
      return Object.entries(built).every(([field, value]) => key[field] === value);
    });
    return (wanted ?? {}) as PrimaryKeyOf<D>;
  }
}

type Range =
  | { operator: 'between'; low: Values; high: Values }
  | { operator: 'gt' | 'gte' | 'lt' | 'lte' | 'begins'; values: Values };

const RANGE_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

export interface QueryOptions<A> extends ReadOptions<A> {
  order?: 'asc' | 'desc';
  /** A cursor this layer issued (base64url JSON of the last evaluated key). */
  cursor?: string | null;
  /** DynamoDB's Limit of each request. */
  limit?: number;
  /** Requests to make (default 1), or 'all' until the partition ends. */
  pages?: number | 'all';
  /** Stop once this many items are read; the cursor then resumes after the last one. */
  count?: number;
}

/** Cursors are base64url JSON of a last evaluated key, as ElectroDB issued them. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | null | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw new Error();
    return Object.fromEntries(Object.entries(decoded));
  } catch {
    throw new Error('Invalid cursor');
  }
}

/** One partition's rows in key order, read a page or more at a time. */
export class QueryOperation<D extends EntityDefinition, I extends keyof D['indexes']> {
  private range: Range | undefined;
  private readonly filters: WhereCallback<StoredItem<D>>[] = [];

  constructor(
    private readonly core: EntityCore<D>,
    private readonly index: IndexFacts,
    private readonly composite: Values,
  ) {}

  between(low: SortComposite<D, I>, high: SortComposite<D, I>): this {
    this.range = { operator: 'between', low, high };
    return this;
  }
  gt(values: SortComposite<D, I>): this {
    return this.setRange('gt', values);
  }
  gte(values: SortComposite<D, I>): this {
    return this.setRange('gte', values);
  }
  lt(values: SortComposite<D, I>): this {
    return this.setRange('lt', values);
  }
  lte(values: SortComposite<D, I>): this {
    return this.setRange('lte', values);
  }
  begins(values: SortComposite<D, I>): this {
    return this.setRange('begins', values);
  }

  where(callback: WhereCallback<StoredItem<D>>): this {
    this.filters.push(callback);
    return this;
  }

  params<const A extends readonly (keyof ItemOf<D> & string)[] | undefined = undefined>(
    options: QueryOptions<A> = {},
  ): QueryCommandInput {
    const state = new ExpressionState();
    const { keys } = this.core;
    const { pk, sk } = this.index.definition;
    keys.expect(this.index, this.composite, [...pk.composite]);
    const pkName = state.name(pk.field);
    const skName = state.name(sk.field);
    let condition = `${pkName} = ${state.value(keys.partition(this.index, this.composite))}`;
    const range = this.range;
    if (range?.operator === 'between') {
      const low = keys.sortPrefix(this.index, { ...this.composite, ...range.low }, false).value;
      const high = keys.sortPrefix(this.index, { ...this.composite, ...range.high }, false).value;
      condition += ` and ${skName} BETWEEN ${state.value(low)} AND ${state.value(high)}`;
    } else if (range) {
      const bound = keys.sortPrefix(this.index, { ...this.composite, ...range.values }, false).value;
      condition +=
        range.operator === 'begins'
          ? ` and begins_with(${skName}, ${state.value(bound)})`
          : ` and ${skName} ${RANGE_OPERATORS[range.operator]} ${state.value(bound)}`;
    } else {
      const prefix = keys.sortPrefix(this.index, this.composite, true);
      condition += prefix.complete
        ? ` and ${skName} = ${state.value(prefix.value)}`
        : ` and begins_with(${skName}, ${state.value(prefix.value)})`;
    }
    const filter = state.where(this.filters);
    const attributes = projection(this.core, options.attributes);
    const indexKeys = this.index.index ? [pk.field, sk.field] : [];
    return {
      TableName: this.core.table(options),
      KeyConditionExpression: condition,
      ...(filter ? { FilterExpression: filter } : {}),
      ...(this.index.index ? { IndexName: this.index.index } : {}),
      ...(options.order === 'desc' ? { ScanIndexForward: false } : {}),
      ...(options.limit !== undefined ? { Limit: options.limit } : {}),
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...(attributes
        ? {
            ProjectionExpression: [...new Set([...attributes, ...indexKeys])]
              .map((name) => state.name(name))
              .join(', '),
          }
        : {}),
      ...state.attributes(),
    };
  }

  async go<const A extends readonly (keyof ItemOf<D> & string)[] | undefined = undefined>(
    options: QueryOptions<A> = {},
  ): Promise<{ data: Read<D, A>[]; cursor: string | null }> {
    const { rows, cursor } = await runQuery(this.core, this.params(options), options, this.index);
    const data = rows.flatMap((row) => {
      const item = this.core.read(row, options.attributes);
      return item ? [item as Read<D, A>] : [];
    });
    return { data, cursor };
  }

  private setRange(operator: 'gt' | 'gte' | 'lt' | 'lte' | 'begins', values: Values): this {
    this.range = { operator, values };
    return this;
  }
}

/**
 * ElectroDB's paging, kept so every list pages as before: one request unless `pages` says
 * more; with `count`, requests go on until that many items are read, and the cursor points
 * after the last item returned, not after the last one DynamoDB evaluated.
 */
export async function runQuery(
  core: EntityCore<EntityDefinition>,
  params: QueryCommandInput,
  options: QueryOptions<unknown>,
  index: IndexFacts,
  owned: (row: Record<string, unknown>) => boolean = (row) => core.attributes.owns(row),
): Promise<{ rows: Record<string, unknown>[]; cursor: string | null }> {
  const client = core.client(options);
  const pages = options.pages ?? 1;
  const rows: Record<string, unknown>[] = [];
  let start = decodeCursor(options.cursor);
  for (let page = 0; ; page++) {
    const out = await client.send(new QueryCommand({ ...params, ExclusiveStartKey: start }));
    start = out.LastEvaluatedKey;
    const mine = (out.Items ?? []).filter(owned);
    if (options.count !== undefined && rows.length + mine.length >= options.count) {
      rows.push(...mine.slice(0, options.count - rows.length));
      const last = rows[rows.length - 1];
      return { rows, cursor: last ? encodeCursor(keyOfRow(core, index, last)) : encodeCursor(start) };
    }
    rows.push(...mine);
    if (!start) break;
    if (options.count === undefined && pages !== 'all' && page + 1 >= pages) break;
  }
  return { rows, cursor: encodeCursor(start) };
}

/** The last evaluated key DynamoDB would give for this row on this index. */
function keyOfRow(core: EntityCore<EntityDefinition>, index: IndexFacts, row: Record<string, unknown>) {
  // ElectroDB's order: the index's keys, then the table's (the cursor is these keys as JSON).
  const { pk, sk } = core.keys.primary.definition;
  const fields = index.index
    ? [index.definition.pk.field, index.definition.sk.field, pk.field, sk.field]
    : [pk.field, sk.field];
  return Object.fromEntries(fields.map((field) => [field, row[field]]));
}
