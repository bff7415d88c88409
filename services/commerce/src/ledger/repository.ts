import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetRows } from '@sneakers/shared/table/batch-get';
import type { DocumentClient } from '@sneakers/shared/table/client';
import type { Clock } from '@sneakers/shared/clock';
import { TRANSACTION_ATTEMPTS } from '@sneakers/shared/table/transaction';
import { rowId, type AggregateRow, type RowDelta } from './deltas';
import { CLAIM_ENTITY, claimKey, keyOf } from './keys';
import type { LedgerWriter } from './ports';

/** Longer than a stream keeps a record (24 h), so every redelivery finds the claim. */
export const CLAIM_TTL_SECONDS = 3 * 24 * 3600;

function cancellationCodes(error: unknown): string[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ((error as { name?: unknown }).name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One Update per aggregate row: ADD for the figures (negative numbers subtract), SET for
 * the row's identity and its labels. Dynamic names only ever appear as placeholders.
 */
function updateOf(table: string, delta: RowDelta) {
  const { pk, sk, entity } = keyOf(delta.row);
  const names: Record<string, string> = { '#e': '__edb_e__', '#store': 'storeUserId', '#cur': 'currency' };
  const values: Record<string, unknown> = {
    ':e': entity,
    ':store': delta.row.storeUserId,
    ':cur': delta.row.currency,
  };
  const set = ['#e = :e', '#store = :store', '#cur = :cur'];
  if (delta.row.kind === 'provider') {
    names['#provider'] = 'providerId';
    values[':provider'] = delta.row.providerId;
    set.push('#provider = :provider');
  }
  Object.entries(delta.labels).forEach(([name, label], i) => {
    names[`#l${i}`] = name;
    values[`:l${i}`] = label;
    set.push(`#l${i} = :l${i}`);
  });
  const add = Object.entries(delta.add).map(([name, n], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      TableName: table,
      Key: { pk, sk },
      UpdateExpression: `SET ${set.join(', ')} ADD ${add.join(', ')}`,
      ...(delta.onlyIfExists ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const keyString = (key: { pk: string; sk: string }) => `${key.pk}\u0000${key.sk}`;

/** Which of these aggregate rows exist (BatchGetItem of their keys, 100 at a time). */
export function createExistingRows(client: DocumentClient, table: string) {
  return async (rows: readonly AggregateRow[]): Promise<Set<string>> => {
    const byKey = new Map(rows.map((row) => [keyString(keyOf(row)), rowId(row)]));
    const keys = rows.map((row) => {
      const { pk, sk } = keyOf(row);
      return { pk, sk };
    });
    const found = new Set<string>();
    for (const item of await batchGetRows(client, table, keys, {
      consistent: true,
      attributes: ['pk', 'sk'],
    })) {
      const id = byKey.get(keyString({ pk: String(item.pk), sk: String(item.sk) }));
      if (id) found.add(id);
    }
    return found;
  };
}

export function createLedgerWriter(client: DocumentClient, table: string, clock: Clock): LedgerWriter {
  return {
    async apply(eventIds, deltas) {
      const ttl = Math.floor(clock.now().getTime() / 1000) + CLAIM_TTL_SECONDS;
      const claims = eventIds.map((eventId) => ({
        Put: {
          TableName: table,
          Item: { ...claimKey(eventId), __edb_e__: CLAIM_ENTITY, ttl },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }));
      const command = new TransactWriteCommand({
        TransactItems: [...claims, ...deltas.map((d) => updateOf(table, d))],
      });
      for (let attempt = 0; ; attempt++) {
        try {
          await client.send(command);
          return 'applied';
        } catch (error) {
          const codes = cancellationCodes(error);
          // The claims come first in the transaction: one of theirs failing is a change
          // applied before; an update's is a row erased since it was checked.
          if (codes?.slice(0, claims.length).includes('ConditionalCheckFailed')) return 'duplicate';
          if (codes?.includes('ConditionalCheckFailed')) return 'erased';
          // Two changes of one day's row at once conflict; the loser waits and tries again.
          if (!codes?.includes('TransactionConflict') || attempt + 1 >= TRANSACTION_ATTEMPTS) throw error;
          await sleep(20 * 2 ** attempt + Math.random() * 20);
        }
      }
    },
  };
}
