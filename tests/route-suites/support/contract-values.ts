import fc from 'fast-check';
import * as z from 'zod/mini';

/**
 * Values made from a route's zod/mini contract: a valid sample of its params, query or
 * body, and fast-check arbitraries of variants that break it (wrong types, nulls, missing
 * and extra fields, huge and odd values). Schemas are read through `_zod.def` with zod's
 * own classes as type guards, so a new contract needs no code here unless it uses a
 * format the table of hints below cannot satisfy.
 */
type Schema = z.core.$ZodType;
export type Path = (string | number)[];

/**
 * Values for fields whose valid form the schema cannot tell (refinements, formats), by
 * field name. Keep it small: a name is added here only when generation fails for it.
 */
export const HINTS: Record<string, unknown> = {
  email: 'route-suites@example.com',
  contactEmail: 'route-suites@example.com',
  iban: 'ES9121000418450200051332',
  phone: '+34 600111222',
  size: '10',
  sizes: ['10'],
  currency: 'EUR',
  quantity: 1,
  imageUrl: 'https://example.com/shoe.png',
  /** A webhook endpoint: a loopback receiver the local cloud allows (a public name does not resolve offline). */
  url: 'http://127.0.0.1:9/route-suites',
  itemImageUrl: 'https://example.com/shoe.png',
  /** The online store's images (a link starting with https://). */
  logoUrl: 'https://example.com/logo.png',
  bannerUrl: 'https://example.com/banner.png',
  instagram: 'route_suites',
  instagramHandle: 'route_suites',
  purchaseDate: '2024-05-01',
  launchDate: '2030-01-01',
  /** A UPS number with its check digit (UPS's own example): the first courier of the enum. */
  trackingNumber: '1Z999AA10123456784',
  /** The SPA's id for one send (letters, digits, - and _, 8 to 64). */
  clientMessageId: 'route-suites-message-1',
  /** An emailed verification code's shape (six digits); never the one sent, so it is refused. */
  code: '123456',
  /** A shipping address's country (ISO 3166-1 alpha-2: a storefront checkout's buyer). */
  country: 'ES',
  /** A box barcode (GTIN-14) no catalogue size has. */
  gtin: '00012345678905',
};

// ---------------------------------------------------------------- reading schemas

export type Kind =
  'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'record' | 'union' | 'other';

interface Unwrapped {
  schema: Schema;
  kind: Kind;
  optional: boolean;
  nullable: boolean;
}

/** Strips optional/nullable/default/pipe wrappers down to the schema that types the value. */
export function unwrap(schema: Schema): Unwrapped {
  let s = schema;
  let optional = false;
  let nullable = false;
  for (;;) {
    if (s instanceof z.core.$ZodOptional || s instanceof z.core.$ZodExactOptional) {
      optional = true;
      s = s._zod.def.innerType;
    } else if (s instanceof z.core.$ZodDefault || s instanceof z.core.$ZodPrefault) {
      optional = true;
      s = s._zod.def.innerType;
    } else if (s instanceof z.core.$ZodNullable) {
      nullable = true;
      s = s._zod.def.innerType;
    } else if (s instanceof z.core.$ZodReadonly || s instanceof z.core.$ZodCatch) {
      s = s._zod.def.innerType;
    } else if (s instanceof z.core.$ZodPipe) {
      s = s._zod.def.in;
    } else break;
  }
  return { schema: s, kind: kindOf(s), optional, nullable };
}

function kindOf(s: Schema): Kind {
  if (s instanceof z.core.$ZodString) return 'string';
  if (s instanceof z.core.$ZodNumber) return 'number';
  if (s instanceof z.core.$ZodBoolean) return 'boolean';
  if (s instanceof z.core.$ZodEnum || s instanceof z.core.$ZodLiteral) return 'enum';
  if (s instanceof z.core.$ZodObject) return 'object';
  if (s instanceof z.core.$ZodArray) return 'array';
  if (s instanceof z.core.$ZodRecord) return 'record';
  if (s instanceof z.core.$ZodUnion) return 'union';
  return 'other';
}

/** Whether a field may be left out of its object. */
const isOptionalField = (s: Schema) => s._zod.optin === 'optional';

export function objectShape(s: Schema): Record<string, Schema> | undefined {
  const inner = unwrap(s).schema;
  return inner instanceof z.core.$ZodObject ? inner._zod.def.shape : undefined;
}

