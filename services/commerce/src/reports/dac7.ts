import { DAC7_THRESHOLDS, type Dac7Counterparty, type Sale } from '@sneakers/shared/contracts/sales';

/**
 * The DAC7-ready summary (issue 14): a year's sales per buyer counterparty and quarter.
 *
 * - A counterparty is the client (`client:<id>`) or, for a buyer known by name only, the
 *   trimmed lower-cased name (`name:<name>`).
 * - One entry per counterparty and currency (amounts are never converted); the entries of
 *   one counterparty share its `reportable` flag.
 * - Reportable at or above 30 sales (every currency counts) or 2,000 EUR in the year. Only
 *   EUR amounts count toward the amount threshold: other currencies are not converted, so a
 *   counterparty paying in USD or GBP is reportable by the number of sales alone.
 * - `amount` is what the buyer paid (the sale price), `fees` the fees of those sales.
 */
export type Dac7Sale = Pick<Sale, 'clientId' | 'buyerName' | 'currency' | 'saleDate' | 'salePrice' | 'fees'>;

export function counterpartyKey(sale: Pick<Sale, 'clientId' | 'buyerName'>): string {
  return sale.clientId ? `client:${sale.clientId}` : `name:${sale.buyerName.trim().toLowerCase()}`;
}

/** 1..4 from a YYYY-MM-DD date. */
export function quarterOf(saleDate: string): number {
  return Math.floor((Number(saleDate.slice(5, 7)) - 1) / 3) + 1;
}

export function isReportable(totals: { sales: number; amountEurCents: number }): boolean {
  return totals.sales >= DAC7_THRESHOLDS.sales || totals.amountEurCents >= DAC7_THRESHOLDS.amountEurCents;
}

/** Folds sales in one at a time, so a year is read page by page without holding its rows. */
export class Dac7Summary {
  private readonly entries = new Map<string, Dac7Counterparty>();

  add(sale: Dac7Sale): void {
    const key = counterpartyKey(sale);
    const id = `${key}\u0000${sale.currency}`;
    let entry = this.entries.get(id);
    if (!entry) {
      entry = {
        key,
        // The first sale seen names it (the newest when read newest first).
        name: sale.buyerName.trim(),
        clientId: sale.clientId,
        currency: sale.currency,
        quarters: [1, 2, 3, 4].map((quarter) => ({ quarter, amount: 0, sales: 0, fees: 0 })),
        totalAmount: 0,
        totalSales: 0,
        totalFees: 0,
        reportable: false,
      };
      this.entries.set(id, entry);
    }
    const quarter = entry.quarters[quarterOf(sale.saleDate) - 1];
    if (!quarter) throw new Error(`Not a sale date: ${sale.saleDate}`);
    quarter.amount += sale.salePrice;
    quarter.sales += 1;
    quarter.fees += sale.fees;
    entry.totalAmount += sale.salePrice;
    entry.totalSales += 1;
    entry.totalFees += sale.fees;
  }

  /** Reportable counterparties first, then by name. */
  result(): Dac7Counterparty[] {
    const totals = new Map<string, { sales: number; amountEurCents: number }>();
    for (const entry of this.entries.values()) {
      const total = totals.get(entry.key) ?? { sales: 0, amountEurCents: 0 };
      total.sales += entry.totalSales;
      if (entry.currency === 'EUR') total.amountEurCents += entry.totalAmount;
      totals.set(entry.key, total);
    }
    const out = [...this.entries.values()].map((entry) => {
      const total = totals.get(entry.key);
      return { ...entry, reportable: total ? isReportable(total) : false };
    });
    return out.sort(
      (a, b) =>
        Number(b.reportable) - Number(a.reportable) ||
        a.name.localeCompare(b.name) ||
        a.currency.localeCompare(b.currency),
    );
  }
}

export function dac7Summary(sales: Iterable<Dac7Sale>): Dac7Counterparty[] {
  const summary = new Dac7Summary();
  for (const sale of sales) summary.add(sale);
  return summary.result();
}
