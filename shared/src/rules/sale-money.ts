/**
 * Sale money rules (issue 14), shared by the commerce API and the SPA: amounts are integer
 * cents of one currency.
 */
export interface SaleAmounts {
  salePrice: number;
  purchasePrice: number;
  fees: number;
}

/** Sale price − purchase price − fees; negative when the pair sold at a loss. */
export function saleProfit({ salePrice, purchasePrice, fees }: SaleAmounts): number {
  return salePrice - purchasePrice - fees;
}

/**
 * Profit as a percentage of revenue with one decimal, halves rounded away from zero (a loss
 * rounds like the same gain); null without revenue (no meaningful margin).
 */
export function marginPercent(revenue: number, profit: number): number | null {
  if (revenue <= 0) return null;
  const tenths = Math.round((Math.abs(profit) / revenue) * 1000);
  return (Math.sign(profit) * tenths) / 10 || 0;
}
