import { PAYMENT_CONSIGNMENTS_MAX, type Consignment, type Currency } from '@sneakers/shared';

/** What the checked consignments add up to: one currency (a payment never mixes them). */
export interface Selection {
  total: number;
  currency: Currency | null;
  count: number;
}

export function selectionOf(consignments: readonly Consignment[], selected: ReadonlySet<string>): Selection {
  const picked = consignments.filter((c) => selected.has(c.id));
  return {
    total: picked.reduce((sum, c) => sum + c.price, 0),
    currency: picked[0]?.currency ?? null,
    count: picked.length,
  };
}

/**
 * Whether `consignment` may be checked next to the current selection: same currency as the
 * ones checked, and no more than a payment settles.
 */
export function selectable(consignment: Consignment, selection: Selection, checked: boolean): boolean {
  if (checked) return true;
  if (selection.count >= PAYMENT_CONSIGNMENTS_MAX) return false;
  return selection.currency === null || selection.currency === consignment.currency;
}

/** Toggles one id; unchecking keeps the others. */
export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Drops the ids no longer payable (paid meanwhile, say). */
export function keepPayable(selected: ReadonlySet<string>, payable: readonly Consignment[]): Set<string> {
  const ids = new Set(payable.map((c) => c.id));
  return new Set([...selected].filter((id) => ids.has(id)));
}

/** Today's calendar date where the user is (YYYY-MM-DD). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
