/**
 * The size chart (issue 13; docs/product/catalogue.md#size-chart): one
 * source of truth for converting a shoe size between US M, US W, UK, EU and JP cm, by brand
 * and gender, shared by the API (scraper, imports, variants table) and the SPA (size chart
 * section, catalogue picker). Browser-safe: plain data and pure functions.
 *
 * Rows follow the brands' published men's and women's charts and are ordered by foot length
 * (JP cm, as the brands print it on the box). Brands really differ: Nike men's US 9 = UK 8 =
 * EU 42.5, adidas men's US 9 = UK 8.5 = EU 42 2/3 (adidas EU sizes step in thirds), Converse
 * runs half a size big (US 9 = UK 9). A few neighbouring small sizes share a length or a UK
 * size in a brand's own chart (Nike men's US 6.5 and 7 are both UK 6); a lookup by such a
 * value answers the first (smaller) row.
 */

export const SIZE_SYSTEMS = ['usM', 'usW', 'uk', 'eu', 'jpCm'] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];

export const CHART_BRANDS = ['nike', 'adidas', 'new-balance', 'asics', 'puma', 'converse', 'vans'] as const;
export type ChartBrand = (typeof CHART_BRANDS)[number];

export const CHART_GENDERS = ['men', 'women'] as const;
export type ChartGender = (typeof CHART_GENDERS)[number];

export interface SizeRow {
  /** Foot length in cm: the row's key. */
  footCm: number;
  usM: string;
  usW: string;
  uk: string;
  eu: string;
  jpCm: string;
}

/** A size value as a number: '42 2/3' → 42.667, '42,5' → 42.5, '42⅔' → 42.667. */
export function sizeValueNumber(value: string): number | undefined {
  const text = value.trim().replace('⅓', ' 1/3').replace('⅔', ' 2/3').replace(',', '.');
  const match = /^(\d+(?:\.\d+)?)(?:\s*([12])\/3)?$/.exec(text);
  if (!match?.[1]) return undefined;
  return Number(match[1]) + (match[2] ? Number(match[2]) / 3 : 0);
}

/** A size value as written on charts: '9', '10.5', '42 2/3' (thirds kept as thirds). */
export function formatSizeValue(n: number): string {
  const whole = Math.floor(n + 1e-6);
  const thirds = Math.round((n - whole) * 3 * 100) / 100;
  if (Math.abs(thirds - 1) < 0.02) return `${whole} 1/3`;
  if (Math.abs(thirds - 2) < 0.02) return `${whole} 2/3`;
  return String(Math.round(n * 100) / 100);
}

// ---- The charts ----

type Offsets = { usW: number; uk: number };

/**
 * Rows from `footCm usM eu` triples (strictly as the brand publishes them); US W and UK
 * follow from US M by the brand's fixed offsets, which the published charts keep throughout.
 */
function rows(triples: string, offsets: Offsets, ukOverrides: Record<string, string> = {}): SizeRow[] {
  return triples
    .trim()
    .split(/\s*;\s*/)
    .map((triple) => {
      const [cm = '', usM = '', eu = ''] = triple.trim().split(/\s+/);
      const m = Number(usM);
      return {
        footCm: Number(cm),
        usM,
        usW: formatSizeValue(m + offsets.usW),
        uk: ukOverrides[usM] ?? formatSizeValue(m + offsets.uk),
        eu,
        jpCm: cm,
      };
    });
}

// Nike (and Jordan) men's: nike.com size chart; US W = US M + 1.5, UK = US M - 1 except the
// small sizes where Nike's chart repeats UK 6 and starts at UK 3.
const NIKE_MEN = rows(
  `22.5 3.5 35.5; 23 4 36; 23.5 4.5 36.5; 23.5 5 37.5; 24 5.5 38; 24 6 38.5; 24.5 6.5 39;
   25 7 40; 25.5 7.5 40.5; 26 8 41; 26.5 8.5 42; 27 9 42.5; 27.5 9.5 43; 28 10 44; 28.5 10.5 44.5;
   29 11 45; 29.5 11.5 45.5; 30 12 46; 30.5 12.5 47; 31 13 47.5; 31.5 13.5 48; 32 14 48.5;
   32.5 14.5 49; 33 15 49.5; 34 16 50.5; 35 17 51.5; 36 18 52.5`,
  { usW: 1.5, uk: -1 },
  { '3.5': '3', '4': '3.5', '4.5': '4', '5': '4.5', '5.5': '5', '6': '5.5', '6.5': '6', '7': '6' },
);
// Nike women's: W 10.5 = UK 8 = EU 42.5 (the same EU as men's US 9, at Nike's women's 27.5 cm).
const NIKE_WOMEN = rows(
  `21 2.5 34.5; 21.5 3 35; 22 3.5 35.5; 22.5 4 36; 23 4.5 36.5; 23.5 5 37.5; 24 5.5 38;
   24.5 6 38.5; 25 6.5 39; 25.5 7 40; 26 7.5 40.5; 26.5 8 41; 27 8.5 42; 27.5 9 42.5; 28 9.5 43;
   28.5 10 44; 29 10.5 44.5; 29.5 11 45; 30 11.5 45.5; 31 12.5 47; 32 13.5 48`,
  { usW: 1.5, uk: -1 },
);

