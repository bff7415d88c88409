import { gtinCheckDigit } from '@sneakers/shared/rules/gtin';
import type { Gender, ProductInput, VariantSize } from '@sneakers/shared/contracts/catalog';
import { chartBrandOf, sizeChart, type SizeRow } from '@sneakers/shared/size-chart';

/**
 * A deterministic, realistic sneaker catalogue for the marketplace emulator, the demo seed
 * and the search bench. Product `i` depends only on the seed and the products before it
 * (generation is sequential), so the first 500 products (the demo catalogue) are the same
 * whatever `count` is asked for. Variants are not stored: `variantsOf(product)` derives them
 * on request from the shared size chart, which keeps 250,000 products to a few seconds.
 */

export const DEMO_CATALOGUE_SIZE = 500;
export const DEFAULT_SEED = 13;

export type CatalogueBrand =
  | 'Nike'
  | 'Jordan'
  | 'adidas'
  | 'New Balance'
  | 'Asics'
  | 'Puma'
  | 'Converse'
  | 'Vans'
  | 'Salomon'
  | 'Reebok';

/** The side view the image draws: a low-top, a high-top or a runner (thick midsole). */
export type Silhouette = 'low' | 'high' | 'runner';

export type CatalogueGender = Extract<Gender, 'men' | 'women' | 'unisex'>;

export interface GeneratedProduct {
  index: number;
  /** StockX-style UUID, stable for the seed and index. */
  productId: string;
  urlKey: string;
  /** The style code as the brand writes it, e.g. `DD1391-100`, `GW2871`, `M990GL6`. */
  styleId: string;
  title: string;
  brand: CatalogueBrand;
  model: string;
  productType: 'sneakers';
  /** StockX-style colourway, e.g. `White/Black-University Red`. */
  colorway: string;
  /** The colourway's colour names in order (the image paints with them). */
  colors: readonly string[];
  gender: CatalogueGender;
  /** e.g. `SS24`. */
  season: string;
  releaseDate: string;
  /** Retail price in whole euros, as StockX writes it. */
  retailPrice: number;
  silhouette: Silhouette;
}

export interface GeneratedVariant {
  variantId: string;
  productId: string;
  /** The default size's label, e.g. `US M 9` or `US W 7.5`. */
  label: string;
  /** The size alone in the default system, e.g. `9`. */
  variantValue: string;
  /** The same size in every system, from the shared size chart. */
  size: VariantSize;
  gtin: string;
  /** Whole euros. */
  retailPrice: number;
}

// ---- Deterministic randomness ----

function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashInts(a: number, b = 0, c = 0, d = 0): number {
  let h = 0x9e3779b9;
  h = mix32(h ^ Math.imul(a | 0, 0x27d4eb2d)) + 0x165667b1;
  h = mix32(h ^ Math.imul(b | 0, 0x27d4eb2d)) + 0x165667b1;
  h = mix32(h ^ Math.imul(c | 0, 0x27d4eb2d)) + 0x165667b1;
  h = mix32(h ^ Math.imul(d | 0, 0x27d4eb2d)) + 0x165667b1;
  return mix32(h);
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

const UPPER = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** mulberry32: small, fast and good enough for sample data (a class: no closures per product). */
class Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T;
  }
  digits(n: number): string {
    return String(this.int(10 ** n)).padStart(n, '0');
  }
  letters(n: number, alphabet = UPPER): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(alphabet.length)];
    return s;
  }
}
const rng = (seed: number) => new Rng(seed);

// Four hex digits per table entry: an id is a handful of lookups, not dozens of small strings.
const HEX4: string[] = Array.from({ length: 65536 }, (_, i) => i.toString(16).padStart(4, '0'));
const hi = (n: number) => HEX4[n >>> 16] as string;
const lo = (n: number) => HEX4[n & 0xffff] as string;

/** A UUID-shaped id (version 4 layout) from a hash, as StockX ids look. */
export function stableUuid(x: number, y: number, z = 0): string {
  const a = hashInts(x, y, z, 1);
  const b = hashInts(x, y, z, 2);
  const c = hashInts(x, y, z, 3);
  const d = hashInts(x, y, z, 4);
  const version = lo((b & 0x0fff) | 0x4000);
  const variant = lo(((c >>> 16) & 0x3fff) | 0x8000);
  return `${hi(a)}${lo(a)}-${hi(b)}-${version}-${variant}-${lo(c)}${hi(d)}${lo(d)}`;
}

// ---- Colours ----