/** A strict object refuses unknown keys; a plain one strips them. */
function isStrict(s: Schema): boolean {
  return s instanceof z.core.$ZodObject && s._zod.def.catchall instanceof z.core.$ZodNever;
}

export function isEmptyObject(s: Schema): boolean {
  const shape = objectShape(s);
  return shape !== undefined && Object.keys(shape).length === 0;
}

function lengthBounds(s: Schema): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const check of s._zod.def.checks ?? []) {
    if (check instanceof z.core.$ZodCheckMinLength) min = Math.max(min, check._zod.def.minimum);
    if (check instanceof z.core.$ZodCheckMaxLength) max = Math.min(max, check._zod.def.maximum);
    if (check instanceof z.core.$ZodCheckLengthEquals) min = max = check._zod.def.length;
  }
  return { min, max };
}

function numberBounds(s: Schema): { min: number; max: number } {
  let min = -Infinity;
  let max = Infinity;
  for (const check of s._zod.def.checks ?? []) {
    if (check instanceof z.core.$ZodCheckGreaterThan) {
      const v = Number(check._zod.def.value);
      min = Math.max(min, check._zod.def.inclusive ? v : v + 1);
    }
    if (check instanceof z.core.$ZodCheckLessThan) {
      const v = Number(check._zod.def.value);
      max = Math.min(max, check._zod.def.inclusive ? v : v - 1);
    }
  }
  return { min, max };
}

function stringFormat(s: Schema): string | undefined {
  if (s instanceof z.core.$ZodStringFormat) return s._zod.def.format;
  for (const check of s._zod.def.checks ?? [])
    if (check instanceof z.core.$ZodCheckStringFormat) return check._zod.def.format;
  return undefined;
}

// ---------------------------------------------------------------- valid samples

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'route-suites@example.com',
  url: 'https://example.com/route-suites',
  date: '2024-05-01',
  datetime: '2024-05-01T10:00:00.000Z',
  time: '10:00:00',
  uuid: '3f0e6c8e-4c1b-4f7a-9b1e-2b6f1d6a7c10',
  guid: '3f0e6c8e-4c1b-4f7a-9b1e-2b6f1d6a7c10',
};

interface SampleOptions {
  /** Forced values by field name (the caller's ids); they make an optional field present. */
  overrides: Record<string, unknown>;
  /** Include every optional field (else only required ones and overridden ones). */
  full: boolean;
  /** Optional fields to include even when not full. */
  include: Set<string>;
}

function sampleOf(schema: Schema, name: string | undefined, o: SampleOptions): unknown {
  if (name !== undefined && Object.hasOwn(o.overrides, name)) return o.overrides[name];
  const hint = name === undefined ? undefined : HINTS[name];
  if (hint !== undefined && z.safeParse(schema, hint).success) return hint;
  const { schema: s } = unwrap(schema);
  if (s instanceof z.core.$ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(s._zod.def.shape)) {
      const wanted =
        !isOptionalField(field) || o.full || o.include.has(key) || Object.hasOwn(o.overrides, key);
      if (wanted) out[key] = sampleOf(field, key, o);
    }
    return out;
  }
  if (s instanceof z.core.$ZodArray) {
    const { min } = lengthBounds(s);
    return Array.from({ length: Math.max(min, 1) }, () => sampleOf(s._zod.def.element, name, o));
  }
  if (s instanceof z.core.$ZodString) {
    const format = stringFormat(s);
    if (format && FORMAT_SAMPLES[format]) return FORMAT_SAMPLES[format];
    const { min, max } = lengthBounds(s);
    const text = 'sample-'.repeat(Math.ceil(Math.max(min, 6) / 7) + 1).slice(0, Math.max(min, 6));
    return text.slice(0, Math.min(text.length, max));
  }
  if (s instanceof z.core.$ZodNumber) {
    const { min, max } = numberBounds(s);
    return Math.min(Math.max(100, min), max);
  }
  if (s instanceof z.core.$ZodBoolean) return true;
  if (s instanceof z.core.$ZodEnum) return Object.values(s._zod.def.entries)[0];
  if (s instanceof z.core.$ZodLiteral) return s._zod.def.values[0];
  if (s instanceof z.core.$ZodUnion) {
    for (const option of s._zod.def.options) {
      const value = sampleOf(option, name, o);
      if (z.safeParse(option, value).success) return value;
    }
    return sampleOf(s._zod.def.options[0] ?? z.unknown(), name, o);
  }
  if (s instanceof z.core.$ZodRecord) return {};
  return 'sample';
}

