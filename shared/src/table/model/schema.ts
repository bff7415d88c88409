/**
 * How an entity is declared (docs/adr/0015-table-layer.md): the same shape ElectroDB takes,
 * so every row keeps the keys and identifiers it was written with, and the record types are
 * derived from the declaration instead of written by hand.
 */

export type ScalarType = 'string' | 'number' | 'boolean' | 'any';
export type AttributeType = ScalarType | 'map' | 'list' | readonly string[];

export interface AttributeDefinition {
  readonly type: AttributeType;
  readonly required?: boolean;
  /** Set when the row is created, never by an update. */
  readonly readOnly?: boolean;
  /** Stored and filterable, never returned by a read. */
  readonly hidden?: boolean;
  readonly default?: unknown;
  /** A `map`'s properties. */
  readonly properties?: Readonly<Record<string, AttributeDefinition>>;
  /** A `list`'s element. */
  readonly items?: AttributeDefinition;
  /** A derived attribute: recomputed by `set` whenever one of these attributes is written. */
  readonly watch?: readonly string[];
  readonly set?: (value: unknown, item: Readonly<Record<string, unknown>>) => unknown;
}

export type Casing = 'default' | 'lower' | 'upper' | 'none';

export interface KeyDefinition {
  readonly field: string;
  readonly composite: readonly string[];
  readonly casing?: Casing;
}

export interface IndexDefinition {
  /** The GSI's name; absent for the table's own key. */
  readonly index?: string;
  /** Entities sharing a partition and a collection name are read together by one Query. */
  readonly collection?: string;
  /** A sparse index: its keys are written only while this holds for the row. */
  readonly condition?: (item: Readonly<Record<string, unknown>>) => boolean;
  readonly pk: KeyDefinition;
  readonly sk: KeyDefinition;
}

export interface EntityDefinition {
  readonly model: { readonly entity: string; readonly version: string; readonly service: string };
  readonly attributes: Readonly<Record<string, AttributeDefinition>>;
  readonly indexes: Readonly<Record<string, IndexDefinition>>;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ScalarValue<T> = T extends 'string'
  ? string
  : T extends 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends readonly (infer U)[]
        ? U
        : unknown;

/** The TypeScript type of one attribute's value. */
export type ValueOf<A extends AttributeDefinition> = A['type'] extends 'map'
  ? A extends { properties: infer P extends Readonly<Record<string, AttributeDefinition>> }
    ? ItemOfAttributes<P>
    : Record<string, unknown>
  : A['type'] extends 'list'
    ? A extends { items: infer I extends AttributeDefinition }
      ? ValueOf<I>[]
      : unknown[]
    : ScalarValue<A['type']>;

type RequiredNames<As> = {
  [K in keyof As]: As[K] extends { required: true } ? K : never;
}[keyof As];
type HiddenNames<As> = { [K in keyof As]: As[K] extends { hidden: true } ? K : never }[keyof As];
type ReadOnlyNames<As> = { [K in keyof As]: As[K] extends { readOnly: true } ? K : never }[keyof As];

/** Required attributes are present; the others may be absent (nothing is stored as null). */
export type ItemOfAttributes<As extends Readonly<Record<string, AttributeDefinition>>> = Simplify<
  { -readonly [K in RequiredNames<As>]: ValueOf<As[K]> } & {
    -readonly [K in Exclude<keyof As, RequiredNames<As>>]?: ValueOf<As[K]>;
  }
>;

type AttributesOf<D extends EntityDefinition> = D['attributes'];

/** Every attribute, hidden ones included: what a write may carry and a filter may name. */
export type StoredItem<D extends EntityDefinition> = ItemOfAttributes<AttributesOf<D>>;

/** What a read returns: every attribute but the hidden ones. */
export type ItemOf<D extends EntityDefinition> = Simplify<Omit<StoredItem<D>, HiddenNames<AttributesOf<D>>>>;

/** The attributes an update may set: not read-only, not part of the row's own key. */
export type WritableItem<D extends EntityDefinition> = Simplify<
  Partial<Omit<StoredItem<D>, ReadOnlyNames<AttributesOf<D>> | PrimaryKeyNames<D>>>
>;

/** The name of the table's own index (the one without `index`). */
export type PrimaryIndexName<D extends EntityDefinition> = {
  [K in keyof D['indexes']]: D['indexes'][K] extends { index: string } ? never : K;
}[keyof D['indexes']];

type CompositeNames<K extends KeyDefinition> = K['composite'][number];

export type PrimaryKeyNames<D extends EntityDefinition> =
  | CompositeNames<D['indexes'][PrimaryIndexName<D>]['pk']>
  | CompositeNames<D['indexes'][PrimaryIndexName<D>]['sk']>;

/** The attributes that name one row. */
export type PrimaryKeyOf<D extends EntityDefinition> = Simplify<
  Pick<StoredItem<D>, PrimaryKeyNames<D> & keyof StoredItem<D>>
>;

/** A query's composite: every partition key attribute, and sort key attributes from the left. */
export type QueryComposite<D extends EntityDefinition, I extends keyof D['indexes']> = Simplify<
  Required<Pick<StoredItem<D>, CompositeNames<D['indexes'][I]['pk']> & keyof StoredItem<D>>> &
    Partial<Pick<StoredItem<D>, CompositeNames<D['indexes'][I]['sk']> & keyof StoredItem<D>>>
>;

/** Sort key attributes, for range conditions on a query. */
export type SortComposite<D extends EntityDefinition, I extends keyof D['indexes']> = Simplify<
  Partial<Pick<StoredItem<D>, CompositeNames<D['indexes'][I]['sk']> & keyof StoredItem<D>>>
>;

/** The numeric attributes an update may add to. */
export type NumericNames<D extends EntityDefinition> = {
  [K in keyof WritableItem<D>]-?: Exclude<WritableItem<D>[K], undefined> extends number ? K : never;
}[keyof WritableItem<D>];

/** The attributes an update may remove: optional and writable. */
export type RemovableNames<D extends EntityDefinition> = {
  [K in keyof WritableItem<D>]-?: K extends RequiredNames<AttributesOf<D>> ? never : K;
}[keyof WritableItem<D>];

/** An item with its absent optional attributes as null: what the domain works with. */
export type RecordOf<T> = Simplify<{
  -readonly [K in keyof T]-?: undefined extends T[K]
    ? NullableValue<Exclude<T[K], undefined>> | null
    : NullableValue<T[K]>;
}>;

type NullableValue<V> = V extends readonly unknown[]
  ? V
  : V extends Record<string, unknown>
    ? RecordOf<V>
    : V;