/** Colour names as brands write them, with the paint the image uses. */
export const PALETTE: Record<string, string> = {
  White: '#f7f7f5',
  'Cloud White': '#f5f5f2',
  'Summit White': '#f2f1ec',
  Sail: '#ece3cf',
  Cream: '#efe2c2',
  Bone: '#e4d9c3',
  'Sea Salt': '#ebe5d8',
  Black: '#1c1c1e',
  'Core Black': '#19191a',
  'Varsity Red': '#b8242f',
  'University Red': '#c8202c',
  'Fire Red': '#d4312a',
  Infrared: '#f2464c',
  'University Blue': '#86b6df',
  'Royal Blue': '#2a4fa8',
  'Military Blue': '#3c5a8a',
  'Midnight Navy': '#1f2b48',
  'Blue Fusion': '#4a78c9',
  'Grey Fog': '#cfd1d2',
  'Cool Grey': '#8e9094',
  'Wolf Grey': '#b2b5b8',
  'Light Smoke Grey': '#c3c6c4',
  'Neutral Grey': '#a7a9aa',
  'Rain Cloud': '#a9adb0',
  'Pine Green': '#1e5b3e',
  'Medium Olive': '#6d6a3c',
  'Gorge Green': '#2c4b3a',
  Volt: '#d8f43a',
  'Court Purple': '#5b3d8c',
  Mocha: '#6c4b3a',
  'Dark Mocha': '#4b3328',
  Gum: '#b9773f',
  'Light Brown': '#a4744a',
  'Safety Orange': '#f4742a',
  'Laser Orange': '#f58a3d',
  'Pink Foam': '#f2c6cd',
  'Hyper Pink': '#f2648c',
  'Pale Ivory': '#f1ead6',
  'Photon Dust': '#dcdad6',
  Phantom: '#e8e4dc',
  'Team Gold': '#e3a731',
  Tan: '#c9a87c',
  Obsidian: '#23283a',
  'Metallic Silver': '#b9bcc2',
  Green: '#2f8a4d',
  Grey: '#9c9ea0',
  Multi: '#e06b47',
  Malachite: '#1f8f6a',
  'Mint Foam': '#c8ecd9',
};

const BASES = [
  'White',
  'White',
  'White',
  'Black',
  'Black',
  'Sail',
  'Grey Fog',
  'Cloud White',
  'Bone',
  'Phantom',
];
const ACCENTS = [
  'Black',
  'Varsity Red',
  'University Red',
  'University Blue',
  'Royal Blue',
  'Midnight Navy',
  'Pine Green',
  'Medium Olive',
  'Gorge Green',
  'Court Purple',
  'Mocha',
  'Dark Mocha',
  'Safety Orange',
  'Laser Orange',
  'Pink Foam',
  'Hyper Pink',
  'Cool Grey',
  'Wolf Grey',
  'Light Smoke Grey',
  'Volt',
  'Team Gold',
  'Obsidian',
  'Infrared',
  'Blue Fusion',
  'Tan',
  'Light Brown',
];
const THIRDS = ['White', 'Sail', 'Black', 'Gum', 'Metallic Silver', 'Cream', 'Pale Ivory'];

/** Colour combinations the community named; the rest are named after their accent. */
const NAMED_COMBOS: { nickname: string; colors: string[] }[] = [
  { nickname: 'Panda', colors: ['White', 'Black'] },
  { nickname: 'Reverse Panda', colors: ['Black', 'White'] },
  { nickname: 'Bred', colors: ['Black', 'Varsity Red'] },
  { nickname: 'Chicago', colors: ['White', 'Varsity Red', 'Black'] },
  { nickname: 'Triple White', colors: ['White', 'White'] },
  { nickname: 'Triple Black', colors: ['Black', 'Black'] },
  { nickname: 'UNC', colors: ['White', 'University Blue'] },
  { nickname: 'Royal', colors: ['Black', 'Royal Blue', 'White'] },
  { nickname: 'Shadow', colors: ['Black', 'Light Smoke Grey', 'White'] },
  { nickname: 'Sail Gum', colors: ['Sail', 'Gum'] },
  { nickname: 'Rain Cloud', colors: ['Rain Cloud', 'Grey Fog'] },
  { nickname: 'Sea Salt', colors: ['Sea Salt', 'Sail'] },
  { nickname: 'Bone', colors: ['Bone', 'Bone'] },
  { nickname: 'Mocha', colors: ['Sail', 'Dark Mocha', 'Black'] },
  { nickname: 'Pine Green', colors: ['White', 'Pine Green', 'Gum'] },
  { nickname: 'Photon Dust', colors: ['Photon Dust', 'Metallic Silver'] },
  { nickname: 'Court Purple', colors: ['White', 'Court Purple'] },
  { nickname: 'Volt', colors: ['Black', 'Volt'] },
  { nickname: 'Infrared', colors: ['White', 'Infrared', 'Black'] },
  { nickname: 'Cool Grey', colors: ['Cool Grey', 'White'] },
];

// ---- Brands and models ----

interface Model {
  name: string;
  price: number;
  silhouette: Silhouette;
  /** New Balance style codes start with the model's own prefix, e.g. `M990` + `GL6`. */
  code?: (r: Rng) => string;
}

interface BrandSpec {
  brand: CatalogueBrand;
  weight: number;
  /** How the brand writes the product name before the model. */
  prefix: string;
  models: Model[];
  suffixes: string[];
  styleCode: (r: Rng, model: Model) => string;
  /** `A/B-C` (Nike family) or `A/B/C`. */
  colorJoin: 'nike' | 'slash';
}

