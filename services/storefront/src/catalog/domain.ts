import type {
  StorefrontCard,
  StorefrontHeader,
  StorefrontProduct,
  StorefrontSize,
  StorefrontSizeSystem,
  StorefrontSort,
} from '@sneakers/shared/contracts/storefront';
import { STOREFRONT_PAGE_SIZE } from '@sneakers/shared/contracts/storefront';
import { DEMO } from '@sneakers/shared/demo';
import { NotFoundError, ValidationError } from '@sneakers/shared/errors';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import type { Currency } from '@sneakers/shared/money';
import { storefrontPriceOf, storefrontProductIdOf } from '@sneakers/shared/rules/storefront';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import {
  chartGenderOf,
  chartRowOfLabel,
  convertSize,
  parseSizeLabel,
  sizeValueNumber,
  type SizeSystem,
} from '@sneakers/shared/size-chart';
import { compareSizes, defaultSizeOf, normalizeSize } from '@sneakers/shared/sizes';
import type { ProductOffer } from './product-entity';
import type {
  BackInStock,
  CardIndexChanges,
  CardIndexChunk,
  CardIndexHeader,
  CatalogueData,
  CatalogueVariant,
  ItemKey,
  ProjectedProduct,
  ProjectionDeps,
  PublicDeps,
  StoreProfileView,
  StoreSources,
  StorefrontSetupView,
} from './ports';

/**
 * The storefront's projection and its public reads (docs/product/online-store.md#the-storefront):
 * pure. The stream handler (./stream.ts) loads a store's published sources, `projectStore`
 * says which product rows to write and delete and which sizes came back, and the public
 * routes filter, sort and page the rows without reading anything else.
 */

export type SizeChartEntry = NonNullable<StorefrontSize['chart']>;

export interface ProjectionChanges {
  put: ProjectedProduct[];
  remove: string[];
  backInStock: BackInStock[];
}

const sizeKey = (label: string) => normalizeSize(label).toUpperCase();

/** The size in every system, where the brand's chart knows it. */
export function chartOf(brand: string, gender: string | null, label: string): SizeChartEntry | null {
  const row = chartRowOfLabel(brand, gender, label);
  return row ? { eu: row.eu, usM: row.usM, usW: row.usW, uk: row.uk, jpCm: row.jpCm } : null;
}

/** Every `system:value` a size answers the size filter with; a size without a chart by its own label. */
export function sizeKeysOf(size: Pick<StorefrontSize, 'label' | 'chart'>): string[] {
  const keys = [`label:${sizeKey(size.label)}`];
  if (size.chart) {
    for (const [system, value] of Object.entries(size.chart)) {
      const n = sizeValueNumber(value);
      if (n !== undefined) keys.push(`${system}:${n}`);
    }
  }
  return keys;
}

/** Lower-cased name, brand and style code (with its canonical key): what the query searches. */
export function searchTextOf(product: Pick<ProjectedProduct, 'name' | 'brand' | 'sku'>): string {
  return [product.name, product.brand, product.sku, styleCodeKey(product.sku)].join(' ').toLowerCase();
}

/** The size filter's keys of a product's sizes on sale. */
export function sizeKeysOfAll(sizes: readonly Pick<StorefrontSize, 'label' | 'chart'>[]): string[] {
  return [...new Set(sizes.flatMap(sizeKeysOf))];
}

interface Draft {
  productId: string;
  productCatalogId: string | null;
  name: string;
  brand: string;
  sku: string;
  colorway: string;
  imageUrl: string | null;
  currency: Currency;
  virtual: boolean;
  offers: ProductOffer[];
  listedAt: string;
}

function draftOf(drafts: Map<string, Draft>, productId: string, seed: Omit<Draft, 'offers'>): Draft {
  const found = drafts.get(productId);
  if (found) {
    if (!found.imageUrl && seed.imageUrl) found.imageUrl = seed.imageUrl;
    if (seed.listedAt > found.listedAt) found.listedAt = seed.listedAt;
    return found;
  }
  const draft = { ...seed, offers: [] };
  drafts.set(productId, draft);
  return draft;
}

/**
 * The items as a store's Query reads them (list by list in the set-up's order, then by id), so
 * a product's name and image come from the same item whether the whole store or only that
 * product is recomputed.
 */
