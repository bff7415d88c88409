import * as z from 'zod/mini';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { TABLE_KEYS } from '@sneakers/shared/table/definition';
import {
  asQueryStrings,
  isEmptyObject,
  MEGABYTE_TEXT,
  objectShape,
  sitesOf,
  setAt,
  toJsonText,
  unwrap,
  validSample,
} from './contract-values';
import { JSON_HEADERS, type Outgoing } from './http';
import { credentialHeaders } from './api-keys';
import { fillPath, pathParamNames } from './routes';

/**
 * A request to one route, in the parts an attacker controls: raw path segments, raw
 * query string, body bytes and headers; and the verdict the contract itself gives on
 * them, which is what the server must answer (invalid: a 4xx).
 */
export interface RequestParts {
  segments: Record<string, string>;
  query: string;
  body?: string | Buffer;
  headers: Record<string, string>;
  idempotencyKey?: string | null;
}

export interface Probe {
  label: string;
  parts: RequestParts;
  /** Invalid for a reason the contract cannot see (a forged cursor): must be a 4xx too. */
  mustFail?: boolean;
  /** Names a record by a prototype key (PROTOTYPE_KEYS): superuser-only routes get it as the superuser. */
  prototypeKey?: boolean;
}

/** Whether a contract declares a body (the default is the empty strict object). */
export function hasBody(c: Contract): boolean {
  return c.method !== 'GET' && c.method !== 'DELETE' && !isEmptyObject(c.body);
}

export function baseParts(
  c: Contract,
  values: { params: Record<string, unknown>; query: unknown; body: unknown },
  token?: string,
): RequestParts {
  const segments: Record<string, string> = {};
  for (const name of pathParamNames(c.path)) segments[name] = encodeURIComponent(String(values.params[name]));
  const withBody = c.method !== 'GET' && c.method !== 'DELETE';
  return {
    segments,
    query: new URLSearchParams(asQueryStrings(values.query)).toString(),
    ...(withBody ? { body: toJsonText(values.body) } : {}),
    headers: { ...(withBody ? JSON_HEADERS : {}), ...(token ? credentialHeaders(c, token) : {}) },
  };
}

export function outgoing(c: Contract, parts: RequestParts): Outgoing {
  return {
    method: c.method,
    target: fillPath(c.path, parts.segments) + (parts.query ? `?${parts.query}` : ''),
    headers: parts.headers,
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    ...(parts.idempotencyKey !== undefined ? { idempotencyKey: parts.idempotencyKey } : {}),
  };
}

/** Segments the URL parser resolves or splits: another route (or none) answers. */
const ROUTE_CHANGING = /^(\.|%2e){1,2}$|[/?#\\]|^$/i;

/**
 * What the contract says of these parts: refused (with why), accepted, or unknown when
 * the parts leave the route (a segment that is empty or resolves as `..`).
 */
export type Verdict = { kind: 'refused'; why: string } | { kind: 'accepted' } | { kind: 'unknown' };

const refused = (why: string): Verdict => ({ kind: 'refused', why });

export function verdict(c: Contract, parts: RequestParts): Verdict {
  const params: Record<string, string> = {};
  for (const [name, segment] of Object.entries(parts.segments)) {
    if (ROUTE_CHANGING.test(segment)) return { kind: 'unknown' };
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      return refused(`path segment ${name} is not valid percent-encoding`);
    }
  }
  if (!z.safeParse(c.params, params).success) return refused('params do not parse');

  const search = new URL(`http://localhost/?${parts.query}`).searchParams;
  const keys = [...search.keys()];
  // API Gateway joins repeated keys with commas where the local gateway keeps the last:
  // the contract cannot say which one the server sees.
  if (new Set(keys).size !== keys.length) return { kind: 'unknown' };
  if (!z.safeParse(c.query, Object.fromEntries(search)).success) return refused('query does not parse');

  if (c.method === 'GET' || c.method === 'DELETE') return { kind: 'accepted' };
  const bytes = parts.body === undefined ? Buffer.alloc(0) : Buffer.from(parts.body);
  if (bytes.length > c.maxBodyBytes) return refused('body larger than the route takes');
  // A signed raw-body route (a provider's webhook) takes any bytes, but only with its
  // sender's signature, which no probe carries (tests/route-suites/auth.test.ts sends it).
  if (c.rawBody) return refused("unsigned: the route takes only its sender's signature");
  const text = bytes.toString('utf8');
  let body: unknown = {};
  if (text) {
    const type = parts.headers['content-type'];
    // A browser sends a text/plain or form body cross-site without a CORS preflight.
    if (hasBody(c) && type !== undefined && !/^application\/json\b/i.test(type))
      return refused(`body sent as ${type}, not application/json`);
    try {
      body = JSON.parse(text);
    } catch {
      return refused('body is not JSON');
    }
  }
  return z.safeParse(c.body, body).success ? { kind: 'accepted' } : refused('body does not parse');
}

