/** Amounts as the hosted pages and invoice lines show them (cents to `€12.00`). */
export function formatMoney(cents: number, currency: string) {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