function inListOrder<T extends { listType: string; id: string }>(
  items: readonly T[],
  lists: readonly string[],
): T[] {
  const rank = (item: T) => {
    const at = lists.indexOf(item.listType);
    return at < 0 ? lists.length : at;
  };
  return [...items].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The product rows a store's storefront shows now: its published sources, priced, grouped per
 * product, with what the catalogue says of each product that has a catalogue id (`catalogue`,
 * by that id; a product missing from it shows only its sizes on sale).
 */
export function productsOf(
  sources: StoreSources,
  now: Date,
  catalogue: ReadonlyMap<string, CatalogueData> = new Map(),
): ProjectedProduct[] {
  const { setup } = sources;
  if (!setup?.enabled) return [];
  const drafts = new Map<string, Draft>();
  const lists = new Set(setup.lists);
  for (const item of inListOrder(sources.items, setup.lists)) {
    if (!lists.has(item.listType) || item.status === 'sold') continue;
    const listPrice = item.listType === 'wts' ? item.desiredPrice : item.askingPrice;
    const price = storefrontPriceOf(listPrice, sources.prices.get(item.id));
    if (price === null || item.sizes.length === 0) continue;
    const productId = storefrontProductIdOf({
      productCatalogId: item.productCatalogId,
      sku: item.sku,
      itemId: item.id,
    });
    const draft = draftOf(drafts, productId, {
      productId,
      productCatalogId: item.productCatalogId,
      name: item.name,
      brand: item.brand,
      sku: item.sku,
      colorway: item.colorway,
      imageUrl: item.imageUrl,
      currency: item.currency,
      virtual: false,
      listedAt: item.createdAt,
    });
    for (const label of item.sizes) {
      draft.offers.push({
        label: normalizeSize(label),
        chart: chartOf(item.brand, null, label),
        price,
        itemId: item.id,
        listType: item.listType === 'wts' ? 'wts' : 'inventory',
        virtualProductId: null,
        unitCost: item.purchasePrice,
        productVariantId: item.productVariantId,
      });
    }
  }
  const chosen = new Set(setup.virtualProductIds);
  for (const vp of sources.virtualProducts) {
    if (!chosen.has(vp.id) || !vp.active || vp.price <= 0 || vp.sizes.length === 0) continue;
    const productId = storefrontProductIdOf({ virtualProductId: vp.id });
    const draft = draftOf(drafts, productId, {
      productId,
      productCatalogId: vp.productCatalogId,
      name: vp.name,
      brand: vp.brand,
      sku: vp.sku,
      colorway: vp.colorway,
      imageUrl: vp.imageUrl,
      currency: vp.currency,
      virtual: true,
      listedAt: vp.createdAt,
    });
    for (const label of vp.sizes) {
      draft.offers.push({
        label: normalizeSize(label),
        chart: chartOf(vp.brand, null, label),
        price: vp.price,
        itemId: null,
        listType: null,
        virtualProductId: vp.id,
        unitCost: null,
        productVariantId: vp.productVariantId,
      });
    }
  }
  const updatedAt = now.toISOString();
  return [...drafts.values()]
    .filter((d) => d.offers.length > 0)
    .map((d) => {
      const data = d.productCatalogId ? (catalogue.get(d.productCatalogId) ?? null) : null;
      // A women's model converts by the women's chart, as its catalogue variants do.
      if (data?.gender) for (const o of d.offers) o.chart = chartOf(d.brand, data.gender, o.label);
      // The cheapest source of a size first: checkout takes the first offer of the size.
      d.offers.sort((a, b) => compareSizes(a.label, b.label) || a.price - b.price);
      const sizes = publicSizesOf(d.offers);
      const imageUrl = d.imageUrl ?? data?.imageUrl ?? null;
      return {
        storeUserId: sources.storeUserId,
        productId: d.productId,
        productCatalogId: d.productCatalogId,
        name: d.name,
        brand: d.brand,
        sku: d.sku,
        colorway: d.colorway || data?.colorway || '',
        imageUrl,
        images: [...new Set([imageUrl, data?.imageUrl].filter((url): url is string => !!url))],
        releaseDate: data?.releaseDate ?? null,
        description: '',
        price: Math.min(...d.offers.map((o) => o.price)),
        currency: d.currency,
        offers: d.offers,
        // Without the catalogue's variants the run is the sizes on sale (docs/product/online-store.md#product-pages).
        sizeRun: data ? sizeRunOf(data, d.brand, d.offers) : [],
        catalogue: data,
        virtual: d.virtual,
        searchText: searchTextOf(d),
        sizeKeys: sizeKeysOfAll(sizes),
        listedAt: d.listedAt,
        updatedAt,
      };
    });
}

const SIZE_NUMBER = /\d+(?:[.,]\d+)?(?:\s*[12]\/3|[⅓⅔])?/;

/** A size's EU value: through its chart, else its EU label, else a bare number from 35 up (formatSize's rule). */
function euOf(size: { label: string; chart: SizeChartEntry | null }): number | undefined {
  const charted = size.chart ? sizeValueNumber(size.chart.eu) : undefined;
  if (charted !== undefined) return charted;
  const parsed = parseSizeLabel(size.label);
  if (parsed) return parsed.system === 'eu' ? sizeValueNumber(parsed.value) : undefined;
  const bare = sizeValueNumber(size.label);
  return bare !== undefined && bare >= 35 ? bare : undefined;
}

/**
 * A variant in every system: the brand's chart row of its EU (else US M) size, so it reads the
 * same as the items' sizes (converted by the same chart) and a "notify me" keyed by its EU
 * size finds the pair that comes back; else the variant's own map when it is complete.
 */
function variantChartOf(
  data: CatalogueData,
  brand: string,
  variant: CatalogueVariant,
): SizeChartEntry | null {
  const chartBrand = variant.size.brand ?? brand;
  const gender = chartGenderOf(data.gender);
  const { eu, usM, usW, uk, jpCm } = variant.size;
  const row =
    (eu ? convertSize(chartBrand, gender, 'eu', eu) : undefined) ??
    (usM ? convertSize(chartBrand, gender, 'usM', usM) : undefined);
  if (row) return { eu: row.eu, usM: row.usM, usW: row.usW, uk: row.uk, jpCm: row.jpCm };
  return eu && usM && usW && uk && jpCm ? { eu, usM, usW, uk, jpCm } : null;
}

/** How the store's items write sizes: one label per system they use, the most used system first. */
function labelTemplatesOf(offers: readonly ProductOffer[]): [SizeSystem, string][] {
  const bySystem = new Map<SizeSystem, { template: string; count: number }>();
  for (const offer of offers) {
    const system = parseSizeLabel(offer.label)?.system;
    if (!system) continue;
    const found = bySystem.get(system);
    if (found) found.count += 1;
    else bySystem.set(system, { template: offer.label, count: 1 });
  }
  return [...bySystem.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([system, { template }]) => [system, template]);
}

/** An out-of-stock variant's label as the store's items would write it; else its EU (else US) size. */
function runLabelOf(
  templates: readonly [SizeSystem, string][],
  chart: SizeChartEntry | null,
  variant: CatalogueVariant,
): string {
  for (const [system, template] of templates) {
    const value = chart?.[system] ?? variant.size[system];
    if (value) return template.replace(SIZE_NUMBER, value);
  }
  return normalizeSize(defaultSizeOf(chart ?? variant.size) ?? variant.label);
}

/**
 * The catalogue's whole size run (docs/product/online-store.md#product-pages): every variant,
 * in stock with its cheapest price where a pair of that size is on sale (compared by EU size,
 * so `US 9` on an item is the catalogue's EU 42.5), else out of stock (price 0: the page shows
 * the product's price) so a visitor can ask to be told when it comes back.
 */
export function sizeRunOf(
  data: CatalogueData,
  brand: string,
  offers: readonly ProductOffer[],
): StorefrontSize[] {
  const templates = labelTemplatesOf(offers);
  const run = new Map<string, StorefrontSize>();
  for (const variant of data.variants) {
    const chart = variantChartOf(data, brand, variant);
    const eu = chart ? sizeValueNumber(chart.eu) : sizeValueNumber(variant.size.eu ?? '');
    let cheapest: ProductOffer | undefined;
    for (const offer of offers) {
      const offerEu = euOf(offer);
      const same =
        eu !== undefined && offerEu !== undefined
          ? Math.abs(eu - offerEu) < 0.01
          : sizeKey(offer.label) === sizeKey(variant.label);
      if (same && (!cheapest || offer.price < cheapest.price)) cheapest = offer;
    }
    const size: StorefrontSize = cheapest
      ? { label: cheapest.label, chart: chart ?? cheapest.chart, price: cheapest.price, inStock: true }
      : { label: runLabelOf(templates, chart, variant), chart, price: 0, inStock: false };
    const key = sizeKey(size.label);
    if (!run.has(key)) run.set(key, size);
  }
  return [...run.values()].sort((a, b) => compareSizes(a.label, b.label));
}

/** One public size per label: the cheapest offer's price; every offer is in stock. */
export function publicSizesOf(offers: readonly ProductOffer[]): StorefrontSize[] {
  const bySize = new Map<string, StorefrontSize>();
  for (const offer of offers) {
    const key = sizeKey(offer.label);
    const found = bySize.get(key);
    if (!found || offer.price < found.price) {
      bySize.set(key, { label: offer.label, chart: offer.chart, price: offer.price, inStock: true });
    }
  }
  return [...bySize.values()].sort((a, b) => compareSizes(a.label, b.label));
}

/** What changed in the public view of a row (the write is skipped when nothing did). */
function sameRow(a: ProjectedProduct, b: ProjectedProduct): boolean {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The writes that bring a store's rows from `existing` to `next`: changed rows, rows no longer
 * sold, and each size a product gained (it had none of it before, or the product was not on
 * sale): one BackInStock per product and size.
 */
export function diffProducts(
  existing: readonly ProjectedProduct[],
  next: readonly ProjectedProduct[],
): ProjectionChanges {
  const before = new Map(existing.map((row) => [row.productId, row]));
  const put: ProjectedProduct[] = [];
  const backInStock: BackInStock[] = [];
  for (const row of next) {
    const old = before.get(row.productId);
    before.delete(row.productId);
    if (old && sameRow(old, row)) continue;
    put.push(row);
    const had = new Set((old?.offers ?? []).map((o) => sizeKey(o.label)));
    for (const size of publicSizesOf(row.offers)) {
      if (!had.has(sizeKey(size.label))) backInStock.push({ productId: row.productId, size: size.label });
    }
  }
  return { put, remove: [...before.keys()], backInStock };
}

// ---------------------------------------------------------------------------------------------
// The card index
// ---------------------------------------------------------------------------------------------

/** A card as the public reads filter, sort and page it: the public card, when it changed, and the filters' keys. */
export interface IndexedCard extends StorefrontCard {
  updatedAt: string;
  searchText: string;
  sizeKeys: string[];
}

/**
 * A size as the index stores it: `[label, price]`, or with its chart `[label, price, eu, usM,
 * usW, uk, jpCm]`. Half the bytes of the answer's object: a card's sizes are most of its size.
 * A card's sizes are all in stock.
 */
type StoredSize = [string, number] | [string, number, string, string, string, string, string];

/** A card as the index stores it: the filters' keys are derived again on read, never stored. */
interface StoredCard extends Omit<StorefrontCard, 'sizes'> {
  updatedAt: string;
  sizes: StoredSize[];
}

/**
 * The most bytes of cards one chunk holds: well under DynamoDB's 400 KB item limit, and a few
 * chunks of a 1,000-product store fit one 1 MB Query page (docs/product/online-store.md#the-storefront).
 */
export const CARD_CHUNK_BYTES = 150_000;

const utf8 = new TextEncoder();

export function indexHeaderOf(
  rows: readonly Pick<ProjectedProduct, 'brand' | 'currency'>[],
): CardIndexHeader {
  const brands = [...new Set(rows.map((r) => r.brand.trim()).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
  return { brands, productCount: rows.length, currency: rows[0]?.currency ?? null };
}

function storedCardOf(row: ProjectedProduct): StoredCard {
  const { sizes, ...card } = cardOf(row);
  return {
    ...card,
    updatedAt: row.updatedAt,
    sizes: sizes.map((s): StoredSize => {
      const c = s.chart;
      return c ? [s.label, s.price, c.eu, c.usM, c.usW, c.uk, c.jpCm] : [s.label, s.price];
    }),
  };
}

function indexedCardOf(stored: StoredCard): IndexedCard {
  const sizes: StorefrontSize[] = stored.sizes.map(([label, price, eu, usM, usW, uk, jpCm]) => ({
    label,
    chart:
      eu !== undefined && usM !== undefined && usW !== undefined && uk !== undefined && jpCm !== undefined
        ? { eu, usM, usW, uk, jpCm }
        : null,
    price,
    inStock: true,
  }));
  return { ...stored, sizes, searchText: searchTextOf(stored), sizeKeys: sizeKeysOfAll(sizes) };
}

/**
 * A store's card index: its cards in product id order, cut into chunks of at most
 * CARD_CHUNK_BYTES, and the header's facts on chunk 0 (always written, even with no card).
 */
export function cardIndexOf(rows: readonly ProjectedProduct[]): CardIndexChunk[] {
  const sorted = [...rows].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  );
  const chunks: string[][] = [[]];
  let bytes = 2;
  for (const row of sorted) {
    const json = JSON.stringify(storedCardOf(row));
    const size = utf8.encode(json).length + 1;
    const current = chunks[chunks.length - 1]!;
    if (current.length > 0 && bytes + size > CARD_CHUNK_BYTES) {
      chunks.push([json]);
      bytes = 2 + size;
    } else {
      current.push(json);
      bytes += size;
    }
  }
  const header = indexHeaderOf(sorted);
  return chunks.map((cards, chunk) => ({
    chunk,
    cards: `[${cards.join(',')}]`,
    header: chunk === 0 ? header : null,
  }));
}

/** The cards of a store's index chunks (in any order), and chunk 0's header facts (derived when it is missing). */
export function cardsOfIndex(chunks: readonly CardIndexChunk[]): {
  header: CardIndexHeader;
  cards: IndexedCard[];
} {
  const byId = new Map<string, IndexedCard>();
  for (const chunk of [...chunks].sort((a, b) => a.chunk - b.chunk)) {
    // Written only by cardIndexOf. A card met twice (a reader between two of a large index's
    // transactions) counts once.
    for (const stored of JSON.parse(chunk.cards) as StoredCard[]) {
      if (!byId.has(stored.productId)) byId.set(stored.productId, indexedCardOf(stored));
    }
  }
  const cards = [...byId.values()];
  const header = chunks.find((c) => c.chunk === 0)?.header ?? indexHeaderOf(cards);
  return { header, cards };
}

/** The public card of an indexed one: never the index's own fields. */
export function publicCardOf(card: IndexedCard): StorefrontCard {
  const { updatedAt: _u, searchText: _s, sizeKeys: _k, ...publicCard } = card;
  return publicCard;
}

const sameChunk = (a: CardIndexChunk, b: CardIndexChunk) =>
  a.cards === b.cards && JSON.stringify(a.header) === JSON.stringify(b.header);

/** The chunk writes that bring the stored index to `next`: only chunks that differ, and the ones left over. */
export function diffCardIndex(
  stored: readonly CardIndexChunk[],
  next: readonly CardIndexChunk[],
): CardIndexChanges {
  const before = new Map(stored.map((c) => [c.chunk, c]));
  const put = next.filter((c) => {
    const old = before.get(c.chunk);
    return !old || !sameChunk(old, c);
  });
  const kept = new Set(next.map((c) => c.chunk));
  return { put, remove: stored.map((c) => c.chunk).filter((n) => !kept.has(n)) };
}

const byProductId = <T extends { productId: string }>(a: T, b: T) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;

const cardBytes = (json: string) => utf8.encode(json).length + 1;

/**
 * The index after some products changed (`changed`: a product's row now, null when it left
 * the storefront), touching only the chunks those cards are in: a changed card stays in its
 * chunk, a new one joins the last chunk, a chunk grown past CARD_CHUNK_BYTES passes its last
 * cards to new chunks, an emptied chunk goes (chunk 0 stays: it holds the header, derived
 * from every card as `cardIndexOf` does). The cards are the same as `cardIndexOf` of the
 * store's rows; only their layout differs (readers merge every chunk).
 */
export function patchCardIndex(
  stored: readonly CardIndexChunk[],
  changed: ReadonlyMap<string, ProjectedProduct | null>,
): CardIndexChunk[] {
  interface Patched {
    chunk: number;
    cards: { productId: string; json: string; card: StoredCard }[];
    raw: string | null;
  }
  const seen = new Set<string>();
  const chunks: Patched[] = [...stored]
    .sort((a, b) => a.chunk - b.chunk)
    .map((c) => {
      // Written only by cardIndexOf and this function.
      const parsed = JSON.parse(c.cards) as StoredCard[];
      const cards = [];
      let raw: string | null = c.cards;
      for (const card of parsed) {
        const row = changed.get(card.productId);
        if (seen.has(card.productId) || row === null) {
          raw = null;
          continue;
        }
        seen.add(card.productId);
        if (row === undefined) {
          cards.push({ productId: card.productId, json: JSON.stringify(card), card });
        } else {
          const next = storedCardOf(row);
          cards.push({ productId: row.productId, json: JSON.stringify(next), card: next });
          raw = null;
        }
      }
      return { chunk: c.chunk, cards, raw };
    });
  if (!chunks.some((c) => c.chunk === 0)) chunks.unshift({ chunk: 0, cards: [], raw: null });
  const last = chunks[chunks.length - 1]!;
  for (const row of changed.values()) {
    if (!row || seen.has(row.productId)) continue;
    const card = storedCardOf(row);
    last.cards.push({ productId: row.productId, json: JSON.stringify(card), card });
    last.raw = null;
  }
  let nextChunk = chunks[chunks.length - 1]!.chunk + 1;
  const spilled: Patched[] = [];
  for (const c of chunks) {
    if (c.raw !== null) continue;
    c.cards.sort(byProductId);
    let bytes = 2 + c.cards.reduce((sum, card) => sum + cardBytes(card.json), 0);
    const over: Patched['cards'] = [];
    while (bytes > CARD_CHUNK_BYTES && c.cards.length > 1) {
      const moved = c.cards.pop()!;
      bytes -= cardBytes(moved.json);
      over.unshift(moved);
    }
    let current: Patched | null = null;
    let currentBytes = 2;
    for (const card of over) {
      const size = cardBytes(card.json);
      if (!current || (current.cards.length > 0 && currentBytes + size > CARD_CHUNK_BYTES)) {
        current = { chunk: nextChunk++, cards: [], raw: null };
        spilled.push(current);
        currentBytes = 2;
      }
      current.cards.push(card);
      currentBytes += size;
    }
  }
  const all = [...chunks, ...spilled].filter((c) => c.chunk === 0 || c.cards.length > 0);
  const header = indexHeaderOf(all.flatMap((c) => c.cards.map((card) => card.card)).sort(byProductId));
  return all.map((c) => ({
    chunk: c.chunk,
    cards: c.raw ?? `[${c.cards.map((card) => card.json).join(',')}]`,
    header: c.chunk === 0 ? header : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Public reads
// ---------------------------------------------------------------------------------------------

export function headerOf(
  storeId: string,
  setup: StorefrontSetupView,
  profile: StoreProfileView | null,
  facts: CardIndexHeader,
  demo: boolean,
): StorefrontHeader {
  return {
    storeId,
    name: setup.name || profile?.businessName || '',
    logoUrl: setup.logoUrl ?? profile?.avatarUrl ?? null,
    bannerUrl: setup.bannerUrl,
    description: setup.description,
    contact: setup.contact,
    returnsText: setup.returnsText,
    currency: facts.currency ?? profile?.currency ?? 'EUR',
    brands: facts.brands,
    productCount: facts.productCount,
    demo,
  };
}

/** The public card of a row: never its offers, item ids or costs. */
export function cardOf(row: ProjectedProduct): StorefrontCard {
  return {
    productId: row.productId,
    name: row.name,
    brand: row.brand,
    sku: row.sku,
    colorway: row.colorway,
    imageUrl: row.imageUrl,
    releaseDate: row.releaseDate,
    price: row.price,
    currency: row.currency,
    sizes: publicSizesOf(row.offers),
    listedAt: row.listedAt,
  };
}

/** The public product page: the card, the images and the size run with the sizes on sale in it. */
export function publicProductOf(row: ProjectedProduct): StorefrontProduct {
  const card = cardOf(row);
  const inStock = new Map(card.sizes.map((s) => [sizeKey(s.label), s]));
  const run = row.sizeRun.map(
    (s) => inStock.get(sizeKey(s.label)) ?? { ...s, price: row.price, inStock: false },
  );
  const inRun = new Set(run.map((s) => sizeKey(s.label)));
  const sizeRun = [...run, ...card.sizes.filter((s) => !inRun.has(sizeKey(s.label)))].sort((a, b) =>
    compareSizes(a.label, b.label),
  );
  return { ...card, images: row.images, description: row.description, sizeRun, virtual: row.virtual };
}

export interface StorefrontFilters {
  q?: string;
  brand?: string;
  size?: string;
  system?: StorefrontSizeSystem;
  min?: number;
  max?: number;
  sort?: StorefrontSort;
}

/** Whether a row answers the filters: the query over name, brand and style code; the size in a system. */
export function matches(
  row: Pick<IndexedCard, 'searchText' | 'brand' | 'sizeKeys' | 'price'>,
  f: StorefrontFilters,
) {
  if (f.q) {
    const words = f.q.toLowerCase().split(/\s+/).filter(Boolean);
    const key = styleCodeKey(f.q);
    const text = row.searchText;
    const wordsMatch = words.every((w) => text.includes(w));
    if (!wordsMatch && !(key && text.includes(key))) return false;
  }
  if (f.brand && row.brand.toLowerCase() !== f.brand.toLowerCase()) return false;
  if (f.size) {
    const n = sizeValueNumber(f.size);
    const system = f.system ?? 'eu';
    const wanted = [`label:${sizeKey(f.size)}`, ...(n === undefined ? [] : [`${system}:${n}`])];
    if (!wanted.some((k) => row.sizeKeys.includes(k))) return false;
  }
  if (f.min !== undefined && row.price < f.min) return false;
  if (f.max !== undefined && row.price > f.max) return false;
  return true;
}

/** Newest first by default; price sorts break ties newest first; then the id, so pages are stable. */
export function sortRows<T extends Pick<IndexedCard, 'price' | 'listedAt' | 'productId'>>(
  rows: T[],
  sort: StorefrontSort = 'newest',
): T[] {
  const newest = (a: T, b: T) =>
    b.listedAt.localeCompare(a.listedAt) || a.productId.localeCompare(b.productId);
  const by =
    sort === 'price_asc'
      ? (a: T, b: T) => a.price - b.price || newest(a, b)
      : sort === 'price_desc'
        ? (a: T, b: T) => b.price - a.price || newest(a, b)
        : newest;
  return [...rows].sort(by);
}

/** The cursor is the offset into the filtered, sorted rows (the rows are re-read per page anyway). */
export function pageOf<T>(rows: readonly T[], cursor: string | undefined, limit: number) {
  if (cursor !== undefined && !/^\d{1,6}$/.test(cursor)) {
    throw new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });
  }
  const start = cursor ? Number(cursor) : 0;
  const end = start + limit;
  return { items: rows.slice(start, end), cursor: end < rows.length ? String(end) : null };
}

// ---------------------------------------------------------------------------------------------
// Use cases
// ---------------------------------------------------------------------------------------------

/** The rows whose changes move a storefront, and where each names its store. */
export const PROJECTION_SOURCES = [
  'sneakerItem',
  'commerceVirtualProduct',
  'storefrontSetup',
  'storefrontPrice',
] as const;

/** The lists a storefront can show (docs/product/online-store.md#the-storefront). */
const STOREFRONT_LISTS = ['inventory', 'wts'] as const;

/** Row transactions in flight at once (a store's first projection, an import's batch). */
const ROW_WRITES_AT_ONCE = 8;

/** A transaction holds 100 items: the row and at most this many BackInStock events. */
const EVENTS_PER_WRITE = 99;

interface ChangeRecord {
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

/** The store a changed row belongs to, if the change can move its storefront. */
export function storeOfChange(record: ChangeRecord): string | undefined {
  const image = record.newImage ?? record.oldImage;
  if (!image) return undefined;
  const entity = image.__edb_e__;
  if (entity === 'sneakerItem') {
    const lists = [record.newImage?.listType, record.oldImage?.listType];
    if (!lists.some((l) => l === 'inventory' || l === 'wts')) return undefined;
    return typeof image.userId === 'string' ? image.userId : undefined;
  }
  if (typeof entity === 'string' && (PROJECTION_SOURCES as readonly string[]).includes(entity)) {
    return typeof image.storeUserId === 'string' ? image.storeUserId : undefined;
  }
  return undefined;
}

/** A catalogue product known not to exist: kept on the row like any other, so it is not read again. */
const NO_CATALOGUE_DATA: CatalogueData = {
  gender: null,
  colorway: '',
  imageUrl: null,
  releaseDate: null,
  variants: [],
};
/** Catalogue Queries in flight at once when a store's first projection meets many products. */
const CATALOGUE_READS_AT_ONCE = 8;

/** The catalogue reads of one stream batch, by catalogue id: each product is read at most once per batch. */
export type CatalogueReads = Map<string, Promise<CatalogueData>>;

function readCatalogue(deps: ProjectionDeps, reads: CatalogueReads, productCatalogId: string) {
  let read = reads.get(productCatalogId);
  if (!read) {
    read = deps.repo.catalogue(productCatalogId).then((data) => data ?? NO_CATALOGUE_DATA);
    reads.set(productCatalogId, read);
  }
  return read;
}

/**
 * The catalogue data of the store's products: a row's own copy when it has one; the
 * catalogue is read only for a product new on the storefront (or a row written before it
 * kept one), so an item's edit costs no catalogue read.
 */
async function catalogueOf(
  deps: ProjectionDeps,
  reads: CatalogueReads,
  sources: StoreSources,
  existing: readonly ProjectedProduct[],
  now: Date,
): Promise<Map<string, CatalogueData>> {
  const known = new Map<string, CatalogueData>();
  for (const row of existing)
    if (row.productCatalogId && row.catalogue) known.set(row.productCatalogId, row.catalogue);
  const missing = [
    ...new Set(
      productsOf(sources, now).flatMap((row) =>
        row.productCatalogId && !known.has(row.productCatalogId) ? [row.productCatalogId] : [],
      ),
    ),
  ];
  for (let i = 0; i < missing.length; i += CATALOGUE_READS_AT_ONCE) {
    const ids = missing.slice(i, i + CATALOGUE_READS_AT_ONCE);
    const found = await Promise.all(ids.map((id) => readCatalogue(deps, reads, id)));
    ids.forEach((id, j) => known.set(id, found[j]!));
  }
  return known;
}

/**
 * Recomputes one store's rows from its sources. Idempotent: a redelivered change finds the
 * rows already equal and writes nothing (so no second BackInStock either).
 */
export async function projectStore(
  deps: ProjectionDeps,
  storeUserId: string,
  reads: CatalogueReads = new Map(),
): Promise<ProjectionChanges & { index: CardIndexChanges }> {
  const now = deps.clock.now();
  const [sources, existing, storedIndex] = await Promise.all([
    deps.repo.sources(storeUserId),
    deps.repo.products(storeUserId),
    deps.repo.cardIndex(storeUserId),
  ]);
  const catalogue = await catalogueOf(deps, reads, sources, existing, now);
  const next = productsOf(sources, now, catalogue);
  const { changes, rows } = await writeRows(deps, storeUserId, existing, next, now);
  const index = diffCardIndex(storedIndex, sources.setup?.enabled ? cardIndexOf(rows) : []);
  if (index.put.length > 0 || index.remove.length > 0) await deps.repo.writeCardIndex(storeUserId, index);
  return { ...changes, index };
}

/**
 * What `projectStore` does for a store with no storefront switched on (it shows nothing), without
 * reading the store's items: those are most of a store's rows, and a store that never set up a
 * storefront (most stores) would pay a read of its whole stock for every batch of its item
 * changes, an import of 10,000 pairs some hundred times over.
 */
async function clearStore(
  deps: ProjectionDeps,
  storeUserId: string,
  storedIndex: readonly CardIndexChunk[],
  now: Date,
): Promise<ProjectionChanges & { index: CardIndexChanges }> {
  const existing = await deps.repo.products(storeUserId);
  const { changes } = await writeRows(deps, storeUserId, existing, [], now);
  const index = diffCardIndex(storedIndex, []);
  if (index.put.length > 0 || index.remove.length > 0) await deps.repo.writeCardIndex(storeUserId, index);
  return { ...changes, index };
}

/**
 * Writes the rows that changed from `existing` to `next` (each with its BackInStock events)
 * and deletes the ones gone; answers the rows as stored now. The index is written after the
 * rows: a crash between them leaves the index a batch behind, and the stream's retry of the
 * batch finds the rows equal and the index to write. Unchanged rows keep their stored
 * `updatedAt` (the sitemap's lastmod).
 */
async function writeRows(
  deps: ProjectionDeps,
  storeUserId: string,
  existing: readonly ProjectedProduct[],
  next: readonly ProjectedProduct[],
  now: Date,
): Promise<{ changes: ProjectionChanges; rows: ProjectedProduct[] }> {
  const changes = diffProducts(existing, next);
  const at = now.toISOString();
  const eventsOf = new Map<string, BackInStock[]>();
  for (const e of changes.backInStock) eventsOf.set(e.productId, [...(eventsOf.get(e.productId) ?? []), e]);
  // Each row is its own transaction and no row depends on another: a few at once. A failure
  // leaves some written, and the batch's retry finds those equal.
  const writes = [
    ...changes.put.map((row) => () => {
      const events = (eventsOf.get(row.productId) ?? []).slice(0, EVENTS_PER_WRITE);
      return deps.repo.put(
        row,
        events,
        events.map(() => deps.ids.next()),
        at,
      );
    }),
    ...changes.remove.map((productId) => () => deps.repo.remove(storeUserId, productId)),
  ];
  for (let i = 0; i < writes.length; i += ROW_WRITES_AT_ONCE) {
    await Promise.all(writes.slice(i, i + ROW_WRITES_AT_ONCE).map((write) => write()));
  }
  const written = new Set(changes.put.map((r) => r.productId));
  const stored = new Map(existing.map((r) => [r.productId, r]));
  const rows = next.map((r) => (written.has(r.productId) ? r : (stored.get(r.productId) ?? r)));
  return { changes, rows };
}

/** What a batch's records say changed in one store. */
export interface StoreTouch {
  /** A set-up row changed: which lists and virtual products are shown, so the whole store. */
  whole: boolean;
  /** Products a changed row belonged to before or after the change. */
  productIds: Set<string>;
  /** Items to read again: by list and id from an item's change, by id alone from a price's. */
  items: Map<string, ItemKey>;
  pricedItemIds: Set<string>;
  virtualProductIds: Set<string>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function itemProductIdOf(image: Record<string, unknown>): string {
  return storefrontProductIdOf({
    productCatalogId: str(image.productCatalogId) ?? null,
    sku: str(image.sku) ?? null,
    itemId: str(image.id) ?? null,
  });
}

function touchOf(touch: StoreTouch, record: ChangeRecord): void {
  const images = [record.oldImage, record.newImage].filter(
    (image): image is Record<string, unknown> => image !== undefined,
  );
  for (const image of images) {
    const entity = image.__edb_e__;
    if (entity === 'storefrontSetup') touch.whole = true;
    else if (entity === 'sneakerItem') {
      const listType = str(image.listType);
      const id = str(image.id);
      if (!listType || !id) continue;
      touch.productIds.add(itemProductIdOf(image));
      touch.items.set(`${listType}#${id}`, { listType, id });
    } else if (entity === 'commerceVirtualProduct') {
      const id = str(image.id);
      if (!id) continue;
      touch.productIds.add(storefrontProductIdOf({ virtualProductId: id }));
      touch.virtualProductIds.add(id);
    } else if (entity === 'storefrontPrice') {
      const itemId = str(image.itemId);
      if (itemId) touch.pricedItemIds.add(itemId);
    }
  }
}

const emptyTouch = (): StoreTouch => ({
  whole: false,
  productIds: new Set(),
  items: new Map(),
  pricedItemIds: new Set(),
  virtualProductIds: new Set(),
});

/**
 * Recomputes only the products a batch touched (docs/adr/0028, "Consequences"). A product's
 * sources are the items and virtual products its row already sells (its offers name them)
 * and the ones this batch changed: an item joins a product only by a change, and that change
 * is in this batch. So it reads those products' rows, those items, their prices and those
 * virtual products by key (BatchGetItem), never the store's lists. Idempotent like
 * `projectStore`, and the same rows as it (the unit tests check the two converge).
 */
export async function projectProducts(
  deps: ProjectionDeps,
  storeUserId: string,
  touch: StoreTouch,
  reads: CatalogueReads = new Map(),
): Promise<ProjectionChanges & { index: CardIndexChanges }> {
  if (touch.whole) return projectStore(deps, storeUserId, reads);
  const now = deps.clock.now();
  const productIds = new Set(touch.productIds);
  const itemKeys = new Map(touch.items);
  // A price names its item, not its list: both lists a storefront can show.
  for (const id of touch.pricedItemIds)
    for (const listType of STOREFRONT_LISTS) itemKeys.set(`${listType}#${id}`, { listType, id });
  const [setup, storedIndex] = await Promise.all([
    deps.repo.setup(storeUserId),
    deps.repo.cardIndex(storeUserId),
  ]);
  // Switched off (or never set up, most stores): nothing to keep but to remove what is stored,
  // so the batch's products and items are not read at all.
  if (!setup?.enabled) return clearStore(deps, storeUserId, storedIndex, now);
  const [first, firstSources] = await Promise.all([
    deps.repo.productsById(storeUserId, [...productIds]),
    deps.repo.sourcesByKey(storeUserId, {
      items: [...itemKeys.values()],
      virtualProductIds: [...touch.virtualProductIds],
    }),
  ]);
  // No chunk 0 (an index never written): the header needs every card, so the whole store.
  if (!storedIndex.some((c) => c.chunk === 0)) return projectStore(deps, storeUserId, reads);
  // An item read again names the product it is in now (a price's item: only now known).
  const more = [
    ...new Set(
      firstSources.items.map((item) =>
        storefrontProductIdOf({ productCatalogId: item.productCatalogId, sku: item.sku, itemId: item.id }),
      ),
    ),
  ].filter((id) => !productIds.has(id));
  for (const id of more) productIds.add(id);
  const existing = [...first, ...(more.length > 0 ? await deps.repo.productsById(storeUserId, more) : [])];
  const readItems = new Set(firstSources.items.map((i) => `${i.listType}#${i.id}`));
  const readVps = new Set(firstSources.virtualProducts.map((vp) => vp.id));
  const offerItems = new Map<string, ItemKey>();
  const offerVps = new Set<string>();
  for (const row of existing) {
    for (const offer of row.offers) {
      if (offer.itemId && offer.listType && !itemKeys.has(`${offer.listType}#${offer.itemId}`)) {
        offerItems.set(`${offer.listType}#${offer.itemId}`, { listType: offer.listType, id: offer.itemId });
      }
      if (offer.virtualProductId && !touch.virtualProductIds.has(offer.virtualProductId)) {
        offerVps.add(offer.virtualProductId);
      }
    }
  }
  const rest =
    offerItems.size > 0 || offerVps.size > 0
      ? await deps.repo.sourcesByKey(storeUserId, {
          items: [...offerItems.values()].filter((k) => !readItems.has(`${k.listType}#${k.id}`)),
          virtualProductIds: [...offerVps].filter((id) => !readVps.has(id)),
        })
      : { items: [], virtualProducts: [], prices: new Map<string, number>() };
  const sources: StoreSources = {
    storeUserId,
    setup,
    items: [...firstSources.items, ...rest.items],
    virtualProducts: [...firstSources.virtualProducts, ...rest.virtualProducts],
    prices: new Map([...firstSources.prices, ...rest.prices]),
  };
  const catalogue = await catalogueOf(deps, reads, sources, existing, now);
  const next = productsOf(sources, now, catalogue).filter((row) => productIds.has(row.productId));
  const { changes, rows } = await writeRows(deps, storeUserId, existing, next, now);
  const changed = new Map<string, ProjectedProduct | null>([...productIds].map((id) => [id, null]));
  for (const row of rows) changed.set(row.productId, row);
  const index = diffCardIndex(storedIndex, patchCardIndex(storedIndex, changed));
  if (index.put.length > 0 || index.remove.length > 0) await deps.repo.writeCardIndex(storeUserId, index);
  return { ...changes, index };
}

/**
 * The stream handler: each touched store once per batch, only its touched products (a set-up
 * change: the whole store); a store that fails retries its records.
 */
export async function applyProjectionRecords(
  deps: ProjectionDeps,
  records: readonly ChangeRecord[],
): Promise<number[]> {
  const byStore = new Map<string, { indexes: number[]; touch: StoreTouch }>();
  records.forEach((record, index) => {
    const store = storeOfChange(record);
    if (!store) return;
    let found = byStore.get(store);
    if (!found) {
      found = { indexes: [], touch: emptyTouch() };
      byStore.set(store, found);
    }
    found.indexes.push(index);
    touchOf(found.touch, record);
  });
  const failed: number[] = [];
  const reads: CatalogueReads = new Map();
  for (const [store, { indexes, touch }] of byStore) {
    try {
      await projectProducts(deps, store, touch, reads);
    } catch (error) {
      deps.onError(error, store);
      failed.push(...indexes);
    }
  }
  return failed.sort((a, b) => a - b);
}

const STOREFRONT_NOT_FOUND = () =>
  new NotFoundError('This store has no online store.', 'STOREFRONT_NOT_FOUND');
const PRODUCT_NOT_AVAILABLE = () =>
  new NotFoundError('This product is no longer available.', 'PRODUCT_NOT_AVAILABLE');

/**
 * Public reads per visitor and store: 20 per 10 s (120 a minute; a person browsing never
 * reaches it), counted in the container's memory (shared/src/rate-limit/memory.ts), so a
 * page view costs no table write.
 */
export const PUBLIC_READS = { limit: 20, windowMs: 10_000 } as const;

export async function limitVisitor(deps: PublicDeps, sourceIp: string, storeId: string): Promise<void> {
  await takeOrRefuse(
    deps.limiter,
    `storefront.public#${sourceIp}#${storeId}`,
    PUBLIC_READS,
    deps.clock.now(),
    'Too many requests. Please wait a few seconds and try again.',
  );
}

/** Set-up and profile (one BatchGetItem) with the card index (one Query): a storefront page's 2 requests. */
async function loadStore(deps: PublicDeps, storeId: string) {
  const [{ setup, profile }, chunks] = await Promise.all([
    deps.reader.storefront(storeId),
    deps.reader.cardIndex(storeId),
  ]);
  if (!setup?.enabled || profile?.closing) throw STOREFRONT_NOT_FOUND();
  const { header, cards } = cardsOfIndex(chunks);
  return { store: headerOf(storeId, setup, profile, header, storeId === DEMO.userId), cards };
}

export async function getStorefront(
  deps: PublicDeps,
  storeId: string,
  query: StorefrontFilters & { cursor?: string; limit?: number },
) {
  const { store, cards } = await loadStore(deps, storeId);
  const matching = sortRows(
    cards.filter((card) => matches(card, query)),
    query.sort,
  );
  const page = pageOf(matching, query.cursor, query.limit ?? STOREFRONT_PAGE_SIZE);
  return { store, products: page.items.map(publicCardOf), cursor: page.cursor };
}

/** One BatchGetItem: the set-up, the profile, the product's row and the index's chunk 0 (the header's facts). */
export async function getStorefrontProduct(deps: PublicDeps, storeId: string, productId: string) {
  const { setup, profile, row, header } = await deps.reader.product(storeId, productId);
  if (!setup?.enabled || profile?.closing) throw STOREFRONT_NOT_FOUND();
  if (!row) throw PRODUCT_NOT_AVAILABLE();
  // No chunk 0 yet (the projection wrote the row and not yet its index): the row's own facts.
  const facts = header ?? indexHeaderOf([row]);
  return {
    store: headerOf(storeId, setup, profile, facts, storeId === DEMO.userId),
    product: publicProductOf(row),
  };
}

/** Every product card of a store (the sitemap). */
export async function storefrontProducts(deps: PublicDeps, storeId: string) {
  return loadStore(deps, storeId);
}
