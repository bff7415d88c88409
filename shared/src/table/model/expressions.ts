/**
 * Expression placeholders and the `where` callback: `where(({ price }, { eq }) => eq(price, 5))`
 * builds `#price = :v0` with its names and values, for a filter or a condition.
 */

const PATH = Symbol('path');

/** An attribute (or a map's property) as a `where` callback names it. */
export interface AttributeRef<V> {
  readonly [PATH]: readonly string[];
  /** Carries the value type for the operations; never present at run time. */
  readonly __value?: V;
}

type Plain<V> = Exclude<V, undefined>;

/** A map attribute's properties are reachable as `meta.a`. */
export type Ref<V> = AttributeRef<Plain<V>> &
  (Plain<V> extends readonly unknown[]
    ? unknown
    : Plain<V> extends Record<string, unknown>
      ? { readonly [K in keyof Plain<V>]-?: Ref<Plain<V>[K]> }
      : unknown);

export type Refs<T> = { readonly [K in keyof T]-?: Ref<T[K]> };

type Element<V> = V extends readonly (infer E)[] ? E : V;

export interface WhereOperations {
  eq<V>(ref: AttributeRef<V>, value: NoInfer<V>): string;
  ne<V>(ref: AttributeRef<V>, value: NoInfer<V>): string;
  gt<V>(ref: AttributeRef<V>, value: NoInfer<V>): string;
  gte<V>(ref: AttributeRef<V>, value: NoInfer<V>): string;
  lt<V>(ref: AttributeRef<V>, value: NoInfer<V>): string;
  lte<V>(ref: AttributeRef<V>, value: NoInfer<V>): string;
  between<V>(ref: AttributeRef<V>, low: NoInfer<V>, high: NoInfer<V>): string;
  begins(ref: AttributeRef<string>, prefix: string): string;
  contains<V>(ref: AttributeRef<V>, value: NoInfer<Element<V>>): string;
  notContains<V>(ref: AttributeRef<V>, value: NoInfer<Element<V>>): string;
  exists(ref: AttributeRef<unknown>): string;
  notExists(ref: AttributeRef<unknown>): string;
}

export type WhereCallback<T> = (attributes: Refs<T>, operations: WhereOperations) => string;

/** Names and values of one request's expressions, shared by its key condition, filter and update. */
export class ExpressionState {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private counter = 0;

  name(attribute: string): string {
    const placeholder = `#${attribute.replace(/[^A-Za-z0-9_]/g, '_')}`;
    const taken = this.names[placeholder];
    if (taken === undefined) {
      this.names[placeholder] = attribute;
      return placeholder;
    }
    if (taken === attribute) return placeholder;
    return this.name(`${attribute}_${this.counter++}`);
  }

  value(value: unknown): string {
    const placeholder = `:v${this.counter++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  path(ref: AttributeRef<unknown>): string {
    return ref[PATH].map((part) => this.name(part)).join('.');
  }

  /** `where` callbacks, each in parentheses when several are joined. */
  where<T>(callbacks: readonly WhereCallback<T>[]): string | undefined {
    const parts = callbacks.map((callback) => callback(refs<T>(), this.operations())).filter(Boolean);
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' AND ');
  }

  /** The names and values to send (DynamoDB refuses empty maps). */
  attributes(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }

  private operations(): WhereOperations {
    const compare = (operator: string) => (ref: AttributeRef<unknown>, value: unknown) =>
      `${this.path(ref)} ${operator} ${this.value(value)}`;
    return {
      eq: compare('='),
      ne: compare('<>'),
      gt: compare('>'),
      gte: compare('>='),
      lt: compare('<'),
      lte: compare('<='),
      between: (ref, low, high) => `(${this.path(ref)} BETWEEN ${this.value(low)} AND ${this.value(high)})`,
      begins: (ref, prefix) => `begins_with(${this.path(ref)}, ${this.value(prefix)})`,
      contains: (ref, value) => `contains(${this.path(ref)}, ${this.value(value)})`,
      notContains: (ref, value) => `NOT contains(${this.path(ref)}, ${this.value(value)})`,
      exists: (ref) => `attribute_exists(${this.path(ref)})`,
      notExists: (ref) => `attribute_not_exists(${this.path(ref)})`,
    };
  }
}

/** A ref for any attribute name, and for any property below it. */
function refAt(path: readonly string[]): AttributeRef<unknown> {
  return new Proxy(
    { [PATH]: path },
    {
      get(target, property) {
        if (property === PATH) return target[PATH];
        if (typeof property !== 'string') return undefined;
        return refAt([...path, property]);
      },
    },
  );
}

function refs<T>(): Refs<T> {
  // Every name the callback destructures becomes a ref to that attribute.
  return new Proxy({} as Refs<T>, {
    get: (_, property) => (typeof property === 'string' ? refAt([property]) : undefined),
  });
}
