import { describe, expect, it } from 'vitest';
import type { Sale } from '@sneakers/shared/contracts/sales';
import { amountCell, salesCsv, salesCsvFilename, textCell } from '../../src/reports/csv';
import { counterpartyKey, dac7Summary, isReportable, quarterOf, type Dac7Sale } from '../../src/reports/dac7';

const sale = (over: Partial<Sale> = {}): Sale => ({
  id: 'sale-1',
  source: 'inventory',
  itemId: 'item-1',
  providerId: null,
  consignmentId: null,
  orderId: null,
  productCatalogId: null,
  sku: 'DD1391-100',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'White/Black',
  imageUrl: null,
  size: '42',
  quantity: 1,
  salePrice: 15000,
  purchasePrice: 9000,
  fees: 1050,
  profit: 4950,
  currency: 'EUR',
  saleDate: '2026-03-31',
  clientId: null,
  buyerName: 'Ana',
  shippingCarrier: null,
  trackingNumber: null,
  notes: null,
  paymentMethod: null,
  confirmationQueuedAt: null,
  createdAt: '2026-03-31T10:00:00.000Z',
  updatedAt: '2026-03-31T10:00:00.000Z',
  ...over,
});

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rinside', '"cr\rinside"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+34 600', "'+34 600"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rReturn', `"'\rReturn"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['', ''],
    ['a=b', 'a=b'],
  ])('text %j → %j', (value, cell) => {
    expect(textCell(value)).toBe(cell);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1050, '10.50'],
    [15000, '150.00'],
    [-1500, '-15.00'],
    [-7, '-0.07'],
    [10_000_000_000, '100000000.00'],
  ])('amount %i cents → %s', (cents, cell) => {
    expect(amountCell(cents)).toBe(cell);
  });
});

describe('salesCsv', () => {
  it('has a header row and one CRLF row per sale; amounts are numbers, never guarded', () => {
    const csv = salesCsv([
      sale(),
      sale({ name: 'Jordan 1, "Chicago"', buyerName: '=cmd|calc', profit: -300, salePrice: 8700, fees: 0 }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Item,SKU,Size,Quantity,Buyer,Price,Purchase price,Fees,Profit,Currency',
      '2026-03-31,Dunk Low Panda,DD1391-100,42,1,Ana,150.00,90.00,10.50,49.50,EUR',
      `2026-03-31,"Jordan 1, ""Chicago""",DD1391-100,42,1,'=cmd|calc,87.00,90.00,0.00,-3.00,EUR`,
      '',
    ]);
  });

  it('writes the header in the store’s language', () => {
    expect(salesCsv([], 'es')).toBe(
      'Fecha,Artículo,SKU,Talla,Cantidad,Comprador,Precio,Precio de compra,Comisiones,Beneficio,Moneda\r\n',
    );
  });

  it('names the file after the period', () => {
    expect(salesCsvFilename('2026-01-01', '2026-03-31')).toBe('sales-2026-01-01-2026-03-31.csv');
  });
});

const dacSale = (over: Partial<Dac7Sale> = {}): Dac7Sale => ({
  clientId: null,
  buyerName: 'Ana',
  currency: 'EUR',
  saleDate: '2026-05-10',
  salePrice: 10000,
  fees: 100,
  ...over,
});
const times = (n: number, over: Partial<Dac7Sale> = {}) => Array.from({ length: n }, () => dacSale(over));

describe('DAC7 grouping', () => {
  it.each([
    ['2026-01-01', 1],
    ['2026-03-31', 1],
    ['2026-04-01', 2],
    ['2026-09-30', 3],
    ['2026-10-01', 4],
    ['2026-12-31', 4],
  ])('%s is in Q%i', (date, quarter) => {
    expect(quarterOf(date)).toBe(quarter);
  });

  it('groups by client, else by the trimmed lower-cased name', () => {
    expect(counterpartyKey({ clientId: 'c1', buyerName: 'Ana' })).toBe('client:c1');
    expect(counterpartyKey({ clientId: null, buyerName: '  Ana Ruiz ' })).toBe('name:ana ruiz');
  });

  it('sums amount, sales and fees per quarter and in total', () => {
    const [ana, ...rest] = dac7Summary([
      dacSale({ saleDate: '2026-02-01', salePrice: 1000, fees: 10 }),
      dacSale({ buyerName: 'ANA ', saleDate: '2026-02-15', salePrice: 2000, fees: 20 }),
      dacSale({ saleDate: '2026-11-30', salePrice: 500, fees: 0 }),
    ]);
    expect(rest).toEqual([]);
    expect(ana).toEqual({
      key: 'name:ana',
      name: 'Ana',
      clientId: null,
      currency: 'EUR',
      quarters: [
        { quarter: 1, amount: 3000, sales: 2, fees: 30 },
        { quarter: 2, amount: 0, sales: 0, fees: 0 },
        { quarter: 3, amount: 0, sales: 0, fees: 0 },
        { quarter: 4, amount: 500, sales: 1, fees: 0 },
      ],
      totalAmount: 3500,
      totalSales: 3,
      totalFees: 30,
      reportable: false,
    });
  });

  it('keeps a client apart from a name-only buyer of the same name, and currencies apart', () => {
    const rows = dac7Summary([dacSale({ clientId: 'c1' }), dacSale(), dacSale({ currency: 'GBP' })]);
    expect(rows.map((r) => [r.key, r.currency])).toEqual([
      ['client:c1', 'EUR'],
      ['name:ana', 'EUR'],
      ['name:ana', 'GBP'],
    ]);
  });
});

describe('DAC7 thresholds (30 sales or 2,000 EUR in the year)', () => {
  it.each([
    ['29 sales under 2,000 EUR', { sales: 29, amountEurCents: 199_999 }, false],
    ['30 sales', { sales: 30, amountEurCents: 0 }, true],
    ['exactly 2,000 EUR', { sales: 1, amountEurCents: 200_000 }, true],
    ['just under 2,000 EUR', { sales: 1, amountEurCents: 199_999 }, false],
  ])('%s → %s', (_label, totals, reportable) => {
    expect(isReportable(totals)).toBe(reportable);
  });

  it.each([
    ['30 small EUR sales', times(30, { salePrice: 100 }), true],
    ['29 small EUR sales', times(29, { salePrice: 100 }), false],
    ['two EUR sales of 1,000 EUR', times(2, { salePrice: 100_000 }), true],
    [
      '5,000 GBP (not converted: only the count counts)',
      times(2, { currency: 'GBP', salePrice: 250_000 }),
      false,
    ],
    [
      '15 EUR + 15 GBP sales (the count spans currencies)',
      [...times(15, { salePrice: 100 }), ...times(15, { currency: 'GBP', salePrice: 100 })],
      true,
    ],
    [
      '1,999.99 EUR across quarters',
      [
        dacSale({ saleDate: '2026-01-05', salePrice: 99_999 }),
        dacSale({ saleDate: '2026-12-05', salePrice: 100_000 }),
      ],
      false,
    ],
  ])('%s → reportable %s', (_label, sales, reportable) => {
    const rows = dac7Summary(sales);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.reportable === reportable)).toBe(true);
  });

  it('lists reportable counterparties first, then by name', () => {
    const rows = dac7Summary([
      dacSale({ buyerName: 'Aaron' }),
      ...times(30, { buyerName: 'Zoe' }),
      dacSale({ buyerName: 'Bea' }),
    ]);
    expect(rows.map((r) => [r.name, r.reportable])).toEqual([
      ['Zoe', true],
      ['Aaron', false],
      ['Bea', false],
    ]);
  });
});