// ---------------------------------------------------------------- deterministic attacks

/**
 * Names a plain object answers from Object.prototype (issue 25: a feature named
 * `constructor` answered 500): sent as every path parameter, and as keys of every object
 * and record in a body, they must get a clear 4xx or a correct 2xx, and change nothing else.
 */
export const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype'];

/** Path segments (raw, as sent) that have crashed routers and decoders. */
export const PATH_ATTACKS = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  '..%2F..%2Fprofile',
  '%20',
  'p'.repeat(8000),
  encodeURIComponent('👟🔥'),
  encodeURIComponent('مرحبا'),
  encodeURIComponent('\u202e'),
  ...PROTOTYPE_KEYS,
  '*',
  encodeURIComponent('$lists#user_x'),
  encodeURIComponent("' OR 1=1 --"),
];

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The key attributes of the table and of each index: a cursor has exactly one of these sets. */
const KEY_SETS: string[][] = [
  [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey],
  ...TABLE_KEYS.indexes.map((i) => [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, i.partitionKey, i.sortKey]),
];
const foreignKey = (keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, `$sneakers#route_suites_attacker#${k}`]));

/** Page cursors nobody issued; `mustFail` unless it is well-formed (then it may page nothing). */
export const CURSOR_ATTACKS: { label: string; cursor: string; mustFail: boolean }[] = [
  { label: 'numbers for keys', cursor: b64({ pk: 1, sk: 2 }), mustFail: true },
  { label: 'one key', cursor: b64({ pk: 'x' }), mustFail: true },
  { label: '__proto__', cursor: b64('{"__proto__":{}}'), mustFail: true },
  { label: '__proto__ keys', cursor: b64('{"__proto__":{"pk":"a","sk":"b"}}'), mustFail: true },
  { label: 'constructor', cursor: b64({ constructor: { prototype: { polluted: true } } }), mustFail: true },
  { label: 'attribute values', cursor: b64({ pk: { S: 'x' }, sk: { S: 'y' } }), mustFail: true },
  { label: 'empty keys', cursor: b64({ pk: '', sk: '' }), mustFail: true },
  { label: 'extra key', cursor: b64({ pk: 'x', sk: 'y', extra: 'z' }), mustFail: true },
  { label: 'huge key', cursor: b64({ pk: 'k'.repeat(1100), sk: 'y' }), mustFail: true },
  { label: 'null', cursor: b64('null'), mustFail: true },
  { label: 'array', cursor: b64('[]'), mustFail: true },
  { label: 'string', cursor: b64('"text"'), mustFail: true },
  { label: 'not base64', cursor: '!!!~~~', mustFail: true },
  { label: 'plain JSON', cursor: '{"pk":"x","sk":"y"}', mustFail: true },
  { label: 'longest junk', cursor: 'A'.repeat(1999), mustFail: true },
  { label: 'too long', cursor: 'A'.repeat(2001), mustFail: true },
  ...KEY_SETS.map((keys) => ({
    label: `foreign ${keys.join('+')}`,
    cursor: b64(foreignKey(keys)),
    mustFail: false,
  })),
];

/** Bodies that are not the JSON the route takes. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  'NaN',
  '[1,2',
  '"unterminated',
  '{"a":"\\x"}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
];

const ODD_QUERY_VALUES = [
  '',
  '%E0%A4%A',
  'q'.repeat(8000),
  '__proto__',
  encodeURIComponent('👟\u0000'),
  '-1',
  '1e308',
  'NaN',
];

/**
 * The fixed attack list of one route, around its valid parts: every path segment broken,
 * every query value odd, forged cursors, malformed and mislabelled bodies, bodies on GET.
 */
