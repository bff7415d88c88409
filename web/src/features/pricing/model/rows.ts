import type { PricingRunRow, PRICING_ROW_FILTERS } from '@sneakers/shared';

export type RowFilter = (typeof PRICING_ROW_FILTERS)[number];

/**
 * Which rows Apply sends (docs/product/pricing-strategies.md#screens): with "select all" on,
 * every changed row of the run but the ones unticked since, so the pages not loaded yet are
 * included without being fetched; otherwise exactly the ticked rows.
 */
export interface RowSelection {
  all: boolean;
  /** Unticked rows while `all`, ticked rows otherwise. */
  ids: ReadonlySet<string>;
}

export const NO_SELECTION: RowSelection = { all: false, ids: new Set() };

export function isSelected(selection: RowSelection, itemId: string): boolean {
  return selection.all ? !selection.ids.has(itemId) : selection.ids.has(itemId);
}

export function toggleRow(selection: RowSelection, itemId: string): RowSelection {
  const ids = new Set(selection.ids);
  if (ids.has(itemId)) ids.delete(itemId);
  else ids.add(itemId);
  return { all: selection.all, ids };
}

/** How many rows Apply changes, given how many rows of the run change a price. */
export function selectedCount(selection: RowSelection, changes: number): number {
  return selection.all ? Math.max(0, changes - selection.ids.size) : selection.ids.size;
}

export function applyBody(selection: RowSelection): { all: true; except: string[] } | { itemIds: string[] } {
  return selection.all ? { all: true, except: [...selection.ids] } : { itemIds: [...selection.ids] };
}

/** Only a pending row that changes a price can be applied. */
export function isApplicable(row: Pick<PricingRunRow, 'changed' | 'state'>): boolean {
  return row.changed && row.state === 'pending';
}

/** The change in cents and in basis points of the current price (null without both prices). */
export function changeOf(row: Pick<PricingRunRow, 'currentPrice' | 'newPrice'>): {
  cents: number;
  bps: number | null;
} | null {
  if (row.newPrice === null || row.currentPrice === null) return null;
  const cents = row.newPrice - row.currentPrice;
  return { cents, bps: row.currentPrice === 0 ? null : Math.round((cents * 10_000) / row.currentPrice) };
}
