import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client';

/** BatchGetItem's largest request. */
export const BATCH_GET_MAX = 100;
/** Rounds of unprocessed keys before giving up (DynamoDB returns them under throttling). */
const BATCH_GET_ROUNDS = 5;

/** The ElectroDB entity name stored on every row: tells apart the rows of a mixed batch. */
export const entityNameOf = (row: Record<string, unknown>): unknown => row.__edb_e__;

/**
 * Raw rows for keys of any entities, in as few BatchGetItem requests as fit (100 keys
 * each), retrying unprocessed keys. Rows come back in no particular order: callers tell
 * them apart with `entityNameOf` and read them with the entity's `parse`.
 */
export async function batchGetRows(
  client: DocumentClient,
  table: string,
  keys: Record<string, unknown>[],
  options: { consistent?: boolean; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const names = options.attributes
    ? Object.fromEntries(options.attributes.map((name, i) => [`#a${i}`, name]))
    : undefined;
  const rows: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_MAX) {
    let pending = keys.slice(start, start + BATCH_GET_MAX);
    for (let round = 0; pending.length > 0; round++) {
      if (round >= BATCH_GET_ROUNDS) throw new Error('BatchGetItem kept leaving keys unprocessed');
      const out = await client.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ...(options.consistent ? { ConsistentRead: true } : {}),
              ...(names
                ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
                : {}),
            },
          },
        }),
      );
      rows.push(...(out.Responses?.[table] ?? []));
      pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return rows;
}