const m = (
  name: string,
  price: number,
  silhouette: Silhouette = 'low',
  code?: (r: Rng) => string,
): Model => ({
  name,
  price,
  silhouette,
  code,
});

const NIKE_PREFIXES = [
  'AQ',
  'AR',
  'BQ',
  'CJ',
  'CU',
  'CZ',
  'DA',
  'DC',
  'DJ',
  'DM',
  'DN',
  'DR',
  'DX',
  'FJ',
  'FN',
  'FQ',
  'FV',
  'HF',
  'HJ',
  'IB',
];
const NIKE_COLOR_CODES = [
  '001',
  '002',
  '003',
  '100',
  '101',
  '102',
  '103',
  '106',
  '110',
  '111',
  '200',
  '300',
  '400',
  '401',
  '500',
  '600',
  '601',
  '700',
  '800',
  '061',
  '066',
  '141',
  '160',
  '171',
];
const nikeCode = (r: Rng) => `${r.pick(NIKE_PREFIXES)}${r.digits(4)}-${r.pick(NIKE_COLOR_CODES)}`;
const ADIDAS_PREFIXES = [
  'GV',
  'GW',
  'GX',
  'GY',
  'GZ',
  'HP',
  'HQ',
  'HR',
  'IE',
  'ID',
  'IF',
  'IG',
  'IH',
  'JH',
  'JI',
  'JQ',
  'JR',
  'FY',
  'FZ',
  'FX',
];
/** New Balance: the model's prefix, a colour code and a letter or the model's version (`M990GL6`, `U9060MAC`). */
const nb =
  (prefixes: string[], version?: string) =>
  (r: Rng): string =>
    `${r.pick(prefixes)}${r.letters(2)}${version ?? ''}${r.next() < 0.5 ? r.letters(1) : r.digits(1)}`;

