import { gunzipSync, gzipSync } from 'node:zlib';
import { GENDERS, type Product } from '@sneakers/shared/contracts/catalog';
import { CURRENCIES } from '@sneakers/shared/money';
import { styleCodeKey, styleCodeQuery } from '@sneakers/shared/rules/style-code';
import { fold, isOneSlip, isTypoWord, words } from './text';

export interface SearchRequest {
  q?: string;
  brand?: string;
  productType?: string;
  order: 'release' | 'updated';
  offset: number;
  limit: number;
}

export interface SearchResult {
  total: number;
  products: Product[];
}

/** A growable Uint32Array: order permutations and bitsets grow with the documents. */
class U32List {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 16) {
    this.data = new Uint32Array(Math.max(16, capacity));
  }
  static of(values: Uint32Array): U32List {
    const list = new U32List(values.length + 16);
    list.data.set(values);
    list.length = values.length;
    return list;
  }
  reserve(capacity: number) {
    if (capacity <= this.data.length) return;
    const next = new Uint32Array(Math.max(capacity, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  push(value: number) {
    this.reserve(this.length + 1);
    this.data[this.length++] = value;
  }
  insertAt(index: number, value: number) {
    this.reserve(this.length + 1);
    this.data.copyWithin(index + 1, index, this.length);
    this.data[index] = value;
    this.length += 1;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Low-cardinality values (brand, product type, currency, gender) stored once, referenced by code. */
class Dict<T> {
  readonly values: T[] = [];
  readonly live: number[] = [];
  private readonly codes = new Map<T, number>();
  constructor(values: readonly T[] = []) {
    for (const value of values) this.code(value);
  }
  code(value: T): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.live.push(0);
      this.codes.set(value, code);
    }
    return code;
  }
}

/**
 * Documents are numbers. Search needs only their codes and sort keys; the product itself
 * is decoded for the page returned: snapshot docs stay as their UTF-8 JSON bytes (off the
 * JS heap, no string per field), docs added since are kept as objects.
 */
interface Docs {
  brand: number[];
  productType: number[];
  /** Sort keys: release day (NO_RELEASE when absent) and updatedAt in ms. */
  releaseKey: number[];
  updatedKey: number[];
  /** Docs [0, baseCount) live in `bytes` at [offsets[doc], offsets[doc + 1]). */
  baseCount: number;
  bytes: Uint8Array;
  offsets: Uint32Array;
  /** The base docs' ids as JSON, parsed on the first upsert or remove. */
  idsJson: Uint8Array;
  baseIds: string[] | undefined;
  extra: Product[];
}

const NO_RELEASE = -1e9;
const DAY_MS = 86_400_000;

interface State {
  docs: Docs;
  brands: Dict<string>;
  productTypes: Dict<string>;
  /** Number of doc slots (live + dead). */
  count: number;
  liveCount: number;
  alive: U32List;
  /** Built on the first upsert or remove: a cold search never needs it. */
  idToDoc: Map<string, number> | undefined;
  /** Base term dictionary (sorted) with CSR posting lists of ascending doc numbers. */
  terms: string[];
  offsets: Uint32Array;
  postings: Uint32Array;
  /** Postings added since the base was built, and their terms sorted for prefix ranges. */
  deltaPostings: Map<string, number[]>;
  deltaTerms: string[];
  deltaDocs: number;
  /** Letter-only words of typo length, by length: the bounded scan for one slip. */
  typoWords: Map<number, string[]>;
  knownTerms: Set<string>;
  /** Style-code keys sorted, with their doc; the delta keeps later additions. */
  skuKeys: string[];
  skuDocs: Uint32Array;
  deltaSkuKeys: string[];
  deltaSkuDocs: number[];
  /** Docs in result order, and each doc's position in it (recomputed after changes). */
  orderRelease: U32List;
  orderUpdated: U32List;
  rankRelease: Uint32Array | undefined;
  rankUpdated: Uint32Array | undefined;
}

function emptyDocs(): Docs {
  return {
    brand: [],
    productType: [],
    releaseKey: [],
    updatedKey: [],
    baseCount: 0,
    bytes: new Uint8Array(0),
    offsets: new Uint32Array(1),
    idsJson: new Uint8Array(0),
    baseIds: [],
    extra: [],
  };
}

function releaseKeyOf(date: string | null): number {
  if (date === null) return NO_RELEASE;
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? NO_RELEASE : Math.floor(ms / DAY_MS);
}

function updatedKeyOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/** Searchable words of a product: name, brand, product type and the SKU's parts. */
function productWords(p: Pick<Product, 'name' | 'brand' | 'productType' | 'sku'>): Set<string> {
  return new Set([...words(p.name), ...words(p.brand), ...words(p.productType), ...words(p.sku)]);
}

const decoder = new TextDecoder();

function baseIds(docs: Docs): string[] {
  if (!docs.baseIds) {
    const parsed: unknown = JSON.parse(decoder.decode(docs.idsJson));
    if (!isStringArray(parsed, docs.baseCount)) throw new Error('catalog index snapshot: bad ids');
    docs.baseIds = parsed;
  }
  return docs.baseIds;
}

function idOf(docs: Docs, doc: number): string {
  return doc < docs.baseCount ? baseIds(docs)[doc]! : docs.extra[doc - docs.baseCount]!.id;
}

/**
 * A product's stored form: its values in this order, a JSON array (no key names repeated
 * per product: a third of the bytes to inflate at load and to hold).
 */
const FIELDS = [
  'id',
  'sku',
  'name',
  'brand',
  'productType',
  'imageUrl',
  'releaseDate',
  'retailPrice',
  'currency',
  'colorway',
  'gender',
  'marketplaceSlug',
  'marketplaceProductId',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Product)[];

function storedForm(p: Product): string {
  return JSON.stringify(FIELDS.map((field) => p[field]));
}

/** The stored product of `doc` (decoded from the snapshot bytes for base docs). */
function productOf(docs: Docs, doc: number): Product {
  if (doc >= docs.baseCount) return docs.extra[doc - docs.baseCount]!;
  const values: unknown = JSON.parse(
    decoder.decode(docs.bytes.subarray(docs.offsets[doc], docs.offsets[doc + 1])),
  );
  const record: Record<string, unknown> = {};
  if (Array.isArray(values) && values.length === FIELDS.length)
    FIELDS.forEach((field, i) => (record[field] = values[i]));
  if (!isProduct(record)) throw new Error('catalog index snapshot: bad product');
  return record;
}

function compareIds(docs: Docs, a: number, b: number): number {
  const x = idOf(docs, a);
  const y = idOf(docs, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function releaseComparator(docs: Docs) {
  const { releaseKey, updatedKey } = docs;
  return (a: number, b: number) =>
    releaseKey[b]! - releaseKey[a]! || updatedKey[b]! - updatedKey[a]! || compareIds(docs, a, b);
}

function updatedComparator(docs: Docs) {
  const { updatedKey } = docs;
  return (a: number, b: number) => updatedKey[b]! - updatedKey[a]! || compareIds(docs, a, b);
}

/** First index in sorted `list` whose value is >= `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The [start, end) range of sorted `list` holding the values that start with `prefix`. */
function prefixRange(list: readonly string[], prefix: string): [number, number] {
  // '\uffff' sorts after every character a folded word holds.
  return [lowerBound(list, prefix), lowerBound(list, `${prefix}\uffff`)];
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function setBit(bits: Uint32Array, doc: number) {
  bits[doc >>> 5]! |= 1 << (doc & 31);
}

function hasBit(bits: Uint32Array, doc: number): boolean {
  return (bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

function sortedDocs(count: number, comparator: (a: number, b: number) => number): U32List {
  return U32List.of(Uint32Array.from(Array.from({ length: count }, (_, i) => i).sort(comparator)));
}

const CURRENCY_SET: ReadonlySet<unknown> = new Set<string>(CURRENCIES);
const GENDER_SET: ReadonlySet<unknown> = new Set<string>(GENDERS);

function isStringArray(v: unknown, n?: number): v is string[] {
  return Array.isArray(v) && (n === undefined || v.length === n) && v.every((x) => typeof x === 'string');
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isNullableText = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** A stored product read back from snapshot bytes (a cheap structural check, not the contract's full parse). */
function isProduct(v: unknown): v is Product {
  if (typeof v !== 'object' || v === null) return false;
  const p: Record<string, unknown> = { ...v };
  return (
    isText(p.id) &&
    isText(p.sku) &&
    isText(p.name) &&
    isText(p.brand) &&
    isText(p.productType) &&
    isNullableText(p.imageUrl) &&
    isNullableText(p.releaseDate) &&
    (p.retailPrice === null || typeof p.retailPrice === 'number') &&
    CURRENCY_SET.has(p.currency) &&
    isText(p.colorway) &&
    (p.gender === null || GENDER_SET.has(p.gender)) &&
    isNullableText(p.marketplaceSlug) &&
    isNullableText(p.marketplaceProductId) &&
    isText(p.createdAt) &&
    isText(p.updatedAt)
  );
}

interface Prebuilt {
  terms: string[];
  offsets: Uint32Array;
  postings: Uint32Array;
  orderRelease: Uint32Array;
  orderUpdated: Uint32Array;
  skuKeys: string[];
  skuDocs: Uint32Array;
}

/** The base structures over `docs` (all alive), built or taken from a snapshot. */
function stateFromDocs(
  docs: Docs,
  dicts: Pick<State, 'brands' | 'productTypes'>,
  prebuilt?: Prebuilt,
): State {
  const count = docs.brand.length;
  for (let doc = 0; doc < count; doc++) {
    dicts.brands.live[docs.brand[doc]!]! += 1;
    dicts.productTypes.live[docs.productType[doc]!]! += 1;
  }
  let built: Prebuilt;
  if (prebuilt) {
    built = prebuilt;
  } else {
    const byTerm = new Map<string, number[]>();
    const skuKeyOfDoc: string[] = [];
    for (let doc = 0; doc < count; doc++) {
      const p = productOf(docs, doc);
      skuKeyOfDoc.push(styleCodeKey(p.sku));
      for (const word of productWords(p)) {
        const list = byTerm.get(word);
        if (list) list.push(doc);
        else byTerm.set(word, [doc]);
      }
    }
    const terms = [...byTerm.keys()].sort();
    const offsets = new Uint32Array(terms.length + 1);
    terms.forEach((term, i) => (offsets[i + 1] = offsets[i]! + byTerm.get(term)!.length));
    const postings = new Uint32Array(offsets[terms.length]!);
    terms.forEach((term, i) => postings.set(byTerm.get(term)!, offsets[i]));
    const skuDocs = Uint32Array.from(
      Array.from({ length: count }, (_, i) => i).sort((a, b) =>
        skuKeyOfDoc[a]! < skuKeyOfDoc[b]! ? -1 : skuKeyOfDoc[a]! > skuKeyOfDoc[b]! ? 1 : a - b,
      ),
    );
    built = {
      terms,
      offsets,
      postings,
      orderRelease: sortedDocs(count, releaseComparator(docs)).view(),
      orderUpdated: sortedDocs(count, updatedComparator(docs)).view(),
      skuKeys: Array.from(skuDocs, (doc) => skuKeyOfDoc[doc]!),
      skuDocs,
    };
  }

  const alive = new U32List((count >>> 5) + 1);
  alive.length = (count >>> 5) + 1;
  alive.data.fill(0xffffffff, 0, count >>> 5);
  for (let doc = count & ~31; doc < count; doc++) setBit(alive.data, doc);

  const typoWords = new Map<number, string[]>();
  for (const term of built.terms) {
    if (!isTypoWord(term)) continue;
    const list = typoWords.get(term.length);
    if (list) list.push(term);
    else typoWords.set(term.length, [term]);
  }

  return {
    docs,
    ...dicts,
    count,
    liveCount: count,
    alive,
    idToDoc: undefined,
    terms: built.terms,
    offsets: built.offsets,
    postings: built.postings,
    deltaPostings: new Map(),
    deltaTerms: [],
    deltaDocs: 0,
    typoWords,
    knownTerms: new Set(built.terms),
    skuKeys: built.skuKeys,
    skuDocs: built.skuDocs,
    deltaSkuKeys: [],
    deltaSkuDocs: [],
    orderRelease: U32List.of(built.orderRelease),
    orderUpdated: U32List.of(built.orderUpdated),
    rankRelease: undefined,
    rankUpdated: undefined,
  };
}

function appendDoc(docs: Docs, dicts: Pick<State, 'brands' | 'productTypes'>, p: Product) {
  docs.brand.push(dicts.brands.code(p.brand));
  docs.productType.push(dicts.productTypes.code(p.productType));
  docs.releaseKey.push(releaseKeyOf(p.releaseDate));
  docs.updatedKey.push(updatedKeyOf(p.updatedAt));
  docs.extra.push(p);
}

/**
 * Snapshot layout (then gzipped): u32 magic, u32 header length, JSON header, padding to 8;
 * f64 sort keys; u32 codes, term offsets, delta-coded postings, order permutations, SKU
 * order, doc offsets; then text: terms and SKU keys ('\n'-joined: neither can hold one),
 * ids as JSON, and every product's JSON back to back. Loading copies nothing it can view.
 */
const MAGIC = 0x32584943; // 'CIX2'

interface SnapshotHeader {
  n: number;
  brands: string[];
  productTypes: string[];
  termCount: number;
  postingsLength: number;
  termsBytes: number;
  skuBytes: number;
  idsBytes: number;
  docsBytes: number;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const encoder = new TextEncoder();
const pad8 = (n: number) => (n + 7) & ~7;

function parseHeader(value: unknown): SnapshotHeader {
  if (typeof value !== 'object' || value === null) throw new Error('catalog index snapshot: bad header');
  const h: Record<string, unknown> = { ...value };
  const count = (key: string) => {
    const v = h[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      throw new Error(`catalog index snapshot: bad ${key}`);
    return v;
  };
  const { brands, productTypes } = h;
  if (!isStringArray(brands) || !isStringArray(productTypes))
    throw new Error('catalog index snapshot: bad dictionaries');
  return {
    n: count('n'),
    brands,
    productTypes,
    termCount: count('termCount'),
    postingsLength: count('postingsLength'),
    termsBytes: count('termsBytes'),
    skuBytes: count('skuBytes'),
    idsBytes: count('idsBytes'),
    docsBytes: count('docsBytes'),
  };
}

/** The live documents of `s`, renumbered densely, in the snapshot layout (uncompressed). */
function encode(s: State): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('catalog index snapshots assume a little-endian machine');
  const { docs } = s;
  const renumber = new Int32Array(s.count).fill(-1);
  const live: number[] = [];
  for (let doc = 0; doc < s.count; doc++)
    if (hasBit(s.alive.data, doc)) {
      renumber[doc] = live.length;
      live.push(doc);
    }
  const n = live.length;

  // Terms of the base and the delta merged in order, each with its live postings renumbered.
  const terms: string[] = [];
  const termLengths: number[] = [];
  let deltaTotal = 0;
  for (const list of s.deltaPostings.values()) deltaTotal += list.length;
  const postingsBuffer = new Uint32Array(s.postings.length + deltaTotal);
  let written = 0;
  let b = 0;
  let d = 0;
  while (b < s.terms.length || d < s.deltaTerms.length) {
    const term =
      d >= s.deltaTerms.length || (b < s.terms.length && s.terms[b]! <= s.deltaTerms[d]!)
        ? s.terms[b]!
        : s.deltaTerms[d]!;
    const before = written;
    let previous = 0;
    if (s.terms[b] === term) {
      for (let i = s.offsets[b]!, end = s.offsets[b + 1]!; i < end; i++) {
        const to = renumber[s.postings[i]!]!;
        if (to < 0) continue;
        postingsBuffer[written++] = to - previous;
        previous = to;
      }
      b++;
    }
    if (s.deltaTerms[d] === term) {
      for (const doc of s.deltaPostings.get(term)!) {
        const to = renumber[doc]!;
        if (to < 0) continue;
        postingsBuffer[written++] = to - previous;
        previous = to;
      }
      d++;
    }
    if (written > before) {
      terms.push(term);
      termLengths.push(written - before);
    }
  }
  const postings = postingsBuffer.subarray(0, written);

  // SKU keys of the base and the delta merged, live docs only.
  const skuKeys: string[] = [];
  const skuDocs: number[] = [];
  b = 0;
  d = 0;
  while (b < s.skuKeys.length || d < s.deltaSkuKeys.length) {
    const fromBase =
      d >= s.deltaSkuKeys.length || (b < s.skuKeys.length && s.skuKeys[b]! <= s.deltaSkuKeys[d]!);
    const key = fromBase ? s.skuKeys[b]! : s.deltaSkuKeys[d]!;
    const doc = fromBase ? s.skuDocs[b++]! : s.deltaSkuDocs[d++]!;
    if (renumber[doc]! < 0) continue;
    skuKeys.push(key);
    skuDocs.push(renumber[doc]!);
  }

  const docChunks = live.map((doc) =>
    doc < docs.baseCount
      ? docs.bytes.subarray(docs.offsets[doc], docs.offsets[doc + 1])
      : encoder.encode(storedForm(docs.extra[doc - docs.baseCount]!)),
  );
  const docsBytes = docChunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const termsText = encoder.encode(terms.join('\n'));
  const skuText = encoder.encode(skuKeys.join('\n'));
  const idsText = encoder.encode(JSON.stringify(live.map((doc) => idOf(docs, doc))));
  const header: SnapshotHeader = {
    n,
    brands: s.brands.values,
    productTypes: s.productTypes.values,
    termCount: terms.length,
    postingsLength: postings.length,
    termsBytes: termsText.length,
    skuBytes: skuText.length,
    idsBytes: idsText.length,
    docsBytes,
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const f64At = pad8(8 + headerBytes.length);
  const u32At = f64At + 16 * n;
  const u32Count = 2 * n + terms.length + 1 + postings.length + 3 * n + n + 1;
  const textAt = u32At + 4 * u32Count;
  const out = new Uint8Array(textAt + termsText.length + skuText.length + idsText.length + docsBytes);
  const u32 = new Uint32Array(out.buffer, 0, 2);
  u32[0] = MAGIC;
  u32[1] = headerBytes.length;
  out.set(headerBytes, 8);

  const f64 = new Float64Array(out.buffer, f64At, 2 * n);
  live.forEach((doc, i) => {
    f64[i] = docs.releaseKey[doc]!;
    f64[n + i] = docs.updatedKey[doc]!;
  });
  const words32 = new Uint32Array(out.buffer, u32At, u32Count);
  let at = 0;
  for (const doc of live) words32[at++] = docs.brand[doc]!;
  for (const doc of live) words32[at++] = docs.productType[doc]!;
  words32[at++] = 0;
  let total = 0;
  for (const length of termLengths) words32[at++] = total += length;
  words32.set(postings, at);
  at += postings.length;
  for (const order of [s.orderRelease, s.orderUpdated])
    for (const doc of order.view()) if (renumber[doc]! >= 0) words32[at++] = renumber[doc]!;
  words32.set(skuDocs, at);
  at += n;
  words32[at++] = 0;
  let offset = 0;
  for (const chunk of docChunks) words32[at++] = offset += chunk.length;

  let textOffset = textAt;
  for (const chunk of [termsText, skuText, idsText, ...docChunks]) {
    out.set(chunk, textOffset);
    textOffset += chunk.length;
  }
  return out;
}

function decode(input: Uint8Array): State {
  if (!LITTLE_ENDIAN) throw new Error('catalog index snapshots assume a little-endian machine');
  // Typed views need aligned offsets: copy only when the buffer is not.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const fail = (what: string) => new Error(`catalog index snapshot: ${what}`);
  if (bytes.byteLength < 8) throw fail('truncated');
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
  if (head[0] !== MAGIC) throw fail('unknown format');
  const h = parseHeader(JSON.parse(decoder.decode(bytes.subarray(8, 8 + head[1]!))));
  const n = h.n;
  const f64At = pad8(8 + head[1]!);
  const u32At = f64At + 16 * n;
  const u32Count = 2 * n + h.termCount + 1 + h.postingsLength + 3 * n + n + 1;
  const textAt = u32At + 4 * u32Count;
  if (bytes.byteLength !== textAt + h.termsBytes + h.skuBytes + h.idsBytes + h.docsBytes)
    throw fail('bad length');

  const f64 = new Float64Array(bytes.buffer, bytes.byteOffset + f64At, 2 * n);
  const words32 = new Uint32Array(bytes.buffer, bytes.byteOffset + u32At, u32Count);
  let at = 0;
  const take = (length: number) => words32.subarray(at, (at += length));
  const brand = Array.from(take(n));
  const productType = Array.from(take(n));
  const offsets = take(h.termCount + 1);
  const postings = take(h.postingsLength);
  for (let t = 0; t < h.termCount; t++)
    for (let i = offsets[t]! + 1; i < offsets[t + 1]!; i++) postings[i]! += postings[i - 1]!;
  const orderRelease = take(n);
  const orderUpdated = take(n);
  const skuDocs = take(n);
  const docOffsets = take(n + 1);

  let textOffset = bytes.byteOffset + textAt;
  const text = (length: number) => new Uint8Array(bytes.buffer, (textOffset += length) - length, length);
  const lines = (chunk: Uint8Array, count: number) => (count === 0 ? [] : decoder.decode(chunk).split('\n'));
  const terms = lines(text(h.termsBytes), h.termCount);
  const skuKeys = lines(text(h.skuBytes), n);
  const idsJson = text(h.idsBytes);
  const docBytes = text(h.docsBytes);
  if (terms.length !== h.termCount || skuKeys.length !== n || docOffsets[n] !== h.docsBytes)
    throw fail('bad sections');

  const docs: Docs = {
    brand,
    productType,
    releaseKey: Array.from(f64.subarray(0, n)),
    updatedKey: Array.from(f64.subarray(n)),
    baseCount: n,
    bytes: docBytes,
    offsets: docOffsets,
    idsJson,
    baseIds: undefined,
    extra: [],
  };
  return stateFromDocs(
    docs,
    { brands: new Dict(h.brands), productTypes: new Dict(h.productTypes) },
    { terms, offsets, postings, orderRelease, orderUpdated, skuKeys, skuDocs },
  );
}

/** Compaction thresholds: past them a rebuild is cheaper than carrying dead docs and deltas. */
const COMPACT_MIN = 2048;
const COMPACT_RATIO = 0.25;
/** Above this batch size the order permutations are re-sorted once instead of insertion per doc. */
const RESORT_BATCH = 1024;

/**
 * The catalogue search index (ADR 0011): an inverted index over typed arrays held by the
 * catalog Lambda, built from the table, snapshotted to S3 and refreshed incrementally.
 * Exact totals, newest release (or latest update) first, prefix matching as the user
 * types, one typing slip in words, and style codes in any format.
 */
export class CatalogIndex {
  private s: State;
  /** The last snapshot's bytes, until the next change: a publish that loses a race retries for free. */
  private snapshot: Uint8Array | undefined;

  private constructor(state: State) {
    this.s = state;
  }

  static build(products: Iterable<Product>): CatalogIndex {
    const latest = new Map<string, Product>();
    for (const p of products) latest.set(p.id, p);
    const docs = emptyDocs();
    const dicts = { brands: new Dict<string>(), productTypes: new Dict<string>() };
    for (const p of latest.values()) appendDoc(docs, dicts, p);
    return new CatalogIndex(stateFromDocs(docs, dicts));
  }

  /** Compact bytes for S3 (gzipped; see the layout above `encode`): live documents only. */
  toSnapshot(): Uint8Array {
    if (this.snapshot) return this.snapshot;
    // Level 1: a third of level 6's time for 15% more bytes; inflating costs the same.
    return (this.snapshot = gzipSync(encode(this.s), { level: 1 }));
  }

  static fromSnapshot(snapshot: Uint8Array): CatalogIndex {
    return new CatalogIndex(decode(gunzipSync(snapshot)));
  }

  get size(): number {
    return this.s.liveCount;
  }

  /** Adds or replaces products by id (the index consumer applies each change as it comes). */
  upsert(products: readonly Product[]): void {
    this.snapshot = undefined;
    const s = this.s;
    const bulk = products.length > RESORT_BATCH;
    const release = releaseComparator(s.docs);
    const updated = updatedComparator(s.docs);
    const ids = this.ids();
    for (const p of products) {
      this.kill(p.id);
      const doc = s.count;
      appendDoc(s.docs, s, p);
      s.count += 1;
      s.liveCount += 1;
      s.deltaDocs += 1;
      ids.set(p.id, doc);
      s.brands.live[s.docs.brand[doc]!]! += 1;
      s.productTypes.live[s.docs.productType[doc]!]! += 1;
      s.alive.reserve((doc >>> 5) + 1);
      s.alive.length = Math.max(s.alive.length, (doc >>> 5) + 1);
      setBit(s.alive.data, doc);
      for (const word of productWords(p)) this.addPosting(word, doc);
      const key = styleCodeKey(p.sku);
      const at = lowerBound(s.deltaSkuKeys, key);
      s.deltaSkuKeys.splice(at, 0, key);
      s.deltaSkuDocs.splice(at, 0, doc);
      if (bulk) {
        s.orderRelease.push(doc);
        s.orderUpdated.push(doc);
      } else {
        insertSorted(s.orderRelease, doc, release);
        insertSorted(s.orderUpdated, doc, updated);
      }
    }
    if (bulk) {
      s.orderRelease = U32List.of(Uint32Array.from(s.orderRelease.view()).sort(release));
      s.orderUpdated = U32List.of(Uint32Array.from(s.orderUpdated.view()).sort(updated));
    }
    s.rankRelease = undefined;
    s.rankUpdated = undefined;
    this.compactIfWorthIt();
  }

  remove(ids: readonly string[]): void {
    this.snapshot = undefined;
    for (const id of ids) this.kill(id);
    this.compactIfWorthIt();
  }

  facets(): { brands: string[]; productTypes: string[] } {
    const live = (dict: Dict<string>) =>
      dict.values
        .filter((value, code) => dict.live[code]! > 0 && value.trim() !== '')
        .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    return { brands: live(this.s.brands), productTypes: live(this.s.productTypes) };
  }

  search(req: SearchRequest): SearchResult {
    const s = this.s;
    const offset = Math.max(0, Math.floor(req.offset));
    const limit = Math.max(0, Math.floor(req.limit));
    const nWords = (s.count >>> 5) + 1;
    const q = req.q ?? '';
    const queryWords = [...new Set(words(q))];

    let matched: Uint32Array;
    if (queryWords.length === 0) {
      matched = Uint32Array.from(s.alive.data.subarray(0, nWords));
    } else {
      matched = this.wordMatches(queryWords[0]!, nWords);
      for (const word of queryWords.slice(1)) {
        const next = this.wordMatches(word, nWords);
        for (let i = 0; i < nWords; i++) matched[i]! &= next[i]!;
      }
      const key = styleCodeQuery(q);
      if (key !== undefined) this.skuPrefixMatches(key, matched);
      const alive = s.alive.data;
      for (let i = 0; i < nWords; i++) matched[i]! &= alive[i]!;
    }
    this.applyFilters(matched, req);

    let total = 0;
    for (let i = 0; i < nWords; i++) if (matched[i] !== 0) total += popcount(matched[i]!);
    const want = Math.min(limit, Math.max(0, total - offset));
    if (want === 0) return { total, products: [] };

    const byUpdate = req.order === 'updated';
    const order = byUpdate ? s.orderUpdated : s.orderRelease;
    const page: number[] = [];
    // Walking the order costs about (offset+limit) * size / total steps; sorting the
    // matches' ranks costs total * log(total) plus a pass over the bitset: take the cheaper.
    const walk = ((offset + want) * s.count) / total;
    const sort = total * Math.log2(total + 2) + nWords;
    if (walk <= sort) {
      let seen = 0;
      const data = order.data;
      for (let i = 0; i < order.length && page.length < want; i++) {
        const doc = data[i]!;
        if (!hasBit(matched, doc)) continue;
        if (seen >= offset) page.push(doc);
        seen += 1;
      }
    } else {
      const rank = this.ranks(byUpdate);
      const ranks = new Uint32Array(total);
      let at = 0;
      for (let i = 0; i < nWords; i++) {
        let w = matched[i]!;
        while (w !== 0) {
          const low = w & -w;
          ranks[at++] = rank[(i << 5) + 31 - Math.clz32(low)]!;
          w ^= low;
        }
      }
      ranks.sort();
      for (let i = offset; i < offset + want; i++) page.push(order.data[ranks[i]!]!);
    }
    return { total, products: page.map((doc) => productOf(s.docs, doc)) };
  }

  /** Each doc's position in an order, recomputed after changes (one pass over the order). */
  private ranks(byUpdate: boolean): Uint32Array {
    const s = this.s;
    const cached = byUpdate ? s.rankUpdated : s.rankRelease;
    if (cached) return cached;
    const order = byUpdate ? s.orderUpdated : s.orderRelease;
    const rank = new Uint32Array(s.count);
    const data = order.data;
    for (let i = 0; i < order.length; i++) rank[data[i]!] = i;
    if (byUpdate) s.rankUpdated = rank;
    else s.rankRelease = rank;
    return rank;
  }

  private ids(): Map<string, number> {
    const s = this.s;
    if (!s.idToDoc) {
      s.idToDoc = new Map();
      for (let doc = 0; doc < s.count; doc++)
        if (hasBit(s.alive.data, doc)) s.idToDoc.set(idOf(s.docs, doc), doc);
    }
    return s.idToDoc;
  }

  private kill(id: string) {
    const s = this.s;
    const ids = this.ids();
    const doc = ids.get(id);
    if (doc === undefined) return;
    ids.delete(id);
    s.alive.data[doc >>> 5]! &= ~(1 << (doc & 31));
    s.liveCount -= 1;
    s.brands.live[s.docs.brand[doc]!]! -= 1;
    s.productTypes.live[s.docs.productType[doc]!]! -= 1;
  }

  private addPosting(word: string, doc: number) {
    const s = this.s;
    const list = s.deltaPostings.get(word);
    if (list) {
      list.push(doc);
      return;
    }
    s.deltaPostings.set(word, [doc]);
    s.deltaTerms.splice(lowerBound(s.deltaTerms, word), 0, word);
    if (!s.knownTerms.has(word)) {
      s.knownTerms.add(word);
      if (isTypoWord(word)) {
        const same = s.typoWords.get(word.length);
        if (same) same.push(word);
        else s.typoWords.set(word.length, [word]);
      }
    }
  }

  /** Docs (dead ones included; the caller masks them) holding a word that starts with `word` or is one slip from it. */
  private wordMatches(word: string, nWords: number): Uint32Array {
    const s = this.s;
    const bits = new Uint32Array(nWords);
    const [from, to] = prefixRange(s.terms, word);
    const { postings, offsets } = s;
    for (let i = offsets[from]!, end = offsets[to]!; i < end; i++) setBit(bits, postings[i]!);
    const [dFrom, dTo] = prefixRange(s.deltaTerms, word);
    for (let t = dFrom; t < dTo; t++)
      for (const doc of s.deltaPostings.get(s.deltaTerms[t]!)!) setBit(bits, doc);
    if (isTypoWord(word)) {
      for (const candidate of s.typoWords.get(word.length) ?? []) {
        if (!isOneSlip(word, candidate)) continue;
        const t = lowerBound(s.terms, candidate);
        if (s.terms[t] === candidate)
          for (let i = offsets[t]!; i < offsets[t + 1]!; i++) setBit(bits, postings[i]!);
        for (const doc of s.deltaPostings.get(candidate) ?? []) setBit(bits, doc);
      }
    }
    return bits;
  }

  /** Adds to `bits` the docs whose style-code key starts with `key`. */
  private skuPrefixMatches(key: string, bits: Uint32Array) {
    const s = this.s;
    const [from, to] = prefixRange(s.skuKeys, key);
    for (let i = from; i < to; i++) setBit(bits, s.skuDocs[i]!);
    const [dFrom, dTo] = prefixRange(s.deltaSkuKeys, key);
    for (let i = dFrom; i < dTo; i++) setBit(bits, s.deltaSkuDocs[i]!);
  }

  /** Brand and type filters: "contains", case- and accent-insensitive (docs/product/catalogue.md#product-catalog-section). */
  private applyFilters(bits: Uint32Array, req: SearchRequest) {
    const s = this.s;
    const allowed = (dict: Dict<string>, filter: string | undefined) => {
      const needle = fold(filter?.trim() ?? '');
      if (needle === '') return undefined;
      return dict.values.map((value) => fold(value).includes(needle));
    };
    const brands = allowed(s.brands, req.brand);
    const types = allowed(s.productTypes, req.productType);
    if (!brands && !types) return;
    const { brand, productType } = s.docs;
    for (let i = 0; i < bits.length; i++) {
      let w = bits[i]!;
      while (w !== 0) {
        const low = w & -w;
        const doc = (i << 5) + 31 - Math.clz32(low);
        if ((brands && !brands[brand[doc]!]) || (types && !types[productType[doc]!])) bits[i]! &= ~low;
        w ^= low;
      }
    }
  }

  /** Past the thresholds, re-encodes the live docs: drops the dead and folds the delta into the base. */
  private compactIfWorthIt() {
    const s = this.s;
    const dead = s.count - s.liveCount;
    const threshold = Math.max(COMPACT_MIN, s.liveCount * COMPACT_RATIO);
    if (dead > threshold || s.deltaDocs > threshold) this.s = decode(encode(s));
  }
}

function insertSorted(order: U32List, doc: number, comparator: (a: number, b: number) => number) {
  let lo = 0;
  let hi = order.length;
  const data = order.data;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparator(data[mid]!, doc) < 0) lo = mid + 1;
    else hi = mid;
  }
  order.insertAt(lo, doc);
}
