import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  API_DAILY_QUOTA,
  API_RATE_BURST,
  rateWindowOf,
  refusalOf,
  usageStep,
  utcDayOf,
  type KeyUsage,
  type UsageStep,
} from '../rules/store-api-limits';
import { batchGetRows } from '../table/batch-get';
import type { DocumentClient } from '../table/client';
import { isConditionalFailure } from '../table/transaction';

/**
 * Per-API-key limits (docs/adr/0023): ONE item per key holds both the rate window and the
 * day's count, and a container reserves slots in it with ONE conditional UpdateItem (a lease
 * of up to KEY_USAGE_LEASE requests), so concurrent containers cannot overrun a limit and a
 * busy key costs one small write per lease. The update that
 * fits depends on whether the window or the day rolled over; the container guesses from
 * the counters it saw last, and a wrong guess fails its condition, answers the stored
 * counters (ReturnValuesOnConditionCheckFailure) and is retried with the right update.
 * The same write stamps `lastUsedAt`, which the key list reads: no write of its own.
 */
export type KeyUsageOutcome =
  { allowed: true; usage: KeyUsage } | { allowed: false; reason: 'rate' | 'quota'; usage: KeyUsage };

export interface KeyUsageLimiter {
  take(keyId: string, now: Date): Promise<KeyUsageOutcome>;
}

const ATTEMPTS = 4;
/** Keys whose last counters a container remembers (only a guess: the condition decides). */
const SEEN_LIMIT = 1_000;

export const keyUsageKey = (keyId: string) => ({ pk: `apiKeyUsage#${keyId}`, sk: 'usage' });

/**
 * Slots a container reserves per write (a lease): it spends them on the key's next requests
 * of the same window without writing, so a busy key costs one write per LEASE requests.
 * Reserved, not guessed: the stored counters count them, so containers together never admit
 * more than the limits (a lease left unused when its window ends only admits less).
 */
export const KEY_USAGE_LEASE = 4;

const UPDATES: Record<UsageStep, { set: string; condition: string }> = {
  'same-window': {
    set: 'SET wc = wc + :n, dc = dc + :n, lastUsedAt = :now',
    condition: 'win = :win AND wc <= :burstLeft AND #day = :day AND dc <= :quotaLeft',
  },
  'new-window': {
    set: 'SET win = :win, wc = :n, dc = dc + :n, lastUsedAt = :now',
    condition: 'win < :win AND #day = :day AND dc <= :quotaLeft',
  },
  'new-day': {
    set: 'SET win = :win, wc = :n, #day = :day, dc = :n, lastUsedAt = :now',
    condition: 'attribute_not_exists(pk) OR #day < :day',
  },
};

/** The counters as calls made so far see them: reserved slots not yet spent are not used. */
const spent = (stored: KeyUsage, unspent: number): KeyUsage => ({
  ...stored,
  windowCount: stored.windowCount - unspent,
  dayCount: stored.dayCount - unspent,
});

/** How many slots a write may reserve, given the counters it would add to. */
function slotsFor(step: UsageStep, stored: KeyUsage | null): number {
  if (step === 'new-day' || !stored) return KEY_USAGE_LEASE;
  const windowLeft = step === 'same-window' ? API_RATE_BURST - stored.windowCount : API_RATE_BURST;
  return Math.max(1, Math.min(KEY_USAGE_LEASE, windowLeft, API_DAILY_QUOTA - stored.dayCount));
}

function usageOf(row: Record<string, unknown> | undefined): KeyUsage | null {
  if (!row || typeof row.win !== 'number' || typeof row.day !== 'string') return null;
  return { window: row.win, windowCount: Number(row.wc), day: row.day, dayCount: Number(row.dc) };
}

/** The stored item a failed condition answers (raw attribute values on the error). */
function storedOnFailure(error: unknown): KeyUsage | null {
  const item = (error as { Item?: Record<string, unknown> }).Item;
  if (!item) return null;
  // The SDK hands it over as raw attribute values ({ N: '3' }, { S: '2026-01-01' }).
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    const raw = value as { N?: string; S?: string } | null;
    plain[name] =
      typeof raw === 'object' && raw !== null ? (raw.N !== undefined ? Number(raw.N) : raw.S) : value;
  }
  return usageOf(plain);
}

export function createKeyUsageLimiter(client: DocumentClient, table: string): KeyUsageLimiter {
  const seen = new Map<string, KeyUsage>();
  const leases = new Map<string, { window: number; day: string; left: number }>();
  const remember = (keyId: string, usage: KeyUsage) => {
    seen.delete(keyId);
    seen.set(keyId, usage);
    if (seen.size > SEEN_LIMIT) {
      const oldest = seen.keys().next().value as string;
      seen.delete(oldest);
      leases.delete(oldest);
    }
  };

  return {
    async take(keyId, now) {
      const win = rateWindowOf(now);
      const day = utcDayOf(now);
      const lease = leases.get(keyId);
      if (lease && lease.window === win && lease.day === day && lease.left > 0) {
        lease.left--;
        const stored = seen.get(keyId) ?? { window: win, windowCount: API_RATE_BURST, day, dayCount: 0 };
        return { allowed: true, usage: spent(stored, lease.left) };
      }
      // A key this container has not seen is most likely in use today but not this window.
      let known = seen.get(keyId) ?? null;
      let step: UsageStep = known ? usageStep(known, now) : 'new-window';
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const update = UPDATES[step];
        const n = slotsFor(step, known);
        try {
          const out = await client.send(
            new UpdateCommand({
              TableName: table,
              Key: keyUsageKey(keyId),
              UpdateExpression: update.set,
              ConditionExpression: update.condition,
              ExpressionAttributeNames: { '#day': 'day' },
              ExpressionAttributeValues: {
                ':n': n,
                ':now': now.toISOString(),
                ':win': win,
                ':day': day,
                ...(step === 'new-day' ? {} : { ':quotaLeft': API_DAILY_QUOTA - n }),
                ...(step === 'same-window' ? { ':burstLeft': API_RATE_BURST - n } : {}),
              },
              ReturnValues: 'ALL_NEW',
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            }),
          );
          const usage = usageOf(out.Attributes) ?? { window: win, windowCount: n, day, dayCount: n };
          remember(keyId, usage);
          leases.set(keyId, { window: win, day, left: n - 1 });
          return { allowed: true, usage: spent(usage, n - 1) };
        } catch (error) {
          if (!isConditionalFailure(error)) throw error;
          const stored = storedOnFailure(error);
          if (stored) remember(keyId, stored);
          const refusal = refusalOf(stored, now);
          if (refusal && stored) return { allowed: false, reason: refusal, usage: stored };
          known = stored;
          step = usageStep(stored, now);
        }
      }
      // Every attempt lost to a concurrent request of the same key: the key is that busy.
      const usage = seen.get(keyId) ?? { window: win, windowCount: API_RATE_BURST, day, dayCount: 0 };
      return { allowed: false, reason: 'rate', usage };
    },
  };
}

/** When each key was last used (ISO time), for the key list: one BatchGet per 100 keys. */
export async function readKeysLastUsed(
  client: DocumentClient,
  table: string,
  keyIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await batchGetRows(client, table, keyIds.map(keyUsageKey), {
    attributes: ['pk', 'lastUsedAt'],
  });
  const out = new Map<string, string>();
  for (const row of rows) {
    if (typeof row.pk === 'string' && typeof row.lastUsedAt === 'string')
      out.set(row.pk.slice('apiKeyUsage#'.length), row.lastUsedAt);
  }
  return out;
}