const BRANDS: BrandSpec[] = [
  {
    brand: 'Nike',
    weight: 28,
    prefix: 'Nike',
    models: [
      m('Dunk Low', 120, 'low'),
      m('Dunk Low Retro', 120, 'low'),
      m('Dunk High', 130, 'high'),
      m('SB Dunk Low', 120, 'low'),
      m('Air Force 1 Low', 120, 'low'),
      m('Air Force 1 Mid', 130, 'high'),
      m('Air Max 1', 150, 'runner'),
      m('Air Max 90', 150, 'runner'),
      m('Air Max 95', 190, 'runner'),
      m('Air Max 97', 190, 'runner'),
      m('Air Max Plus', 190, 'runner'),
      m('Air Max DN', 170, 'runner'),
      m('Blazer Mid 77', 110, 'high'),
      m('Cortez', 90, 'low'),
      m('Zoom Vomero 5', 160, 'runner'),
      m('P-6000', 120, 'runner'),
      m('Killshot 2', 100, 'low'),
      m('Pegasus 41', 140, 'runner'),
      m('Air Max 270', 160, 'runner'),
      m('Waffle One', 100, 'runner'),
    ],
    suffixes: ['', '', '', 'SE', 'PRM', 'Next Nature', 'Retro', 'QS'],
    styleCode: (r) => nikeCode(r),
    colorJoin: 'nike',
  },
  {
    brand: 'Jordan',
    weight: 20,
    prefix: '',
    models: [
      m('Air Jordan 1 Retro High OG', 180, 'high'),
      m('Air Jordan 1 Mid', 130, 'high'),
      m('Air Jordan 1 Low', 120, 'low'),
      m('Air Jordan 1 Low OG', 140, 'low'),
      m('Air Jordan 3 Retro', 210, 'high'),
      m('Air Jordan 4 Retro', 210, 'high'),
      m('Air Jordan 5 Retro', 210, 'high'),
      m('Air Jordan 6 Retro', 210, 'high'),
      m('Air Jordan 11 Retro', 230, 'high'),
      m('Air Jordan 11 Retro Low', 190, 'low'),
      m('Air Jordan 12 Retro', 210, 'high'),
      m('Air Jordan 13 Retro', 210, 'high'),
    ],
    suffixes: ['', '', '', 'SE', 'OG', 'Reimagined'],
    // Older Jordan codes are six digits and a colour code (`555088-134`).
    styleCode: (r) =>
      r.next() < 0.2
        ? `${r.pick(['5550', '5754', '1367', '3780'])}${r.digits(2)}-${r.pick(NIKE_COLOR_CODES)}`
        : nikeCode(r),
    colorJoin: 'nike',
  },
  {
    brand: 'adidas',
    weight: 18,
    prefix: 'adidas',
    models: [
      m('Samba OG', 120, 'low'),
      m('Gazelle', 110, 'low'),
      m('Gazelle Indoor', 120, 'low'),
      m('Campus 00s', 120, 'low'),
      m('Superstar', 110, 'low'),
      m('Stan Smith', 110, 'low'),
      m('Forum Low', 110, 'low'),
      m('Forum 84 High', 130, 'high'),
      m('Handball Spezial', 110, 'low'),
      m('SL 72 OG', 100, 'runner'),
      m('Taekwondo', 100, 'low'),
      m('Ultraboost 1.0', 190, 'runner'),
      m('NMD_R1', 150, 'runner'),
      m('Adizero Adios Pro 3', 250, 'runner'),
      m('Yeezy Boost 350 V2', 230, 'runner'),
      m('Yeezy Boost 700', 260, 'runner'),
    ],
    suffixes: ['', '', '', 'OG', 'Made in Germany'],
    styleCode: (r) => `${r.pick(ADIDAS_PREFIXES)}${r.digits(4)}`,
    colorJoin: 'slash',
  },
  {
    brand: 'New Balance',
    weight: 12,
    prefix: 'New Balance',
    models: [
      m('990v6', 220, 'runner', nb(['M990', 'U990', 'W990'], '6')),
      m('990v3', 210, 'runner', nb(['M990', 'U990'], '3')),
      m('2002R', 150, 'runner', nb(['M2002R', 'U2002R'])),
      m('9060', 160, 'runner', nb(['U9060'])),
      m('550', 120, 'low', nb(['BB550'])),
      m('574', 100, 'runner', nb(['ML574', 'U574'])),
      m('530', 110, 'runner', nb(['MR530', 'U530'])),
      m('1906R', 160, 'runner', nb(['M1906R', 'U1906R'])),
      m('327', 110, 'runner', nb(['MS327', 'U327'])),
      m('991v2', 240, 'runner', nb(['U991', 'M991'], '2')),
      m('1000', 170, 'runner', nb(['M1000', 'U1000'])),
    ],
    suffixes: ['', '', 'Made in USA', 'Made in UK', 'Protection Pack'],
    styleCode: (r, model) => (model.code ? model.code(r) : `M${r.digits(3)}${r.letters(2)}`),
    colorJoin: 'slash',
  },
  {
    brand: 'Asics',
    weight: 6,
    prefix: 'ASICS',
    models: [
      m('Gel-Kayano 14', 160, 'runner'),
      m('Gel-1130', 120, 'runner'),
      m('Gel-NYC', 140, 'runner'),
      m('GT-2160', 140, 'runner'),
      m('Gel-Lyte III OG', 130, 'runner'),
      m('Gel-Nimbus 9', 160, 'runner'),
      m('Novablast 4', 150, 'runner'),
    ],
    suffixes: ['', '', 'SE'],
    styleCode: (r) =>
      `${r.pick(['1201A', '1202A', '1203A', '1011B', '1021A'])}${r.digits(3)}-${r.pick(['020', '100', '101', '200', '250', '400', '500', '750'])}`,
    colorJoin: 'slash',
  },
  {
    brand: 'Puma',
    weight: 4,
    prefix: 'Puma',
    models: [
      m('Suede Classic XXI', 80, 'low'),
      m('Speedcat OG', 100, 'low'),
      m('Palermo', 100, 'low'),
      m('Clyde', 90, 'low'),
      m('RS-X', 120, 'runner'),
      m('Mostro', 120, 'low'),
    ],
    suffixes: ['', '', 'Sparco'],
    styleCode: (r) => `${r.pick(['39', '38', '40'])}${r.digits(4)}-${r.digits(2)}`,
    colorJoin: 'slash',
  },
  {
    brand: 'Converse',
    weight: 4,
    prefix: 'Converse',
    models: [
      m('Chuck 70 Hi', 95, 'high'),
      m('Chuck 70 Ox', 90, 'low'),
      m('Chuck Taylor All Star Hi', 80, 'high'),
      m('Run Star Hike', 120, 'high'),
      m('One Star Pro', 85, 'low'),
    ],
    suffixes: ['', '', 'Vintage Canvas'],
    styleCode: (r) => (r.next() < 0.5 ? `A0${r.digits(4)}C` : `1${r.digits(5)}C`),
    colorJoin: 'slash',
  },
  {
    brand: 'Vans',
    weight: 3,
    prefix: 'Vans',
    models: [
      m('Old Skool', 80, 'low'),
      m('Sk8-Hi', 90, 'high'),
      m('Authentic', 70, 'low'),
      m('Era', 75, 'low'),
      m('Knu Skool', 100, 'low'),
    ],
    suffixes: ['', '', 'LX'],
    styleCode: (r) =>
      `VN0A${r.letters(4, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}${r.letters(3, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}`,
    colorJoin: 'slash',
  },
  {
    brand: 'Salomon',
    weight: 3,
    prefix: 'Salomon',
    models: [
      m('XT-6', 190, 'runner'),
      m('XT-4 OG', 180, 'runner'),
      m('ACS Pro', 170, 'runner'),
      m('Speedcross 3', 140, 'runner'),
      m('XA Pro 3D', 150, 'runner'),
    ],
    suffixes: ['', '', 'Advanced'],
    styleCode: (r) => `L4${r.digits(7)}`,
    colorJoin: 'slash',
  },
  {
    brand: 'Reebok',
    weight: 2,
    prefix: 'Reebok',
    models: [
      m('Club C 85', 90, 'low'),
      m('Classic Leather', 90, 'low'),
      m('Instapump Fury', 180, 'runner'),
      m('Question Mid', 150, 'high'),
      m('BB 4000 II', 100, 'low'),
    ],
    suffixes: ['', '', 'Vintage'],
    styleCode: (r) => `1000${r.digits(5)}`,
    colorJoin: 'slash',
  },
];

