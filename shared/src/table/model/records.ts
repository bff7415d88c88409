import type { AttributeDefinition, EntityDefinition, ItemOf, RecordOf } from './schema';

/**
 * The one mapping between stored items and the records use cases see: an absent optional
 * attribute is null in a record, and a null in a record is an absent attribute in the row
 * (DynamoDB rows store no nulls). Maps are mapped property by property.
 */
export function toRecord<D extends EntityDefinition, T extends Partial<ItemOf<D>>>(
  schema: D,
  item: T,
): RecordOf<T> {
  return fill(schema.attributes, item) as RecordOf<T>;
}

function fill(
  attributes: Readonly<Record<string, AttributeDefinition>>,
  value: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const [name, declared] of Object.entries(attributes)) {
    if (declared.hidden) continue;
    const v = value[name];
    if (v === undefined || v === null) out[name] = null;
    else if (declared.type === 'map' && declared.properties && isObject(v))
      out[name] = fill(declared.properties, v);
  }
  return out;
}

type Absent<T> = {
  [K in keyof T as null extends T[K] ? never : K]: T[K] extends infer V ? Stripped<V> : never;
} & {
  [K in keyof T as null extends T[K] ? K : never]?: Stripped<Exclude<T[K], null>>;
};
type Stripped<V> = V extends readonly unknown[] ? V : V extends Record<string, unknown> ? Absent<V> : V;

/** A record as a row: its nulls left out, in maps too. */
export function toRow<T extends object>(record: T): Absent<T> {
  return strip(record) as Absent<T>;
}

function strip(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    out[key] = isObject(v) ? strip(v) : v;
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