export function attacksOn(c: Contract, base: RequestParts, validBody: unknown): Probe[] {
  const probes: Probe[] = [{ label: 'valid request', parts: base }];
  const with_ = (label: string, change: Partial<RequestParts>, mustFail = false): Probe => ({
    label,
    parts: { ...base, ...change, headers: { ...base.headers, ...change.headers } },
    mustFail,
  });

  for (const name of Object.keys(base.segments))
    for (const segment of PATH_ATTACKS)
      probes.push({
        ...with_(`path ${name}=${segment.slice(0, 30)}`, { segments: { ...base.segments, [name]: segment } }),
        ...(PROTOTYPE_KEYS.includes(segment) ? { prototypeKey: true } : {}),
      });

  const query = new URLSearchParams(base.query);
  const queryKeys = Object.keys(objectShape(c.query) ?? {});
  for (const key of queryKeys)
    for (const value of ODD_QUERY_VALUES) {
      const q = new URLSearchParams(query);
      q.delete(key);
      probes.push(
        with_(`query ${key}=${value.slice(0, 30)}`, {
          query: [q.toString(), `${key}=${value}`].filter(Boolean).join('&'),
        }),
      );
    }
  for (const extra of [
    '__proto__=1',
    'constructor=1',
    'hasOwnProperty=1',
    'toString=1&prototype=1',
    '%=%',
    '&&&',
    '=',
    'x[]=1&x[]=2',
    'limit[]=1',
  ])
    probes.push(with_(`query ${extra}`, { query: [base.query, extra].filter(Boolean).join('&') }));
  if (queryKeys.includes('cursor'))
    for (const attack of CURSOR_ATTACKS) {
      const q = new URLSearchParams(query);
      q.set('cursor', attack.cursor);
      probes.push(with_(`cursor ${attack.label}`, { query: q.toString() }, attack.mustFail));
    }

  const json = base.body === undefined ? '{}' : base.body.toString();
  if (c.method === 'GET' || c.method === 'DELETE') {
    probes.push(with_('body on a bodiless method', { body: json, headers: JSON_HEADERS }));
  } else {
    for (const text of MALFORMED_JSON)
      probes.push(with_(`malformed JSON ${text.slice(0, 12)}`, { body: text }));
    for (const value of [null, [], [validBody], 'text', 0, true, {}])
      probes.push(with_(`body ${JSON.stringify(value).slice(0, 30)}`, { body: JSON.stringify(value) }));
    probes.push(
      with_('__proto__ in body', { body: json.replace(/^\{/, '{"__proto__":{"isSuperuser":true},') }),
      with_('invalid UTF-8 in body', {
        body: Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]),
      }),
      with_('text/plain body', { body: json, headers: { 'content-type': 'text/plain' } }),
      with_('form body', {
        body: 'a=1&b=2',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      with_('multipart body', {
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
      with_('JSON labelled utf-16', {
        body: json,
        headers: { 'content-type': 'application/json; charset=utf-16' },
      }),
      with_('empty body', { body: '' }),
    );
    // Every prototype key in each object and record of the body (a record gets valid values).
    for (const site of sitesOf(c.body, validBody)) {
      if (!site.present || (site.kind !== 'object' && site.kind !== 'record')) continue;
      const inner = unwrap(site.schema).schema;
      const value =
        inner instanceof z.core.$ZodRecord
          ? validSample(inner._zod.def.valueType, `${c.id} record value`)
          : 'x';
      const body = PROTOTYPE_KEYS.reduce((v, key) => setAt(v, [...site.path, key], value), validBody);
      probes.push({
        ...with_(`prototype keys in ${site.path.join('.') || 'the body'}`, { body: toJsonText(body) }),
        prototypeKey: true,
      });
    }
    const firstString = sitesOf(c.body, validBody).find((s) => s.kind === 'string' && s.present);
    if (firstString)
      probes.push(
        with_('1 MB string field', { body: toJsonText(setAt(validBody, firstString.path, MEGABYTE_TEXT)) }),
      );
  }
  probes.push(
    with_('no idempotency key', { idempotencyKey: null }),
    with_('huge idempotency key', { idempotencyKey: 'k'.repeat(8000) }),
  );
  return probes;
}

/** Request targets fetch would never send; the gateway must answer each, and stay up. */
export const RAW_TARGETS: { target: string; mustFail: boolean }[] = [
  { target: '//[', mustFail: true },
  { target: '/api/items/%E0%A4%A', mustFail: true },
  { target: '/api/%', mustFail: true },
  { target: '/%E0%A4%A', mustFail: true },
  { target: '/api/items/%', mustFail: true },
  { target: '//api//items', mustFail: true },
  { target: '/api/items/..%2F..%2Fprofile', mustFail: false },
  { target: '/api/./items', mustFail: false },
  { target: '/api/items/%2e%2e/%2e%2e/profile', mustFail: false },
  { target: '/api/items?%', mustFail: false },
  { target: '/api/items?cursor=%ZZ&listType=wtb', mustFail: false },
  { target: `/api/${'a'.repeat(8000)}`, mustFail: true },
  { target: '*', mustFail: true },
  { target: 'http://example.com/api/items', mustFail: false },
  { target: '/api/items#fragment', mustFail: false },
  { target: '/api//', mustFail: true },
  { target: '/api/items/%00', mustFail: true },
];

/** The parts of a probe as one line for a failure message. */
export function describeProbe(c: Contract, probe: Probe): string {
  const out = outgoing(c, probe.parts);
  const body = out.body === undefined ? '' : ` body ${out.body.toString().slice(0, 120)}`;
  return `${probe.label}: ${out.method} ${out.target.slice(0, 160)}${body}`;
}