const BRAND_TOTAL = BRANDS.reduce((sum, b) => sum + b.weight, 0);

function pickBrand(r: Rng): BrandSpec {
  let x = r.next() * BRAND_TOTAL;
  for (const b of BRANDS) {
    x -= b.weight;
    if (x < 0) return b;
  }
  return BRANDS[0] as BrandSpec;
}

// ---- Well-known products: the demo's sample items point at these ----

interface Curated {
  styleId: string;
  title: string;
  brand: CatalogueBrand;
  model: string;
  colors: string[];
  colorway?: string;
  gender?: CatalogueGender;
  releaseDate: string;
  retailPrice: number;
  silhouette: Silhouette;
}

const CURATED: Curated[] = [
  {
    styleId: 'DZ5485-612',
    title: 'Air Jordan 1 Retro High OG Chicago Lost & Found',
    brand: 'Jordan',
    model: 'Air Jordan 1 Retro High OG',
    colors: ['Varsity Red', 'Black', 'Sail'],
    colorway: 'Varsity Red/Black-Sail-Muslin',
    releaseDate: '2022-11-19',
    retailPrice: 180,
    silhouette: 'high',
  },
  {
    styleId: 'DD1391-100',
    title: 'Nike Dunk Low Retro White Black Panda',
    brand: 'Nike',
    model: 'Dunk Low Retro',
    colors: ['White', 'Black'],
    colorway: 'White/Black-White',
    releaseDate: '2021-03-10',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: 'FD0774-101',
    title: 'Air Jordan 4 Retro Military Blue',
    brand: 'Jordan',
    model: 'Air Jordan 4 Retro',
    colors: ['White', 'Military Blue', 'Neutral Grey'],
    colorway: 'Off-White/Military Blue-Neutral Grey',
    releaseDate: '2024-05-04',
    retailPrice: 215,
    silhouette: 'high',
  },
  {
    styleId: 'IE0421',
    title: 'adidas Samba OG Cloud White Core Black',
    brand: 'adidas',
    model: 'Samba OG',
    colors: ['Cloud White', 'Core Black', 'Gum'],
    colorway: 'Cloud White/Core Black/Clear Granite',
    releaseDate: '2023-08-01',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: 'U9060GRY',
    title: 'New Balance 9060 Rain Cloud',
    brand: 'New Balance',
    model: '9060',
    colors: ['Rain Cloud', 'Grey Fog', 'White'],
    colorway: 'Rain Cloud/Castlerock/Grey',
    releaseDate: '2022-12-01',
    retailPrice: 160,
    silhouette: 'runner',
  },
  {
    styleId: 'CW2288-111',
    title: "Nike Air Force 1 Low '07 White",
    brand: 'Nike',
    model: 'Air Force 1 Low',
    colors: ['White', 'White'],
    colorway: 'White/White',
    releaseDate: '2020-01-01',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: 'DV0833-105',
    title: 'Air Jordan 3 Retro White Cement Reimagined',
    brand: 'Jordan',
    model: 'Air Jordan 3 Retro',
    colors: ['Summit White', 'Fire Red', 'Cool Grey'],
    colorway: 'Summit White/Fire Red-Black-Cement Grey',
    releaseDate: '2023-03-11',
    retailPrice: 210,
    silhouette: 'high',
  },
  {
    styleId: 'ID2350',
    title: 'adidas Gazelle Indoor Blue Fusion Gum',
    brand: 'adidas',
    model: 'Gazelle Indoor',
    colors: ['Blue Fusion', 'Cloud White', 'Gum'],
    colorway: 'Blue Fusion/Cloud White/Gum',
    releaseDate: '2023-10-05',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: 'M2002RDA',
    title: 'New Balance 2002R Protection Pack Rain Cloud',
    brand: 'New Balance',
    model: '2002R',
    colors: ['Rain Cloud', 'Grey', 'Wolf Grey'],
    colorway: 'Rain Cloud/Grey',
    releaseDate: '2021-06-24',
    retailPrice: 150,
    silhouette: 'runner',
  },
  {
    styleId: 'DQ8426-067',
    title: 'Nike Air Max 1 Patta Waves Black',
    brand: 'Nike',
    model: 'Air Max 1',
    colors: ['Black', 'Metallic Silver', 'White'],
    colorway: 'Black/Metallic Silver-White',
    releaseDate: '2022-07-29',
    retailPrice: 170,
    silhouette: 'runner',
  },
  {
    styleId: 'FB9922-101',
    title: 'Nike SB Dunk Low Jarritos',
    brand: 'Nike',
    model: 'SB Dunk Low',
    colors: ['Phantom', 'Safety Orange', 'Malachite'],
    colorway: 'Phantom/Safety Orange-Malachite',
    releaseDate: '2023-05-27',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: 'HQ6998-600',
    title: 'Air Jordan 1 Low OG Mocha',
    brand: 'Jordan',
    model: 'Air Jordan 1 Low OG',
    colors: ['Sail', 'Dark Mocha', 'Black'],
    colorway: 'Sail/Dark Mocha-Black-Velvet Brown',
    releaseDate: '2024-07-11',
    retailPrice: 140,
    silhouette: 'low',
  },
  {
    styleId: 'DH6927-111',
    title: 'Air Jordan 4 Retro Military Black',
    brand: 'Jordan',
    model: 'Air Jordan 4 Retro',
    colors: ['White', 'Black', 'Neutral Grey'],
    colorway: 'White/Black-Neutral Grey',
    releaseDate: '2022-05-21',
    retailPrice: 210,
    silhouette: 'high',
  },
  {
    styleId: 'GW2871',
    title: 'adidas Yeezy Boost 350 V2 Bone',
    brand: 'adidas',
    model: 'Yeezy Boost 350 V2',
    colors: ['Bone', 'Bone', 'Cream'],
    colorway: 'Bone/Bone/Bone',
    releaseDate: '2022-03-22',
    retailPrice: 230,
    silhouette: 'runner',
  },
  {
    styleId: 'BB550WT1',
    title: 'New Balance 550 White Green',
    brand: 'New Balance',
    model: '550',
    colors: ['White', 'Green', 'White'],
    colorway: 'White/Green',
    releaseDate: '2021-01-15',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: 'DV5456-106',
    title: 'Nike Dunk Low Next Nature White Mint (W)',
    brand: 'Nike',
    model: 'Dunk Low',
    colors: ['White', 'Mint Foam'],
    colorway: 'White/Mint Foam',
    gender: 'women',
    releaseDate: '2023-02-14',
    retailPrice: 110,
    silhouette: 'low',
  },
  {
    styleId: 'CT8012-170',
    title: 'Air Jordan 11 Retro Cherry',
    brand: 'Jordan',
    model: 'Air Jordan 11 Retro',
    colors: ['White', 'Varsity Red', 'Black'],
    colorway: 'White/Varsity Red-Black',
    releaseDate: '2022-12-10',
    retailPrice: 230,
    silhouette: 'high',
  },
  {
    styleId: 'FZ5808-100',
    title: 'Nike Air Max 90 Lunar New Year',
    brand: 'Nike',
    model: 'Air Max 90',
    colors: ['Sail', 'Multi', 'Gum'],
    colorway: 'Sail/Multi-Color',
    releaseDate: '2024-01-20',
    retailPrice: 160,
    silhouette: 'runner',
  },
  {
    styleId: 'HP9426',
    title: 'adidas Campus 00s Core Black',
    brand: 'adidas',
    model: 'Campus 00s',
    colors: ['Core Black', 'Cloud White', 'White'],
    colorway: 'Core Black/Cloud White/Off White',
    releaseDate: '2023-01-06',
    retailPrice: 120,
    silhouette: 'low',
  },
  {
    styleId: '555088-101',
    title: 'Air Jordan 1 Retro High OG Chicago (2015)',
    brand: 'Jordan',
    model: 'Air Jordan 1 Retro High OG',
    colors: ['White', 'Varsity Red', 'Black'],
    colorway: 'White/Black-Varsity Red',
    releaseDate: '2015-05-30',
    retailPrice: 160,
    silhouette: 'high',
  },
  {
    styleId: 'DC0774-101',
    title: 'Air Jordan 1 Low Panda (W)',
    brand: 'Jordan',
    model: 'Air Jordan 1 Low',
    colors: ['White', 'Black'],
    colorway: 'White/Black-White',
    gender: 'women',
    releaseDate: '2021-08-05',
    retailPrice: 110,
    silhouette: 'low',
  },
  {
    styleId: 'M990GL6',
    title: 'New Balance 990v6 Made in USA Grey',
    brand: 'New Balance',
    model: '990v6',
    colors: ['Grey', 'Metallic Silver', 'White'],
    colorway: 'Grey/Silver',
    releaseDate: '2022-04-22',
    retailPrice: 220,
    silhouette: 'runner',
  },
  {
    styleId: '1201A019-107',
    title: 'ASICS Gel-Kayano 14 Cream Black',
    brand: 'Asics',
    model: 'Gel-Kayano 14',
    colors: ['Cream', 'Black', 'Metallic Silver'],
    colorway: 'Cream/Black',
    releaseDate: '2022-09-01',
    retailPrice: 160,
    silhouette: 'runner',
  },
  {
    styleId: 'L41247800',
    title: 'Salomon XT-6 Black Phantom',
    brand: 'Salomon',
    model: 'XT-6',
    colors: ['Black', 'Black', 'Phantom'],
    colorway: 'Black/Black/Phantom',
    releaseDate: '2021-04-01',
    retailPrice: 190,
    silhouette: 'runner',
  },
];

