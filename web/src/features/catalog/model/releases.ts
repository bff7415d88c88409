import type { Product } from '@sneakers/shared';

/** A local calendar day as YYYY-MM-DD (releases fall on the reader's days, not UTC's). */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return localDay(new Date(y, m - 1, d + days));
}

export type ReleaseHeading =
  { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'date'; date: string } | { kind: 'unknown' };

export interface ReleaseGroup {
  /** The release date, or '' for products without one. */
  date: string;
  heading: ReleaseHeading;
  products: Product[];
}

/**
 * Releases grouped by date in the order they came (soonest first), each group headed
 * "Today", "Tomorrow" or its date; undated ones last.
 */
export function groupReleases(products: readonly Product[], today: string): ReleaseGroup[] {
  const tomorrow = addDays(today, 1);
  const groups = new Map<string, ReleaseGroup>();
  for (const product of products) {
    const date = product.releaseDate ?? '';
    let group = groups.get(date);
    if (!group) {
      const heading: ReleaseHeading = !date
        ? { kind: 'unknown' }
        : date === today
          ? { kind: 'today' }
          : date === tomorrow
            ? { kind: 'tomorrow' }
            : { kind: 'date', date };
      group = { date, heading, products: [] };
      groups.set(date, group);
    }
    group.products.push(product);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => g.date), ...all.filter((g) => !g.date)];
}