/**
 * adidas (and Yeezy): UK-based; each half size adds half a cm and two thirds of an EU size.
 * UK 3.5 = US M 4 = US W 5 = EU 36 = 22 cm (JP 220), up to UK 15; UK 8.5 = US 9 = EU 42 2/3 = 27.
 */
function adidasRows(): SizeRow[] {
  const out: SizeRow[] = [];
  for (let step = 0; step <= 23; step++) {
    const uk = 3.5 + step / 2;
    const cm = 22 + step / 2;
    out.push({
      footCm: cm,
      usM: formatSizeValue(uk + 0.5),
      usW: formatSizeValue(uk + 1.5),
      uk: formatSizeValue(uk),
      eu: formatSizeValue(36 + (step * 2) / 3),
      jpCm: formatSizeValue(cm),
    });
  }
  return out;
}
const ADIDAS = adidasRows();

// New Balance men's: US 9 = UK 8.5 = EU 42.5 = 27 cm; women's: W 10 = UK 8 = EU 41.5 = 27 cm.
const NEW_BALANCE_MEN = rows(
  `22 4 36; 22.5 4.5 37; 23 5 37.5; 23.5 5.5 38; 24 6 38.5; 24.5 6.5 39.5; 25 7 40; 25.5 7.5 40.5;
   26 8 41.5; 26.5 8.5 42; 27 9 42.5; 27.5 9.5 43; 28 10 44; 28.5 10.5 44.5; 29 11 45;
   29.5 11.5 45.5; 30 12 46.5; 30.5 12.5 47; 31 13 47.5; 32 14 49; 33 15 50; 34 16 51`,
  { usW: 1.5, uk: -0.5 },
);
const NEW_BALANCE_WOMEN = rows(
  `22 3.5 35; 22.5 4 36; 23 4.5 36.5; 23.5 5 37; 24 5.5 37.5; 24.5 6 38; 25 6.5 39; 25.5 7 40;
   26 7.5 40.5; 26.5 8 41; 27 8.5 41.5; 27.5 9 42.5; 28 9.5 43; 28.5 10 43.5; 29 10.5 44; 30 11.5 45`,
  { usW: 1.5, uk: -0.5 },
);

// Asics men's: US 9 = UK 8 = EU 42.5 = 27 cm; women's: W 10 = UK 8 = EU 42 = 27 cm.
const ASICS_MEN = rows(
  `22 4 36; 22.5 4.5 37; 23 5 37.5; 23.5 5.5 38; 24 6 39; 24.5 6.5 39.5; 25 7 40; 25.5 7.5 40.5;
   26 8 41.5; 26.5 8.5 42; 27 9 42.5; 27.5 9.5 43.5; 28 10 44; 28.5 10.5 44.5; 29 11 45;
   29.5 11.5 46; 30 12 46.5; 30.5 12.5 47; 31 13 48; 32 14 49; 33 15 50`,
  { usW: 1.5, uk: -1 },
);
const ASICS_WOMEN = rows(
  `22 3.5 35.5; 22.5 4 36; 23 4.5 37; 23.5 5 37.5; 24 5.5 38; 24.5 6 39; 25 6.5 39.5; 25.5 7 40;
   26 7.5 40.5; 26.5 8 41.5; 27 8.5 42; 27.5 9 42.5; 28 9.5 43.5; 28.5 10 44; 29 10.5 44.5`,
  { usW: 1.5, uk: -0.5 },
);