// ---- Generation ----

const DAY_MS = 86_400_000;
const FIRST_RELEASE = Date.UTC(2015, 0, 1);

/** Letters and digits only, upper-cased: the catalogue's duplicate check (as styleCodeKey). */
export const styleKeyOf = (styleId: string) => styleId.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const partSlugs = new Map<string, string>();
/** A title part's slug with its trailing dash ('' for an empty part). */
function slugOnce(part: string): string {
  let slug = partSlugs.get(part);
  if (slug === undefined) {
    slug = part ? `${slugify(part)}-` : '';
    partSlugs.set(part, slug);
  }
  return slug;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function seasonOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${month >= 3 && month <= 8 ? 'SS' : 'FW'}${date.slice(2, 4)}`;
}

function colorwayText(colors: readonly string[], join: BrandSpec['colorJoin']): string {
  if (join === 'slash' || colors.length < 2) return colors.join('/');
  const [first, ...rest] = colors;
  return `${first}/${rest.join('-')}`;
}

export interface CatalogueOptions {
  count: number;
  seed?: number;
  /** Release dates run up to 60 days after this day (YYYY-MM-DD); default today (UTC). */
  today?: string;
}

function todayMs(today?: string): number {
  const ms = today ? Date.parse(`${today}T00:00:00Z`) : Date.now();
  if (Number.isNaN(ms)) throw new Error(`today must be YYYY-MM-DD, got "${today}"`);
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function curatedProduct(c: Curated, index: number, seed: number): GeneratedProduct {
  const gender = c.gender ?? 'men';
  return {
    index,
    productId: stableUuid(seed, index, hashString(c.styleId)),
    urlKey: slugify(`${c.title}-${c.styleId}`),
    styleId: c.styleId,
    title: c.title,
    brand: c.brand,
    model: c.model,
    productType: 'sneakers',
    colorway: c.colorway ?? c.colors.join('/'),
    colors: c.colors,
    gender,
    season: seasonOf(c.releaseDate),
    releaseDate: c.releaseDate,
    retailPrice: c.retailPrice,
    silhouette: c.silhouette,
  };
}

/**
 * A suffix that says again a word of the model's name ('OG' after 'Samba OG') is left out:
 * titles never say a word twice ("Samba OG OG", issue 25).
 */
export function suffixFor(modelName: string, suffix: string): string {
  const words = new Set(modelName.toLowerCase().split(/\s+/));
  return suffix.split(/\s+/).some((word) => words.has(word.toLowerCase())) ? '' : suffix;
}

function generatedProduct(index: number, seed: number, today: number, taken: Set<string>): GeneratedProduct {
  const r = rng(hashInts(seed, index));
  const spec = pickBrand(r);
  const model = r.pick(spec.models);
  const genderRoll = r.next();
  const gender: CatalogueGender = genderRoll < 0.7 ? 'men' : genderRoll < 0.9 ? 'women' : 'unisex';

  let colors: string[];
  let nickname: string;
  if (r.next() < 0.45) {
    const combo = r.pick(NAMED_COMBOS);
    colors = combo.colors;
    nickname = combo.nickname;
  } else {
    const base = r.pick(BASES);
    let accent = r.pick(ACCENTS);
    if (accent === base) accent = 'Varsity Red';
    colors = r.next() < 0.6 ? [base, accent, r.pick(THIRDS)] : [base, accent];
    nickname = r.next() < 0.5 ? accent : `${base} ${accent}`;
  }
  // Picked even when dropped, so every later draw (and so every other product) stays the same.
  const suffix = suffixFor(model.name, r.pick(spec.suffixes));
  const name = `${spec.prefix ? `${spec.prefix} ` : ''}${model.name}${suffix ? ` ${suffix}` : ''} ${nickname}`;
  const title = gender === 'women' ? `${name} (W)` : name;
  // The title's parts come from short lists, so their slugs are computed once each.
  const titleSlug = `${slugOnce(spec.prefix)}${slugOnce(model.name)}${slugOnce(suffix)}${slugOnce(nickname)}${gender === 'women' ? 'w-' : ''}`;

  // Recent years hold more releases, as on the real marketplace.
  const span = (today + 60 * DAY_MS - FIRST_RELEASE) / DAY_MS;
  const releaseDate = isoDay(FIRST_RELEASE + Math.floor(span * Math.pow(r.next(), 0.6)) * DAY_MS);
  const retailPrice = Math.max(60, model.price + (r.int(5) - 2) * 10 - (gender === 'women' ? 10 : 0));

  let styleId = spec.styleCode(r, model);
  for (let attempt = 1; taken.has(styleKeyOf(styleId)); attempt++) {
    styleId = spec.styleCode(rng(hashInts(seed, index, attempt)), model);
    // A crowded code space (a model's few thousand colour codes) must not loop for long.
    if (attempt > 16) styleId += index.toString(36).toUpperCase();
  }
  taken.add(styleKeyOf(styleId));

  return {
    index,
    productId: stableUuid(seed, index),
    // Style codes hold only letters, digits and dashes.
    urlKey: `${titleSlug}${styleId.toLowerCase()}`,
    styleId,
    title,
    brand: spec.brand,
    model: model.name,
    productType: 'sneakers',
    colorway: colorwayText(colors, spec.colorJoin),
    colors,
    gender,
    season: seasonOf(releaseDate),
    releaseDate,
    retailPrice,
    silhouette: model.silhouette,
  };
}

/**
 * `count` products: the well-known ones first (the demo's sample items link to them), then
 * generated ones. Style codes are unique across the catalogue in any format.
 */
export function generateCatalogue(options: CatalogueOptions): GeneratedProduct[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const today = todayMs(options.today);
  const out: GeneratedProduct[] = new Array<GeneratedProduct>(Math.max(0, options.count));
  const taken = new Set<string>();
  const curated = Math.min(CURATED.length, options.count);
  for (let i = 0; i < curated; i++) {
    const p = curatedProduct(CURATED[i] as Curated, i, seed);
    taken.add(styleKeyOf(p.styleId));
    out[i] = p;
  }
  for (let i = curated; i < options.count; i++) out[i] = generatedProduct(i, seed, today, taken);
  return out;
}

/** The style codes of the well-known products the demo's sample items use. */
export const CURATED_STYLE_IDS: readonly string[] = CURATED.map((c) => c.styleId);

// ---- Variants ----

const MEN_RANGE = [6, 13] as const;
const WOMEN_RANGE = [5, 11] as const;
const UNISEX_RANGE = [4, 13] as const;

const nullIfEmpty = (v: string | undefined) => (v === undefined || v === '' ? null : v);

function inRange(value: string, [lo, hi]: readonly [number, number]): boolean {
  const n = Number(value);
  return Number.isFinite(n) && n >= lo && n <= hi;
}

/**
 * The product's size run from the shared size chart: men's and unisex products in US M,
 * women's in US W (as StockX labels them), every other system converted by the brand's chart.
 */
export function variantsOf(product: GeneratedProduct): GeneratedVariant[] {
  const chartBrand = chartBrandOf(product.brand);
  const women = product.gender === 'women';
  const rows: readonly SizeRow[] = sizeChart(chartBrand, women ? 'women' : 'men');
  const range = women ? WOMEN_RANGE : product.gender === 'unisex' ? UNISEX_RANGE : MEN_RANGE;
  const productHash = hashString(product.productId);
  const out: GeneratedVariant[] = [];
  for (const row of rows) {
    const value = women ? row.usW : row.usM;
    if (!value || !inRange(value, range)) continue;
    const n = out.length;
    out.push({
      variantId: stableUuid(productHash, n, 7),
      productId: product.productId,
      label: `${women ? 'US W' : 'US M'} ${value}`,
      variantValue: value,
      size: {
        brand: chartBrand,
        eu: nullIfEmpty(row.eu),
        usM: nullIfEmpty(row.usM),
        usW: nullIfEmpty(row.usW),
        uk: nullIfEmpty(row.uk),
        jpCm: nullIfEmpty(row.jpCm),
      },
      // A UPC-A as an EAN-13 (a leading 0), stable per variant, with its check digit as printed.
      gtin: withCheckDigit(
        `0${String(hashInts(productHash, n) % 1e6).padStart(6, '0')}${String(hashInts(n, productHash) % 1e5).padStart(5, '0')}`,
      ),
      retailPrice: product.retailPrice,
    });
  }
  return out;
}

const withCheckDigit = (body: string) => `${body}${gtinCheckDigit(body)}`;

/** The size conversions as StockX lists them (`US M 9`, `EU 42.5`, `27 cm`...). */
export function conversionsOf(variant: GeneratedVariant): { size: string; type: string }[] {
  const s = variant.size;
  const out: { size: string; type: string }[] = [];
  if (s.usM) out.push({ size: `US M ${s.usM}`, type: 'us m' });
  if (s.usW) out.push({ size: `US W ${s.usW}`, type: 'us w' });
  if (s.uk) out.push({ size: `UK ${s.uk}`, type: 'uk' });
  if (s.eu) out.push({ size: `EU ${s.eu}`, type: 'eu' });
  if (s.jpCm) out.push({ size: `${s.jpCm} cm`, type: 'jp cm' });
  return out;
}

/** The catalog contract's input for this product and its variants (the demo seed's bulk call). */
export function toProductInput(product: GeneratedProduct, opts: { imageUrl: string | null }): ProductInput {
  return {
    sku: product.styleId,
    name: product.title,
    brand: product.brand,
    productType: product.productType,
    imageUrl: opts.imageUrl,
    releaseDate: product.releaseDate,
    retailPrice: product.retailPrice * 100,
    currency: 'EUR',
    colorway: product.colorway,
    gender: product.gender,
    marketplaceSlug: product.urlKey,
    marketplaceProductId: product.productId,
    variants: variantsOf(product).map((v) => ({
      label: v.label,
      retailPrice: v.retailPrice * 100,
      size: v.size,
      marketplaceVariantId: v.variantId,
      gtin: v.gtin,
    })),
  };
}

/** The paint for a colour name (unknown names get a stable palette colour). */
export function paintOf(color: string): string {
  const known = PALETTE[color];
  if (known) return known;
  const values = Object.values(PALETTE);
  return values[hashString(color) % values.length] ?? '#888888';
}
