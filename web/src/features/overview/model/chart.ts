/** A "nice" axis maximum at or above `max`: 1, 2 or 5 times a power of ten (0 → 0). */
export function niceMax(max: number): number {
  if (max <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/** Indexes of the x-axis labels to print: at most `count`, always the first and the last. */
export function labelIndexes(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...picked];
}

/** A bucket's label: a day ("Mar 5") or a month ("Mar 2026"), in the reader's language. */
export function bucketLabel(date: string, bucket: 'day' | 'month', locale: string): string {
  const day = date.length === 7 ? `${date}-01` : date;
  const parsed = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString(
    locale,
    bucket === 'day'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
}

/**
 * An axis from a "nice" low to a "nice" high that always holds zero: profit and margin may be
 * negative (a pair sold at a loss), and their bars grow from the zero line.
 */
export function signedRange(values: readonly number[]): { low: number; high: number } {
  const high = niceMax(Math.max(0, ...values));
  const low = -niceMax(Math.max(0, ...values.map((v) => -v))) || 0;
  return { low, high };
}

/** Where on a `height`-tall plot (top at 0) a value of the range falls. */
export function scaleIn(range: { low: number; high: number }, height: number) {
  const span = range.high - range.low;
  return (value: number) => (span === 0 ? height : height - ((value - range.low) / span) * height);
}
