import { SALE_PAYMENT_METHODS, type Sale, type SalePaymentMethod } from '@sneakers/shared/contracts/sales';
import type { Currency } from '@sneakers/shared/money';
import { neutraliseFormula } from '@sneakers/shared/rules/spreadsheet-cells';

/**
 * The end of the day at the counter (docs/product/store-mode.md#end-of-day): the day's sales
 * by payment method and currency, the cash the drawer should hold, the pairs sold, and the
 * same as CSV. Sales recorded elsewhere (no payment method) count as `other`. Pure.
 */
/** Today's UTC date (YYYY-MM-DD): a counter sale's date, the day the End of day tab sums, a received pair's purchase date. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export type SummaryMethod = SalePaymentMethod | 'other';
export const SUMMARY_METHODS: readonly SummaryMethod[] = [...SALE_PAYMENT_METHODS, 'other'];

export interface SummaryRow {
  method: SummaryMethod;
  currency: Currency;
  sales: number;
  units: number;
  amount: number;
}

export interface DaySummary {
  rows: SummaryRow[];
  units: number;
  /** Cash taken, per currency. */
  cash: Partial<Record<Currency, number>>;
}

export function daySummary(sales: readonly Sale[]): DaySummary {
  const rows = new Map<string, SummaryRow>();
  let units = 0;
  const cash: Partial<Record<Currency, number>> = {};
  for (const sale of sales) {
    const method: SummaryMethod = sale.paymentMethod ?? 'other';
    const key = `${method}#${sale.currency}`;
    const row = rows.get(key) ?? { method, currency: sale.currency, sales: 0, units: 0, amount: 0 };
    row.sales += 1;
    row.units += sale.quantity;
    row.amount += sale.salePrice;
    rows.set(key, row);
    units += sale.quantity;
    if (method === 'cash') cash[sale.currency] = (cash[sale.currency] ?? 0) + sale.salePrice;
  }
  const order = (r: SummaryRow) => SUMMARY_METHODS.indexOf(r.method);
  return {
    rows: [...rows.values()].sort((a, b) => order(a) - order(b) || a.currency.localeCompare(b.currency)),
    units,
    cash,
  };
}

const cell = (value: string) => {
  const safe = neutraliseFormula(value);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const amount = (cents: number) => (cents / 100).toFixed(2);

/** The day's sales, then the totals by method (amounts in the currency's main unit). */
export function daySummaryCsv(date: string, sales: readonly Sale[], summary: DaySummary): string {
  const lines = [['date', 'time', 'sku', 'name', 'size', 'buyer', 'payment_method', 'price', 'currency']];
  for (const s of [...sales].sort((a, b) => a.createdAt.localeCompare(b.createdAt)))
    lines.push([
      date,
      s.createdAt.slice(11, 16),
      s.sku,
      s.name,
      s.size,
      s.buyerName,
      s.paymentMethod ?? 'other',
      amount(s.salePrice),
      s.currency,
    ]);
  lines.push([]);
  lines.push(['total', 'payment_method', 'sales', 'units', 'amount', 'currency']);
  for (const r of summary.rows)
    lines.push(['total', r.method, String(r.sales), String(r.units), amount(r.amount), r.currency]);
  return `${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
