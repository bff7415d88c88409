import type { PreviewRow } from '@sneakers/shared';

/**
 * Try Demo's sample import preview (docs/product/migration-tools.md#try-demo): a store's
 * inventory spreadsheet as the preview shows it, one row with an error and one style code
 * not in the catalogue. Shown by the SPA itself: the demo store cannot create an import.
 */
export const DEMO_FILE_NAME = 'inventario-tienda.xlsx';
export const DEMO_FIELDS = ['name', 'sku', 'sizes', 'askingPrice', 'purchasePrice'] as const;

const row = (
  n: number,
  values: Record<(typeof DEMO_FIELDS)[number], string>,
  patch: Partial<PreviewRow> = {},
): PreviewRow => ({
  row: n,
  values,
  errors: {},
  status: 'valid',
  catalog: 'matched',
  fixed: false,
  ...patch,
});

export const DEMO_ROWS: readonly PreviewRow[] = [
  row(0, {
    name: 'Jordan 1 Retro High OG Chicago',
    sku: 'DZ5485-612',
    sizes: 'EU 42',
    askingPrice: '220.00',
    purchasePrice: '180.00',
  }),
  row(1, {
    name: 'Nike Dunk Low Panda',
    sku: 'DD1391-100',
    sizes: 'EU 43',
    askingPrice: '120.00',
    purchasePrice: '95.00',
  }),
  row(
    2,
    {
      name: 'Yeezy Boost 350 V2 Onyx',
      sku: 'HQ4540',
      sizes: 'EU 44 2/3',
      askingPrice: 'ciento diez',
      purchasePrice: '150.00',
    },
    { status: 'invalid', errors: { askingPrice: ['Price must be a number'] } },
  ),
  row(3, {
    name: 'New Balance 550 White Green',
    sku: 'BB550WT1',
    sizes: 'US 9',
    askingPrice: '130.00',
    purchasePrice: '90.00',
  }),
  row(
    4,
    {
      name: 'Custom Air Force 1 (hand-painted)',
      sku: 'AF1-CUSTOM-07',
      sizes: 'EU 41',
      askingPrice: '250.00',
      purchasePrice: '110.00',
    },
    { catalog: 'not_matched' },
  ),
];

export const DEMO_TALLY = { total: 5, valid: 4, invalid: 1, skipped: 0 };
