import type { RatingSummary } from '@sneakers/shared/contracts/messaging';

/** Mean stars with one decimal (4.666 → 4.7); null with no ratings. */
export function averageStars(counts: { count: number; sum: number } | null | undefined): RatingSummary {
  const count = counts?.count ?? 0;
  if (!counts || count <= 0) return { average: null, count: 0 };
  return { average: Math.round((counts.sum / count) * 10) / 10, count };
}
