import type { ImportColumn, ImportSource, SavedMapping } from '../contracts/migration';
import { portableSchemaOf, type PortableKind } from '../contracts/portability';
import { parseSizes } from '../sizes';
import { styleCodeKey } from './style-code';

/**
 * The mapping step of an import (docs/product/migration-tools.md#import): which portable field
 * each column of the sheet fills, suggested from the header names, and how rows of a
 * recognised source become mapped cells. Pure: the migration service and the SPA share it.
 */

/** A header as compared: lower case, no accents, letters and digits only (`Variant SKU` = `variantsku`). */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The key of a header set: a saved mapping is suggested for files whose headers have the same key. */
export function headerSetKey(headers: readonly string[]): string {
  return [...new Set(headers.map(normaliseHeader).filter(Boolean))].sort().join('|');
}

/** Words (English and Spanish) a header may use for each portable field; normalised. */
const SYNONYMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'sku',
    [
      'sku',
      'stylecode',
      'style',
      'styleno',
      'stylenumber',
      'stylecodesku',
      'variantsku',
      'productcode',
      'modelcode',
      'articlenumber',
      'codigo',
      'codigodeestilo',
      'codigoestilo',
      'referencia',
      'ref',
      'itemsku',
    ],
  ],
  [
    'itemSku',
    [
      'itemsku',
      'sku',
      'stylecode',
      'style',
      'styleno',
      'variantsku',
      'productcode',
      'codigo',
      'codigodeestilo',
      'referencia',
      'ref',
    ],
  ],
  [
    'name',
    [
      'name',
      'title',
      'model',
      'modelo',
      'nombre',
      'titulo',
      'product',
      'producto',
      'productname',
      'nombredelproducto',
      'itemname',
      'fullname',
      'nombrecompleto',
    ],
  ],
  [
    'itemName',
    [
      'itemname',
      'name',
      'title',
      'model',
      'modelo',
      'nombre',
      'titulo',
      'product',
      'producto',
      'productname',
    ],
  ],
  ['brand', ['brand', 'marca', 'vendor', 'manufacturer', 'fabricante', 'itembrand']],
  ['itemBrand', ['itembrand', 'brand', 'marca', 'vendor']],
  ['colorway', ['colorway', 'color', 'colour', 'colores', 'itemcolorway']],
  ['itemColorway', ['itemcolorway', 'colorway', 'color', 'colour']],
  [
    'sizes',
    ['sizes', 'size', 'talla', 'tallas', 'sizeus', 'sizeeu', 'sizeuk', 'tallaeu', 'tallaus', 'numero'],
  ],
  ['size', ['size', 'talla', 'sizes', 'sizeus', 'sizeeu', 'tallaeu', 'numero']],
  [
    'imageUrl',
    [
      'imageurl',
      'image',
      'imagen',
      'photo',
      'foto',
      'picture',
      'productimageurl',
      'imagesrc',
      'variantimage',
      'variantimageurl',
    ],
  ],
  ['itemImageUrl', ['itemimageurl', 'imageurl', 'image', 'imagen', 'photo', 'foto']],
  ['status', ['status', 'estado']],
  ['visibility', ['visibility', 'visibilidad']],
  ['urgent', ['urgent', 'urgente']],
  ['isBulk', ['isbulk', 'bulk', 'lote', 'granel']],
  ['targetPrice', ['targetprice', 'precioobjetivo', 'maxprice', 'preciomaximo']],
  ['desiredPrice', ['desiredprice', 'preciodeseado']],
  [
    'askingPrice',
    ['askingprice', 'listprice', 'pvp', 'retailprice', 'sellprice', 'preciodeventa', 'precioventa'],
  ],
  ['salePrice', ['saleprice', 'soldprice', 'soldfor', 'precioventa', 'preciodeventa', 'importe', 'total']],
  ['price', ['price', 'precio']],
  [
    'purchasePrice',
    [
      'purchaseprice',
      'cost',
      'costperitem',
      'coste',
      'costo',
      'preciocompra',
      'preciodecompra',
      'buyprice',
      'paid',
      'pagado',
      'compra',
    ],
  ],
  ['prepaidAmount', ['prepaidamount', 'prepaid', 'deposit', 'deposito', 'senal', 'anticipo', 'pagoacuenta']],
  ['fees', ['fees', 'fee', 'comision', 'comisiones', 'commission', 'tarifas']],
  ['currency', ['currency', 'moneda', 'divisa']],
  ['source', ['source', 'origen', 'fuente', 'boughtfrom', 'compradoen', 'store', 'tienda']],
  [
    'purchaseDate',
    ['purchasedate', 'fechacompra', 'fechadecompra', 'boughton', 'dateofpurchase', 'purchased'],
  ],
  ['saleDate', ['saledate', 'date', 'fecha', 'fechaventa', 'fechadeventa', 'solddate', 'soldon']],
  ['notes', ['notes', 'note', 'notas', 'nota', 'comments', 'comentarios', 'observaciones', 'remarks']],
  ['email', ['email', 'mail', 'emailaddress', 'correo', 'correoelectronico', 'e-mail']],
  [
    'clientEmail',
    ['clientemail', 'customeremail', 'emailcliente', 'emaildelcliente', 'correocliente', 'email', 'correo'],
  ],
  [
    'providerEmail',
    [
      'provideremail',
      'supplieremail',
      'emailproveedor',
      'emaildelproveedor',
      'correoproveedor',
      'email',
      'correo',
    ],
  ],
  ['phone', ['phone', 'telephone', 'telefono', 'tel', 'movil', 'mobile', 'phonenumber', 'celular']],
  ['instagramHandle', ['instagramhandle', 'instagram', 'ig', 'usuarioinstagram']],
  ['alias', ['alias', 'nickname', 'apodo']],
  ['dni', ['dni', 'nif', 'nie', 'idnumber', 'taxid', 'documento']],
  ['iban', ['iban', 'bankaccount', 'cuenta', 'cuentabancaria']],
  [
    'buyerName',
    ['buyername', 'buyer', 'comprador', 'customer', 'customername', 'cliente', 'nombrecomprador'],
  ],
  ['buyerEmail', ['buyeremail', 'emailcomprador', 'correocomprador', 'customeremail']],
  ['productCatalogId', ['productcatalogid']],
  ['productVariantId', ['productvariantid']],
];

