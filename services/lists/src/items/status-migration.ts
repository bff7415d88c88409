import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { ENTITY_FIELD } from '@sneakers/shared/table/entity';
import { createItemRepository } from './repository';

/**
 * The item status model (docs/product/lists-and-public-lists.md#item-status) gives inventory
 * two statuses, `available` and `sold`: the inventory has no public page, so `pending` said
 * nothing there, yet the old item form saved every new pair `pending`, which kept it out of the
 * stock value and dead stock. This turns each stored inventory `pending` into `available`.
 *
 * Idempotent: it only touches rows still `pending`, each read again and written with a full put
 * on condition its `updatedAt` is as read (a sale or an edit in between wins; the next run takes
 * the row). The stream sees each as an ordinary edit, so the overview's stock figures follow.
 * The table layer has no Scan (no route needs one): this one-off job uses the client's. The
 * local cloud runs it before the demo seed on every start (localstack/src/demo-seed/index.ts).
 */
export async function migrateInventoryStatuses(
  client: DocumentClient,
  table: string,
  now: Date,
): Promise<{ migrated: number; skipped: number }> {
  const repo = createItemRepository(client, table);
  let migrated = 0;
  let skipped = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: '#e = :entity AND #l = :inventory AND #s = :pending',
        ExpressionAttributeNames: { '#e': ENTITY_FIELD, '#l': 'listType', '#s': 'status' },
        ExpressionAttributeValues: {
          ':entity': 'sneakerItem',
          ':inventory': 'inventory',
          ':pending': 'pending',
        },
        ProjectionExpression: 'userId, id',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const row of page.Items ?? []) {
      const item = await repo.get(String(row.userId), String(row.id));
      if (!item || item.listType !== 'inventory' || item.status !== 'pending') continue;
      const next: Item = { ...item, status: 'available', updatedAt: now.toISOString() };
      if (await repo.replace(next, item.updatedAt)) migrated++;
      else skipped++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { migrated, skipped };
}
