import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { missing, invalid } from './errors';
import type { Params } from './form';
import { int, str, strings } from './form';
import type {
  ApiList,
  CardBehaviour,
  CheckoutExtras,
  CheckoutSession,
  Customer,
  Invoice,
  InvoiceLine,
  PaymentIntent,
  PaymentMethod,
  PortalSession,
  Price,
  Product,
  StripeEvent,
  Subscription,
  TestClock,
  WebhookEndpoint,
} from './types';

/**
 * The stand-in's state: every object by id in insertion order, plus what Stripe keeps to
 * itself (a card's test behaviour, the retry schedule, pending prorations). In memory; with a
 * file, saved (debounced, written then renamed so a crash never leaves half a file) after
 * each change and loaded at start, so `npm start` restarts keep customers and subscriptions.
 */

// Type aliases, not interfaces: `Object.entries` then sees their maps (see `namedMaps`).
export type Tables = {
  products: Map<string, Product>;
  prices: Map<string, Price>;
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  paymentIntents: Map<string, PaymentIntent>;
  checkoutSessions: Map<string, CheckoutSession>;
  portalSessions: Map<string, PortalSession>;
  events: Map<string, StripeEvent>;
  webhookEndpoints: Map<string, WebhookEndpoint>;
  testClocks: Map<string, TestClock>;
};

export type Internal = {
  cards: Map<string, CardBehaviour>;
  /** Subscription → the trial end its trial_will_end was sent for. */
  trialNotices: Map<string, number>;
  /** Invoice → when its first charge failed (retries count from it). */
  firstFailure: Map<string, number>;
  /** Subscription → proration lines waiting for its next invoice. */
  pendingProrations: Map<string, InvoiceLine[]>;
  checkout: Map<string, CheckoutExtras>;
};

/** Which table an id belongs to, from its prefix (for `expand`). */
const PREFIXES: [string, keyof Tables][] = [
  ['prod_', 'products'],
  ['price_', 'prices'],
  ['cus_', 'customers'],
  ['pm_', 'paymentMethods'],
  ['sub_', 'subscriptions'],
  ['in_', 'invoices'],
  ['pi_', 'paymentIntents'],
  ['cs_', 'checkoutSessions'],
  ['bps_', 'portalSessions'],
  ['evt_', 'events'],
  ['we_', 'webhookEndpoints'],
  ['clock_', 'testClocks'],
];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every table empty; this order is the saved file's. */
const emptyTables = (): Tables => ({
  products: new Map(),
  prices: new Map(),
  customers: new Map(),
  paymentMethods: new Map(),
  subscriptions: new Map(),
  invoices: new Map(),
  paymentIntents: new Map(),
  checkoutSessions: new Map(),
  portalSessions: new Map(),
  events: new Map(),
  webhookEndpoints: new Map(),
  testClocks: new Map(),
});

const emptyInternal = (): Internal => ({
  cards: new Map(),
  trialNotices: new Map(),
  firstFailure: new Map(),
  pendingProrations: new Map(),
  checkout: new Map(),
});

/** Each map with its name, in its record's order (how the state is saved and loaded). */
const namedMaps = (record: Tables | Internal): [string, Map<string, unknown>][] => Object.entries(record);

export function createStore(file?: string) {
  const tables = emptyTables();
  const internal = emptyInternal();

  if (file) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as {
        tables?: Record<string, [string, unknown][]>;
        internal?: Record<string, [string, unknown][]>;
      };
      for (const [name, map] of namedMaps(tables))
        for (const [id, value] of saved.tables?.[name] ?? []) map.set(id, value);
      for (const [name, map] of namedMaps(internal))
        for (const [id, value] of saved.internal?.[name] ?? []) map.set(id, value);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const snapshot = () =>
    JSON.stringify({
      version: 1,
      tables: Object.fromEntries(namedMaps(tables).map(([name, map]) => [name, [...map.entries()]])),
      internal: Object.fromEntries(namedMaps(internal).map(([name, map]) => [name, [...map.entries()]])),
    });
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, snapshot());
    renameSync(temp, file);
  };

  function lookup(id: string): unknown {
    const table = PREFIXES.find(([p]) => id.startsWith(p))?.[1];
    return table ? tables[table].get(id) : undefined;
  }

  return {
    tables,
    internal,
    /** Marks the state changed: saved within 200 ms. */
    changed() {
      if (!file || timer) return;
      timer = setTimeout(flush, 200);
      timer.unref?.();
    },
    flush,
    lookup,
    get<K extends keyof Tables>(table: K, id: string, what: string, param = 'id') {
      const found = (tables[table] as Map<string, unknown>).get(id);
      if (!found) throw missing(what, id, param);
      return found as Tables[K] extends Map<string, infer V> ? V : never;
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/**
 * A Stripe list: newest first, `limit` (1..100, default 10) and `starting_after` /
 * `ending_before` cursors by id.
 */
export function listOf<T extends { id: string }>(items: T[], params: Params, url: string): ApiList<T> {
  const limit = int(params, 'limit') ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalid('limit', 'This value must be greater than or equal to 1 and less than or equal to 100.');
  const newestFirst = [...items].reverse();
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = newestFirst.length;
  if (after) {
    const i = newestFirst.findIndex((x) => x.id === after);
    if (i < 0) throw missing('object', after, 'starting_after');
    start = i + 1;
  } else if (before) {
    const i = newestFirst.findIndex((x) => x.id === before);
    if (i < 0) throw missing('object', before, 'ending_before');
    end = i;
    start = Math.max(0, end - limit);
  }
  const data = newestFirst.slice(start, Math.min(end, start + limit));
  return { object: 'list', data, has_more: start + limit < end, url };
}

/**
 * `expand[]`: each path (`latest_invoice`, `customer`, `data.customer`,
 * `invoice_settings.default_payment_method`, `latest_invoice.payment_intent`) replaces an id by
 * its object, on a deep copy of the answer.
 */
export function expand(value: unknown, params: Params, lookup: (id: string) => unknown): unknown {
  const paths = strings(params, 'expand');
  if (paths.length === 0) return value;
  const copy: unknown = structuredClone(value);
  const walk = (node: unknown, path: string[]): unknown => {
    if (path.length === 0) {
      if (typeof node === 'string') return structuredClone(lookup(node)) ?? node;
      return node;
    }
    if (Array.isArray(node)) return node.map((n) => walk(n, path));
    if (typeof node === 'string') node = structuredClone(lookup(node)) ?? node;
    if (!node || typeof node !== 'object') return node;
    const [head, ...rest] = path as [string, ...string[]];
    const record = node as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(record, head)) record[head] = walk(record[head], rest);
    return record;
  };
  let out = copy;
  for (const path of paths) out = walk(out, path.split('.'));
  return out;
}
