import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../../src/stripe/store';

const TABLES = [
  'products',
  'prices',
  'customers',
  'paymentMethods',
  'subscriptions',
  'invoices',
  'paymentIntents',
  'checkoutSessions',
  'portalSessions',
  'events',
  'webhookEndpoints',
  'testClocks',
];
const INTERNAL = ['cards', 'trialNotices', 'firstFailure', 'pendingProrations', 'checkout'];

describe('stripe stand-in store', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('saves every table and internal map in a fixed order, and loads them back', () => {
    dir = mkdtempSync(join(tmpdir(), 'stripe-store-'));
    const file = join(dir, 'stripe', 'state.json');
    const store = createStore(file);
    // Any value does: the store keeps what it is given, and the saved file is plain JSON.
    const tables: Record<string, Map<string, unknown>> = { ...store.tables };
    const internal: Record<string, Map<string, unknown>> = { ...store.internal };
    expect(Object.keys(tables)).toEqual(TABLES);
    expect(Object.keys(internal)).toEqual(INTERNAL);
    for (const name of TABLES) tables[name]?.set(`${name}_1`, { name });
    for (const name of INTERNAL) internal[name]?.set(`${name}_1`, name);
    store.flush();

    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number;
      tables: Record<string, unknown>;
      internal: Record<string, unknown>;
    };
    expect(saved.version).toBe(1);
    expect(Object.keys(saved.tables)).toEqual(TABLES);
    expect(Object.keys(saved.internal)).toEqual(INTERNAL);
    expect(saved.tables.invoices).toEqual([['invoices_1', { name: 'invoices' }]]);

    const loaded = createStore(file);
    const loadedTables: Record<string, Map<string, unknown>> = { ...loaded.tables };
    const loadedInternal: Record<string, Map<string, unknown>> = { ...loaded.internal };
    for (const name of TABLES) expect(loadedTables[name]?.get(`${name}_1`)).toEqual({ name });
    for (const name of INTERNAL) expect(loadedInternal[name]?.get(`${name}_1`)).toBe(name);
  });
});
