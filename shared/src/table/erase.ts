import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client';

/** BatchWriteItem's limit. */
const BATCH_MAX = 25;
const ATTEMPTS = 5;

/** Deletes the items with these keys (pk, sk), in batches, retrying what DynamoDB leaves unprocessed. */
export async function deleteKeys(
  client: DocumentClient,
  table: string,
  keys: readonly { pk: string; sk: string }[],
): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_MAX) {
    let requests: { DeleteRequest: { Key: Record<string, unknown> } }[] = keys
      .slice(start, start + BATCH_MAX)
      .map((key) => ({ DeleteRequest: { Key: key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt === ATTEMPTS) throw new Error('DynamoDB left deletes unprocessed');
      const out = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      const left = out.UnprocessedItems?.[table] ?? [];
      requests = left.flatMap((r) =>
        r.DeleteRequest?.Key ? [{ DeleteRequest: { Key: r.DeleteRequest.Key } }] : [],
      );
      if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

/**
 * An account deletion's step over a partition of hand-made keys (rows an ElectroDB entity
 * cannot model, such as commerce's aggregates): deletes up to `limit` of its items and
 * answers how many went (0 when the partition is empty).
 */
export async function deletePartitionPage(
  client: DocumentClient,
  table: string,
  pk: string,
  limit: number,
): Promise<number> {
  const out = await client.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'pk, sk',
      Limit: limit,
    }),
  );
  const keys = (out.Items ?? []).flatMap((item) =>
    typeof item.pk === 'string' && typeof item.sk === 'string' ? [{ pk: item.pk, sk: item.sk }] : [],
  );
  await deleteKeys(client, table, keys);
  return keys.length;
}
