/**
 * Small adapter helpers every service's ElectroDB repository needs (store code only: the
 * domain never sees DynamoDB errors). Transactions: ./transaction; pages: ./paging.
 */

/** The attributes that have a value: ElectroDB stores no nulls, it removes the attribute. */
export function withoutNulls<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  const out: { [K in keyof T]?: Exclude<T[K], null> } = {};
  for (const key of Object.keys(value) as (keyof T)[]) {
    const v = value[key];
    if (v !== null && v !== undefined) out[key] = v as Exclude<T[typeof key], null>;
  }
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