/**
 * A value the schema accepts: required fields only if that parses, else with the first
 * optional field (for "at least one" refinements), else with every field. Fails loudly,
 * naming the route and the fields, when none parses: add a HINT for that field.
 */
export function validSample(schema: Schema, label: string, overrides: Record<string, unknown> = {}): unknown {
  const shape = objectShape(schema);
  const firstOptional = Object.entries(shape ?? {}).find(([, f]) => isOptionalField(f))?.[0];
  const attempts: SampleOptions[] = [
    { overrides, full: false, include: new Set() },
    ...(firstOptional ? [{ overrides, full: false, include: new Set([firstOptional]) }] : []),
    { overrides, full: true, include: new Set() },
  ];
  let issues = '';
  for (const options of attempts) {
    const value = sampleOf(schema, undefined, options);
    const parsed = z.safeParse(schema, value);
    if (parsed.success) return value;
    issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  }
  throw new Error(
    `${label}: the contract-value generator cannot make a valid value (${issues}). ` +
      'Add the field to HINTS in tests/route-suites/support/contract-values.ts.',
  );
}

/** The own fields of an object sample (params are always an object). */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** Query values as the gateway hands them over: strings. */
export function asQueryStrings(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

// ---------------------------------------------------------------- field sites

export interface Site {
  path: Path;
  schema: Schema;
  kind: Kind;
  /** Leaving it out makes the value invalid. */
  required: boolean;
  /** Present in the sample (absent optional fields are sites too: they can be added wrong). */
  present: boolean;
  strict: boolean;
}

/** Every field of a sample, nested ones included, with the schema that judges it. */
export function sitesOf(schema: Schema, value: unknown, path: Path = [], present = true): Site[] {
  const u = unwrap(schema);
  const site: Site = {
    path,
    schema,
    kind: u.kind,
    required: !u.optional,
    present,
    strict: isStrict(u.schema),
  };
  const out = [site];
  const inner = u.schema;
  if (inner instanceof z.core.$ZodObject) {
    const record = typeof value === 'object' && value !== null ? value : {};
    for (const [key, field] of Object.entries(inner._zod.def.shape))
      out.push(
        ...sitesOf(field, Reflect.get(record, key), [...path, key], present && Object.hasOwn(record, key)),
      );
  } else if (inner instanceof z.core.$ZodArray && Array.isArray(value) && value.length > 0) {
    out.push(...sitesOf(inner._zod.def.element, value[0], [...path, 0], present));
  }
  return out;
}

/** Field names anywhere in a schema (for the id checks of the tenancy suite). */
export function fieldNames(schema: Schema): string[] {
  const names: string[] = [];
  const walk = (s: Schema) => {
    const inner = unwrap(s).schema;
    if (inner instanceof z.core.$ZodObject)
      for (const [key, field] of Object.entries(inner._zod.def.shape)) {
        names.push(key);
        walk(field);
      }
    else if (inner instanceof z.core.$ZodArray) walk(inner._zod.def.element);
    else if (inner instanceof z.core.$ZodUnion) inner._zod.def.options.forEach(walk);
  };
  walk(schema);
  return [...new Set(names)];
}

// ---------------------------------------------------------------- raw JSON

/** A JSON token JSON.stringify cannot write (1e400, -1e400): spliced into the text as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return raws.reduce((t, raw, i) => t.replace(`"@@raw${i}@@"`, raw), text ?? '');
}

function cloneContainer(value: unknown): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'object' && value !== null) return { ...value };
  return {};
}

/** Sets an own property, even one named `__proto__` (plain assignment would set the prototype). */
function put(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `value` with `replacement` at `path`. */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = cloneContainer(value);
  put(copy, head, setAt(Reflect.get(copy, head), rest, replacement));
  return copy;
}

/** A copy of `value` without the field at `path`. */
export function deleteAt(value: unknown, path: Path): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return undefined;
  const copy = cloneContainer(value);
  if (rest.length === 0) Reflect.deleteProperty(copy, head);
  else put(copy, head, deleteAt(Reflect.get(copy, head), rest));
  return copy;
}

// ---------------------------------------------------------------- odd values

export const HUGE_TEXT = 'x'.repeat(100_000);
export const MEGABYTE_TEXT = 'y'.repeat(1024 * 1024);

