import type { Sale } from '@sneakers/shared/contracts/sales';

/**
 * The sales CSV for tax reporting (issue 14): RFC 4180 (CRLF line ends; a field holding a
 * comma, quote or line break is quoted, quotes doubled). Text a spreadsheet would run as a
 * formula (starting with = + - @, tab or CR) gets a leading apostrophe. Amounts are numbers
 * in the currency's main unit with two decimals and are never guarded: a negative profit
 * must stay a number.
 */
export const CSV_HEADERS = {
  en: [
    'Date',
    'Item',
    'SKU',
    'Size',
    'Quantity',
    'Buyer',
    'Price',
    'Purchase price',
    'Fees',
    'Profit',
    'Currency',
  ],
  es: [
    'Fecha',
    'Artículo',
    'SKU',
    'Talla',
    'Cantidad',
    'Comprador',
    'Precio',
    'Precio de compra',
    'Comisiones',
    'Beneficio',
    'Moneda',
  ],
} as const;

export type CsvLanguage = keyof typeof CSV_HEADERS;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: formula-guarded, then quoted when RFC 4180 requires it. */
export function textCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Integer cents as the main unit with two decimals (`-1250` → `-12.50`), without float rounding. */
export function amountCell(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function saleCsvRow(sale: Sale): string {
  return [
    textCell(sale.saleDate),
    textCell(sale.name),
    textCell(sale.sku),
    textCell(sale.size),
    String(sale.quantity),
    textCell(sale.buyerName),
    amountCell(sale.salePrice),
    amountCell(sale.purchasePrice),
    amountCell(sale.fees),
    amountCell(sale.profit),
    textCell(sale.currency),
  ].join(',');
}

/** Header row and one row per sale, CRLF-terminated. */
export function salesCsv(sales: readonly Sale[], language: CsvLanguage = 'en'): string {
  const lines = [CSV_HEADERS[language].map(textCell).join(','), ...sales.map(saleCsvRow)];
  return `${lines.join('\r\n')}\r\n`;
}

export const salesCsvFilename = (from: string, to: string) => `sales-${from}-${to}.csv`;
