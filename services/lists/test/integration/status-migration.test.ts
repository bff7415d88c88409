import { describe, expect, it } from 'vitest';
import { createItem, getMyItem, updateItem } from '@sneakers/shared/contracts/lists';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { cloud, rejection } from '../../../../tests/support/cloud-client';
import { newItem } from '../../src/items/domain';
import { migrateInventoryStatuses } from '../../src/items/status-migration';
import { itemRepository, owner } from './support';

/**
 * Issue 25 item 1: the item status model gives the inventory `available` and `sold` only. A
 * pair the old item form saved `pending` is moved to `available` by the migration the local
 * cloud runs before its seed; the API refuses a new inventory `pending`.
 */
const table = () => cloud().tableName || LOCAL_NAMES.table;
const client = () =>
  createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl });

describe('inventory status migration', () => {
  it('moves stored inventory pending pairs to available, once, and leaves the lists alone', async () => {
    const shop = await owner();
    const at = new Date('2026-01-01T00:00:00Z');
    // Written as the old item form saved them, past the route's new check.
    const legacy = {
      ...newItem(
        shop.userId,
        { listType: 'inventory', sku: 'IE3437', name: 'Samba OG', sizes: ['42'] },
        `01LEGACY${Date.now()}`,
        at,
      ),
      status: 'pending' as const,
    };
    const wtbOpen = newItem(
      shop.userId,
      { listType: 'wtb', sku: 'DZ5485-612', name: 'AJ1', sizes: ['42'] },
      `01LEGACYWTB${Date.now()}`,
      at,
    );
    await itemRepository().putMany([legacy, wtbOpen]);

    const first = await migrateInventoryStatuses(client(), table(), new Date());
    expect(first.migrated).toBeGreaterThanOrEqual(1);
    const migrated = (await shop.client.call(getMyItem, { params: { itemId: legacy.id } })).item;
    expect([migrated.status, migrated.sizes, migrated.updatedAt > legacy.updatedAt]).toEqual([
      'available',
      ['42'],
      true,
    ]);
    // An open WTB want stays pending: it is what the public list shows.
    expect((await shop.client.call(getMyItem, { params: { itemId: wtbOpen.id } })).item.status).toBe(
      'pending',
    );

    // Idempotent: a second run finds nothing of this store's to move and changes nothing.
    await migrateInventoryStatuses(client(), table(), new Date());
    expect((await shop.client.call(getMyItem, { params: { itemId: legacy.id } })).item).toEqual(migrated);
    // Each run scans the whole shared table, which holds every suite's records by now (the
    // migration suites alone write tens of thousands): the default 30 s is not enough for two.
  }, 300_000);

  it('refuses pending for an inventory pair (create and edit); the lists take it', async () => {
    const shop = await owner();
    const refused = await rejection(
      shop.client.call(createItem, {
        body: { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'], status: 'pending' },
      }),
    );
    expect([refused.status, refused.code, Object.keys(refused.fields ?? {})]).toEqual([
      400,
      'STATUS_NOT_FOR_LIST',
      ['status'],
    ]);
    const { item } = await shop.client.call(createItem, {
      body: { listType: 'inventory', sku: 'A', name: 'N', sizes: ['42'] },
    });
    expect([item.status, item.visibility]).toEqual(['available', 'private']);
    const edit = await rejection(
      shop.client.call(updateItem, { params: { itemId: item.id }, body: { status: 'pending' } }),
    );
    expect(edit.code).toBe('STATUS_NOT_FOR_LIST');
    const sold = await shop.client.call(updateItem, {
      params: { itemId: item.id },
      body: { status: 'sold' },
    });
    expect(sold.item.status).toBe('sold');
  });
});