// Puma men's: US 9 = UK 8 = EU 42 = 27 cm; women's: W 10.5 = UK 8 = EU 42 = 27 cm.
const PUMA_MEN = rows(
  `22 4 35.5; 22.5 4.5 36; 23 5 37; 23.5 5.5 37.5; 24 6 38; 24.5 6.5 38.5; 25 7 39; 25.5 7.5 40;
   26 8 40.5; 26.5 8.5 41; 27 9 42; 27.5 9.5 42.5; 28 10 43; 28.5 10.5 44; 29 11 44.5;
   29.5 11.5 45; 30 12 46; 31 13 47; 32 14 48.5; 33 15 49.5; 34 16 51`,
  { usW: 1.5, uk: -1 },
);
const PUMA_WOMEN = rows(
  `22 4 35.5; 22.5 4.5 36; 23 5 37; 23.5 5.5 37.5; 24 6 38; 24.5 6.5 38.5; 25 7 39; 25.5 7.5 40;
   26 8 40.5; 26.5 8.5 41; 27 9 42; 27.5 9.5 42.5`,
  { usW: 1.5, uk: -1 },
);

// Converse (Chuck Taylor, unisex, runs half a size big): US M 9 = US W 11 = UK 9 = EU 42.5 = 27.5 cm.
const CONVERSE = rows(
  `21.5 3 35; 22 3.5 36; 22.5 4 36.5; 23 4.5 37; 23.5 5 37.5; 24 5.5 38; 24.5 6 39; 25 6.5 39.5;
   25.5 7 40; 26 7.5 41; 26.5 8 41.5; 27 8.5 42; 27.5 9 42.5; 28 9.5 43; 28.5 10 44; 29 10.5 44.5;
   29.5 11 45; 30 11.5 46; 30.5 12 46.5; 31.5 13 48; 32.5 14 49; 33.5 15 50; 34.5 16 51.5`,
  { usW: 2, uk: 0 },
);

// Vans (unisex): US M 9 = US W 10.5 = UK 8 = EU 42 = 27 cm.
const VANS = rows(
  `21.5 3.5 34.5; 22 4 35; 22.5 4.5 36; 23 5 36.5; 23.5 5.5 37; 24 6 38; 24.5 6.5 38.5; 25 7 39;
   25.5 7.5 40; 26 8 40.5; 26.5 8.5 41; 27 9 42; 27.5 9.5 42.5; 28 10 43; 28.5 10.5 44; 29 11 44.5;
   29.5 11.5 45; 30 12 46; 31 13 47; 32 14 48; 33 15 49; 34 16 50`,
  { usW: 1.5, uk: -1 },
);

const CHARTS: Record<ChartBrand, Record<ChartGender, readonly SizeRow[]>> = {
  nike: { men: NIKE_MEN, women: NIKE_WOMEN },
  // adidas publishes one UK-based chart; its women's US sizes are the US W column.
  adidas: { men: ADIDAS, women: ADIDAS },
  'new-balance': { men: NEW_BALANCE_MEN, women: NEW_BALANCE_WOMEN },
  asics: { men: ASICS_MEN, women: ASICS_WOMEN },
  puma: { men: PUMA_MEN, women: PUMA_WOMEN },
  converse: { men: CONVERSE, women: CONVERSE },
  vans: { men: VANS, women: VANS },
};

/**
 * The chart a brand sizes by: Jordan is Nike's chart, Yeezy adidas'. A brand without its own
 * chart (Reebok, Salomon, ...) uses Nike's, the most common sizing on the marketplace.
 */
export function chartBrandOf(brand: string): ChartBrand {
  const key = brand.toLowerCase().replace(/[^a-z]/g, '');
  if (key.includes('adidas') || key.includes('yeezy')) return 'adidas';
  if (key.includes('newbalance') || key === 'nb') return 'new-balance';
  if (key.includes('asics') || key.includes('onitsuka')) return 'asics';
  if (key.includes('puma')) return 'puma';
  if (key.includes('converse')) return 'converse';
  if (key.includes('vans')) return 'vans';
  return 'nike';
}

/** The chart for a product's gender: women's for women, men's otherwise (unisex, kids, unknown). */
export function chartGenderOf(gender: string | null | undefined): ChartGender {
  return gender?.toLowerCase() === 'women' ? 'women' : 'men';
}

/** A brand's chart for a gender, ordered by foot length. */
export function sizeChart(brand: ChartBrand, gender: ChartGender): readonly SizeRow[] {
  return CHARTS[brand][gender];
}

