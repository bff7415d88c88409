/**
 * The request parameters as the `stripe` SDK sends them: `application/x-www-form-urlencoded`
 * (query string on GET and DELETE) with qs-style nesting, `metadata[userId]=…`,
 * `items[0][price]=…`, `expand[]=…`. Values stay strings; each resource reads the types it
 * expects (an empty string is Stripe's way of unsetting a field).
 */

export type Param = string | Params | Param[];
export interface Params {
  [key: string]: Param;
}

function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

/** Objects whose keys are all indices (or pushes) become arrays, in index order. */
function arraysFromIndices(value: Param): Param {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arraysFromIndices);
  const keys = Object.keys(value);
  const out: Params = Object.create(null) as Params;
  for (const key of keys) out[key] = arraysFromIndices(value[key] as Param);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k) || k.startsWith('\u0000push')))
    return keys
      .map((k) => [k.startsWith('\u0000push') ? Number.MAX_SAFE_INTEGER : Number(k), k] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, k]) => out[k] as Param);
  return out;
}

export function parseForm(text: string): Params {
  const root: Params = Object.create(null) as Params;
  let pushes = 0;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    let node: Params = root;
    path.forEach((segment, i) => {
      const key = segment === '' ? `\u0000push${pushes++}` : segment;
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) {
        const created: Params = Object.create(null) as Params;
        node[key] = created;
        node = created;
      } else node = next;
    });
  }
  return arraysFromIndices(root) as Params;
}

function own(params: Params, key: string): Param | undefined {
  return Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined;
}

export function str(params: Params, key: string): string | undefined {
  const value = own(params, key);
  return typeof value === 'string' ? value : undefined;
}

export function int(params: Params, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : Number.NaN;
}

export function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  return value === 'true';
}

export function obj(params: Params, key: string): Params | undefined {
  const value = own(params, key);
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function list(params: Params, key: string): Param[] {
  const value = own(params, key);
  if (Array.isArray(value)) return value;
  if (value === undefined || value === '') return [];
  return [value];
}

export function strings(params: Params, key: string): string[] {
  return list(params, key).filter((v): v is string => typeof v === 'string');
}

/** Stripe's metadata update: a key set to '' is removed; `metadata=''` clears it. */
export function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const value = own(params, 'metadata');
  if (value === '') return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return current;
  const out = { ...current };
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') continue;
    if (v === '') delete out[key];
    else out[key] = v;
  }
  return out;
}
