import { formatMoney, type Currency } from '@sneakers/shared';

/** Money that may be negative (a profit): a true minus sign before the formatted amount. */
export function signedMoney(amount: number, currency: Currency, locale: string): string {
  const formatted = formatMoney({ amount: Math.abs(amount), currency }, locale);
  return amount < 0 ? `−${formatted}` : formatted;
}

/** A YYYY-MM-DD date as the reader's locale writes it (noon UTC: never the day before). */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

export interface SaleTotals {
  currency: Currency;
  revenue: number;
  profit: number;
  units: number;
  sales: number;
}

/** Totals of the loaded sales per currency (amounts of different currencies never add up). */
export function totalsByCurrency(
  sales: ReadonlyArray<{ currency: Currency; salePrice: number; profit: number; quantity: number }>,
): SaleTotals[] {
  const totals = new Map<Currency, SaleTotals>();
  for (const sale of sales) {
    const total = totals.get(sale.currency) ?? {
      currency: sale.currency,
      revenue: 0,
      profit: 0,
      units: 0,
      sales: 0,
    };
    total.revenue += sale.salePrice;
    total.profit += sale.profit;
    total.units += sale.quantity;
    total.sales += 1;
    totals.set(sale.currency, total);
  }
  return [...totals.values()];
}