/** What a bare "price" column means for each kind: the price that kind's records carry. */
const PRICE_FIELD: Readonly<Record<PortableKind, string>> = {
  inventory: 'askingPrice',
  wtb: 'targetPrice',
  wts: 'desiredPrice',
  wtc: 'desiredPrice',
  clients: '',
  bookings: 'salePrice',
  providers: '',
  consignments: 'price',
  sales: 'salePrice',
};

/**
 * Shopify's product export, current (`URL handle`, `SKU`, `Option1 name`, `Price`,
 * `Inventory quantity`) and older (`Handle`, `Variant SKU`, `Option1 Name`, `Variant Price`,
 * `Variant Inventory Qty`) headers, normalised, → the item field they fill. `Option1 value` is
 * the size only when `Option1 name` says so (see {@link suggestMapping}); Shopify's own status
 * (active/draft/archived), tags and inventory quantity have no item field and stay unmapped.
 */
const SHOPIFY_ITEM_FIELDS: ReadonlyMap<string, string> = new Map([
  ['title', 'name'],
  ['vendor', 'brand'],
  ['sku', 'sku'],
  ['variantsku', 'sku'],
  ['price', 'askingPrice'],
  ['variantprice', 'askingPrice'],
  ['costperitem', 'purchasePrice'],
  ['productimageurl', 'imageUrl'],
  ['imagesrc', 'imageUrl'],
]);

const SHOPIFY_HANDLES = new Set(['handle', 'urlhandle']);
const SIZE_OPTION_NAMES =
  /^(size|sizes|talla|tallas|taille|grosse|shoesize|tallaeu|tallaus|sizeus|sizeeu|sizeuk|numero)$/;

/** The source a header row comes from: a Shopify product export, this product's own export, or anything else. */
export function detectSource(kind: PortableKind, headers: readonly string[]): ImportSource {
  const normalised = new Set(headers.map(normaliseHeader));
  if ([...SHOPIFY_HANDLES].some((h) => normalised.has(h)) && normalised.has('title')) return 'shopify';
  const fields = new Set(portableFieldsOfKind(kind));
  const named = headers.filter((h) => h.trim() !== '');
  if (named.length >= 2 && named.every((h) => fields.has(h.trim()))) return 'export';
  return 'generic';
}

function portableFieldsOfKind(kind: PortableKind): string[] {
  return Object.keys(portableSchemaOf(kind).shape);
}

