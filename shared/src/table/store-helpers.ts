/**
 * Small adapter helpers every service's ElectroDB repository needs (store code only: the
 * domain never sees DynamoDB errors). Transactions: ./transaction; pages: ./paging.
 */

/** `T` with its nullable attributes optional and non-null; the others kept as they are. */
export type WithoutNulls<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/** The attributes that have a value: ElectroDB stores no nulls, it removes the attribute. */
export function withoutNulls<T extends object>(value: T): WithoutNulls<T> {
  const out = {} as WithoutNulls<T>;
  for (const [key, v] of Object.entries(value))
    if (v !== null && v !== undefined) Object.assign(out, { [key]: v });
  return out;
}

/** The keys of `value` whose value is null: the attributes an update must remove. */
export function nullKeys<K extends string>(value: Partial<Record<K, unknown>>, keys: readonly K[]): K[] {
  return keys.filter((k) => value[k] === null);
}

/** Absent attributes read back as null. */
export const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

/** Seconds since the epoch, for TTL attributes. */
export const epochSeconds = (ms: number) => Math.floor(ms / 1000);