/** Strings that have broken parsers, encoders and key builders somewhere. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '👟🔥👍🏽👨‍👩‍👧',
  'مرحبا بالعالم',
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301',
  '\u200b\ufeff',
  '__proto__',
  'constructor',
  '#',
  '$lists#user_x',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x}',
  '../../etc/passwd',
  '%00%E0%A4%A',
];

export const ODD_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  Number.MIN_VALUE,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1E999999'),
  new RawJson('123456789012345678901234567890'),
];

/** A value of every JSON type, to put where another type is expected. */
export const TYPE_SAMPLES: unknown[] = ['text', 42, true, false, null, [], ['text'], {}, { nested: 'x' }];

// ---------------------------------------------------------------- variants

export interface ValueVariant {
  label: string;
  value: unknown;
}

function extraKey(base: unknown, path: Path, key: string, value: unknown): unknown {
  const target = cloneContainer(path.length ? getAt(base, path) : base);
  put(target, key, value);
  return setAt(base, path, target);
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (v, key) => (typeof v === 'object' && v !== null ? Reflect.get(v, key) : undefined),
    value,
  );
}

function at(site: Site, label: string, value: unknown): (base: unknown) => ValueVariant {
  return (base) => ({
    label: `${label} at ${site.path.join('.') || '(root)'}`,
    value: setAt(base, site.path, value),
  });
}

/**
 * Variants of a valid value: most are invalid by construction; some are valid but odd
 * (unicode text, extra keys on a plain object). The caller judges each with the schema.
 */
export function valueVariants(schema: Schema, base: unknown): fc.Arbitrary<ValueVariant> {
  const sites = sitesOf(schema, base);
  const field = sites.filter((s) => s.path.length > 0);
  const strings = sites.filter((s) => s.kind === 'string');
  const numbers = sites.filter((s) => s.kind === 'number');
  const objects = sites.filter((s) => s.kind === 'object' && s.present);
  const arbitraries: fc.Arbitrary<ValueVariant>[] = [
    fc
      .constantFrom(...TYPE_SAMPLES, new RawJson('"\\ud800"'))
      .map((value) => ({ label: 'whole value replaced', value })),
    fc.jsonValue({ maxDepth: 3 }).map((value) => ({ label: 'random JSON', value })),
  ];
  if (field.length) {
    arbitraries.push(
      fc
        .tuple(fc.constantFrom(...field), fc.constantFrom(...TYPE_SAMPLES))
        .map(([site, value]) => at(site, `type ${JSON.stringify(value)}`, value)(base)),
      fc.constantFrom(...field).map((site) => at(site, 'null', null)(base)),
      fc
        .constantFrom(...field)
        .chain((site) => fc.jsonValue({ maxDepth: 2 }).map((value) => at(site, 'random JSON', value)(base))),
    );
    const required = field.filter((s) => s.required && s.present);
    if (required.length)
      arbitraries.push(
        fc.constantFrom(...required).map((site) => ({
          label: `missing ${site.path.join('.')}`,
          value: deleteAt(base, site.path),
        })),
      );
  }
  if (objects.length)
    arbitraries.push(
      fc
        .tuple(
          fc.constantFrom(...objects),
          fc.constantFrom('unexpected', '__proto__', 'constructor', 'userId', 'isSuperuser', 'pk'),
          fc.constantFrom<unknown>('x', 1, true, null, { polluted: true }),
        )
        .map(([site, key, value]) => ({
          label: `extra key ${key} at ${site.path.join('.') || '(root)'}`,
          value: extraKey(base, site.path, key, value),
        })),
      fc.constantFrom(...objects).map((site) => at(site, 'array for object', [{}])(base)),
    );
  if (strings.length)
    arbitraries.push(
      fc
        .tuple(
          fc.constantFrom(...strings),
          fc.oneof(
            fc.constantFrom(...ODD_STRINGS, HUGE_TEXT, MEGABYTE_TEXT),
            fc.string({ unit: 'grapheme', maxLength: 40 }),
            fc.string({ unit: 'binary', maxLength: 40 }),
          ),
        )
        .map(([site, value]) =>
          at(site, `string ${JSON.stringify(value.slice(0, 20))}(${value.length})`, value)(base),
        ),
    );
  if (numbers.length)
    arbitraries.push(
      fc
        .tuple(
          fc.constantFrom(...numbers),
          fc.oneof(
            fc.constantFrom(...ODD_NUMBERS),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.integer(),
          ),
        )
        .map(([site, value]) =>
          at(site, `number ${value instanceof RawJson ? value.text : JSON.stringify(value)}`, value)(base),
        ),
    );
  return fc.oneof(...arbitraries);
}