/** Fields a row of the kind must have (the create contract's required keys). */
export function requiredFieldsOf(kind: PortableKind): string[] {
  const shape = portableSchemaOf(kind).shape as Record<string, { _zod: { optin?: string } }>;
  return Object.keys(shape).filter((field) => shape[field]?._zod.optin !== 'optional');
}

/** The OptionN value column holding sizes: the one whose OptionN name column (or first rows) says Size/Talla. */
function shopifySizeOption(
  headers: readonly string[],
  sample: readonly (readonly string[])[],
): number | null {
  for (let n = 1; n <= 3; n++) {
    const nameAt = headers.findIndex((h) => normaliseHeader(h) === `option${n}name`);
    if (nameAt === -1) continue;
    const named = sample.find((row) => (row[nameAt] ?? '').trim() !== '');
    if (named && SIZE_OPTION_NAMES.test(normaliseHeader(named[nameAt] ?? ''))) return n;
  }
  // No rows to tell from: Option1 is the size in nearly every sneaker store.
  return sample.length === 0 ? 1 : null;
}

/**
 * The suggested column of every header: a saved mapping made for these headers first, else
 * the source's own headers (Shopify, this product's export), else the synonyms. A field is
 * suggested once (the first column that names it); `sample` (the first data rows) tells
 * which Shopify option holds the size.
 */
export function suggestMapping(
  kind: PortableKind,
  headers: readonly string[],
  options: { sample?: readonly (readonly string[])[]; saved?: readonly SavedMapping[] } = {},
): { source: ImportSource; columns: ImportColumn[]; saved: SavedMapping | null } {
  const source = detectSource(kind, headers);
  const fields = new Set(portableFieldsOfKind(kind));
  const key = headerSetKey(headers);
  const saved = options.saved?.find((m) => m.kind === kind && headerSetKey(m.headers) === key) ?? null;
  const taken = new Set<string>();
  const take = (field: string | undefined): string | null => {
    if (!field || !fields.has(field) || taken.has(field)) return null;
    taken.add(field);
    return field;
  };
  const savedFields = new Map(saved ? Object.entries(saved.fields) : []);
  const sizeOption = source === 'shopify' ? shopifySizeOption(headers, options.sample ?? []) : null;
  const columns = headers.map((header, index): ImportColumn => {
    const norm = normaliseHeader(header);
    let field: string | null = null;
    if (saved) field = take(savedFields.get(header));
    else if (source === 'shopify' && ITEM_KINDS_SET.has(kind)) {
      // Shopify's own headers only: its Status, Tags or Type mean something else than ours.
      if (sizeOption !== null && norm === `option${sizeOption}value`) field = take('sizes');
      else field = take(SHOPIFY_ITEM_FIELDS.get(norm));
    } else
      field = (source === 'export' ? take(header.trim()) : null) ?? synonymField(kind, norm, fields, taken);
    if (field !== null) taken.add(field);
    return { index, header, field };
  });
  return { source, columns, saved };
}

const ITEM_KINDS_SET = new Set<PortableKind>(['inventory', 'wtb', 'wts', 'wtc']);

function synonymField(
  kind: PortableKind,
  norm: string,
  fields: Set<string>,
  taken: Set<string>,
): string | null {
  if (norm === '') return null;
  const free = (field: string) => fields.has(field) && !taken.has(field);
  for (const field of fields) if (normaliseHeader(field) === norm && free(field)) return field;
  if ((norm === 'price' || norm === 'precio') && free(PRICE_FIELD[kind])) return PRICE_FIELD[kind];
  for (const [field, words] of SYNONYMS) if (free(field) && words.includes(norm)) return field;
  return null;
}

export type MappingProblem =
  | { code: 'UNKNOWN_FIELD'; field: string }
  | { code: 'FIELD_MAPPED_TWICE'; field: string }
  | { code: 'REQUIRED_FIELD_UNMAPPED'; field: string };

