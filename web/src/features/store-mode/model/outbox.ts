import type { SaleCreate } from '@sneakers/shared/contracts/sales';

/**
 * Sales waiting on the device (docs/product/store-mode.md#offline): every counter sale is
 * written here first with its Idempotency-Key, then sent. A send that never got an answer is
 * sent again with the same key, so the server records it once and answers the first result;
 * a pair sold elsewhere meanwhile comes back as a conflict the user resolves, never a second
 * sale. Pure: the storage is a port (api/device-store.ts keeps it in IndexedDB).
 */
export interface OutboxEntry {
  /** The sale's Idempotency-Key. */
  key: string;
  /** Whose sale it is: another user signing in on the device never sends it. */
  userId: string;
  body: SaleCreate;
  /** What the list shows. */
  label: { sku: string; name: string; size: string };
  /** `waiting`: not answered yet; `conflict`: the pair is gone (409/404); `refused`: the server said no otherwise. */
  state: 'waiting' | 'conflict' | 'refused';
  error: { code: string; message: string } | null;
  createdAt: string;
}

export interface OutboxStore {
  entries(userId: string): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What a send's failure means: keep trying later, or tell the user. */
export type SendFailure =
  { retry: true } | { retry: false; conflict: boolean; code: string; message: string };

export interface FlushResult {
  sent: number;
  conflicts: number;
  /** Still waiting: the connection dropped during the flush. */
  waiting: number;
}

/**
 * Sends the user's waiting sales in the order they were made. Stops at the first one that got
 * no answer (offline or the server unreachable): the rest would fail the same way.
 */
export async function flushOutbox(
  store: OutboxStore,
  userId: string,
  send: (entry: OutboxEntry) => Promise<void>,
  classify: (error: unknown) => SendFailure,
): Promise<FlushResult> {
  const all = (await store.entries(userId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const waiting = all.filter((e) => e.state === 'waiting');
  const result: FlushResult = { sent: 0, conflicts: 0, waiting: 0 };
  for (const [i, entry] of waiting.entries()) {
    try {
      await send(entry);
      await store.remove(entry.key);
      result.sent += 1;
    } catch (error) {
      const failure = classify(error);
      if (failure.retry) {
        result.waiting = waiting.length - i;
        break;
      }
      await store.put({
        ...entry,
        state: failure.conflict ? 'conflict' : 'refused',
        error: { code: failure.code, message: failure.message },
      });
      if (failure.conflict) result.conflicts += 1;
    }
  }
  return result;
}