/** The row of a brand's chart holding this size in this system (first by foot length), if any. */
export function convertSize(
  brand: string,
  gender: ChartGender,
  system: SizeSystem,
  value: string,
): SizeRow | undefined {
  const n = sizeValueNumber(value);
  if (n === undefined) return undefined;
  return sizeChart(chartBrandOf(brand), gender).find((row) => {
    const rowValue = sizeValueNumber(row[system]);
    return rowValue !== undefined && Math.abs(rowValue - n) < 0.01;
  });
}

const SYSTEM_WORDS: ReadonlyArray<[RegExp, SizeSystem]> = [
  [/^US\s*M(?:EN'?S)?$/, 'usM'],
  [/^M(?:EN'?S)?$/, 'usM'],
  [/^US$/, 'usM'],
  [/^US\s*W(?:OMEN'?S)?$/, 'usW'],
  [/^W(?:OMEN'?S)?$/, 'usW'],
  [/^UK$/, 'uk'],
  [/^EU[R]?$/, 'eu'],
  [/^(?:JP|CM|JP\s*CM)$/, 'jpCm'],
];

function systemOf(word: string): SizeSystem | undefined {
  const w = word.trim().replace(/\.$/, '').toUpperCase();
  return SYSTEM_WORDS.find(([re]) => re.test(w))?.[1];
}

const NUMBER = String.raw`\d+(?:[.,]\d+)?(?:\s*[12]/3|[⅓⅔])?`;
const PREFIXED = new RegExp(String.raw`^([A-Za-z][A-Za-z' ]*?)\.?\s*(${NUMBER})$`);
const SUFFIXED = new RegExp(String.raw`^(${NUMBER})\s*([A-Za-z][A-Za-z' ]*)$`);

/**
 * A size label with its system: 'US M 9', 'US 9', 'M 9', 'US W 10.5', 'W 10.5', 'EU 42 2/3',
 * 'EU 42.5', '42.5 EU', 'UK 8', '27 cm', '27 JP', 'JP 27'. The value comes back as charts
 * write it ('42 2/3', '10.5'). A bare number has no system: undefined.
 */
export function parseSizeLabel(label: string): { system: SizeSystem; value: string } | undefined {
  const text = label.trim().replace(/\s+/g, ' ');
  const prefixed = PREFIXED.exec(text);
  const suffixed = prefixed ? undefined : SUFFIXED.exec(text);
  const word = prefixed?.[1] ?? suffixed?.[2];
  const raw = prefixed?.[2] ?? suffixed?.[1];
  if (word === undefined || raw === undefined) return undefined;
  const system = systemOf(word);
  const n = sizeValueNumber(raw);
  if (!system || n === undefined) return undefined;
  return { system, value: formatSizeValue(n) };
}

/** A size for display with its system: 'EU 42.5', 'US 9' (US M), 'US W 10.5', 'UK 8', '27 cm'. */
export function formatSizeIn(system: SizeSystem, value: string): string {
  switch (system) {
    case 'usM':
      return `US ${value}`;
    case 'usW':
      return `US W ${value}`;
    case 'uk':
      return `UK ${value}`;
    case 'eu':
      return `EU ${value}`;
    case 'jpCm':
      return `${value} cm`;
  }
}

/** A label ('US M 9', 'EU 42 2/3') converted through a brand's chart, or undefined if unknown. */
export function convertSizeLabel(brand: string, gender: ChartGender, label: string): SizeRow | undefined {
  const parsed = parseSizeLabel(label);
  return parsed && convertSize(brand, gender, parsed.system, parsed.value);
}

/**
 * A bare number from 30 to 52 is an EU size: the range no other system's men's or women's
 * sizes reach, and EU is the storefront's default system (docs/product/online-store.md#product-pages).
 */
function withSizeSystem(label: string): string {
  const n = Number(label.trim().replace(',', '.'));
  return /^\s*\d+([.,]\d+)?\s*$/.test(label) && n >= 30 && n <= 52 ? `EU ${label.trim()}` : label;
}

/**
 * The chart row of a size as an item stores it ('US M 9', 'UK 8', a bare '42.5'), through the
 * brand's chart for the product's gender; undefined when the chart does not know it. The
 * storefront's size filter and the deals match rule (docs/product/deals.md#matching-rule) both
 * read item sizes this way, so a size means the same pair in both.
 */
export function chartRowOfLabel(
  brand: string,
  gender: string | null | undefined,
  label: string,
): SizeRow | undefined {
  return convertSizeLabel(brand, chartGenderOf(gender), withSizeSystem(label));
}