/** What is wrong with a mapping: a field the kind lacks, a field mapped twice, a required field left out. */
export function mappingProblems(
  kind: PortableKind,
  columns: readonly Pick<ImportColumn, 'field'>[],
): MappingProblem[] {
  const fields = new Set(portableFieldsOfKind(kind));
  const seen = new Set<string>();
  const problems: MappingProblem[] = [];
  for (const { field } of columns) {
    if (field === null) continue;
    if (!fields.has(field)) problems.push({ code: 'UNKNOWN_FIELD', field });
    else if (seen.has(field)) problems.push({ code: 'FIELD_MAPPED_TWICE', field });
    seen.add(field);
  }
  for (const field of requiredFieldsOf(kind))
    if (!seen.has(field)) problems.push({ code: 'REQUIRED_FIELD_UNMAPPED', field });
  return problems;
}

/** Why a row of the sheet holds nothing to import (a Shopify image-only row, a blank row). */
export const SHOPIFY_IMAGE_ROW = 'An image row of a Shopify product: nothing to import.';
export const BLANK_ROW = 'A blank row: nothing to import.';

export interface MappedRow {
  /** Portable field → the cell's text. */
  values: Record<string, string>;
  /** Set when the row holds nothing to import: it is skipped with this reason. */
  skipReason: string | null;
}

/**
 * Turns the data rows of a sheet, in order, into mapped cells. Stateful only for Shopify: a
 * product's variant rows after its first leave Title, Vendor and the option names blank, so
 * those are carried down from the product's first row (same handle); rows without a SKU and
 * an option value are the product's extra images. A Shopify variant SKU is often the style
 * code and the size joined (`DD1391-100-10.5`): when the SKU ends with the row's size after a
 * `-`, `_`, `/` or space, that suffix is taken off so the style code matches the catalogue.
 */
export function createRowMapper(
  source: ImportSource,
  headers: readonly string[],
  columns: readonly Pick<ImportColumn, 'index' | 'field'>[],
): (cells: readonly string[]) => MappedRow {
  const mapped = columns.filter((c): c is { index: number; field: string } => c.field !== null);
  const norms = headers.map(normaliseHeader);
  const handleAt = norms.findIndex((n) => SHOPIFY_HANDLES.has(n));
  const carried = new Map<number, string>();
  let lastHandle = '';
  return (cells) => {
    const values = new Map<string, string>();
    if (cells.every((c) => c.trim() === '')) return { values: {}, skipReason: BLANK_ROW };
    if (source === 'shopify' && handleAt !== -1) {
      const handle = (cells[handleAt] ?? '').trim();
      if (handle !== lastHandle) carried.clear();
      lastHandle = handle;
      const skuAt = mapped.find((c) => c.field === 'sku')?.index;
      const sizeAt = mapped.find((c) => c.field === 'sizes')?.index;
      const sku = skuAt === undefined ? '' : (cells[skuAt] ?? '').trim();
      const size = sizeAt === undefined ? '' : (cells[sizeAt] ?? '').trim();
      for (const { index } of mapped) {
        const cell = (cells[index] ?? '').trim();
        if (cell !== '') {
          if (index !== skuAt && index !== sizeAt) carried.set(index, cell);
        }
      }
      if (sku === '' && size === '') return { values: {}, skipReason: SHOPIFY_IMAGE_ROW };
      for (const { index, field } of mapped) {
        const cell = (cells[index] ?? '').trim();
        values.set(field, cell !== '' ? cell : (carried.get(index) ?? ''));
      }
      if (sku !== '' && size !== '') values.set('sku', stripSizeSuffix(sku, size));
      return { values: Object.fromEntries(values), skipReason: null };
    }
    for (const { index, field } of mapped) values.set(field, cells[index] ?? '');
    return { values: Object.fromEntries(values), skipReason: null };
  };
}

/** `DD1391-100-10.5` with size `10.5` (or `US 10.5`) → `DD1391-100`; anything else as it is. */
export function stripSizeSuffix(sku: string, size: string): string {
  const sizes = parseSizes(size);
  if (sizes.length !== 1) return sku;
  const bare = (sizes[0] ?? '')
    .replace(/^(?:US|EU|UK|JP)\s*[MW]?\s*/i, '')
    .replace(/\s*(?:US|EU|UK|JP)$/i, '');
  for (const candidate of new Set([sizes[0] ?? '', bare])) {
    if (candidate === '') continue;
    for (const separator of ['-', '_', '/', ' ']) {
      const suffix = `${separator}${candidate}`;
      if (sku.toUpperCase().endsWith(suffix.toUpperCase())) {
        const style = sku.slice(0, -suffix.length).trim();
        if (styleCodeKey(style).length >= 4) return style;
      }
    }
  }
  return sku;
}
