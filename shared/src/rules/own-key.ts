/**
 * Reads of objects keyed by names that come from input (a feature in a path, a gender from
 * the marketplace, a segment of the address). A plain object answers `constructor`,
 * `toString` or `__proto__` with what it inherits from Object.prototype, so such a read
 * goes through one of these, or the lookup is a Map (issue 25).
 */

/** Whether `record` itself holds `key` (inherited names never count). */
export function hasOwnKey(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/** The value `record` itself holds under `key`, or undefined (never an inherited one). */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
