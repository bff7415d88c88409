import type { UserActor } from '@sneakers/shared/actor';
import { auditItem, type AuditChange } from '@sneakers/shared/audit/audit-item';
import type { IdGenerator } from '@sneakers/shared/ids';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { buildEvent, flagsChanged } from '@sneakers/events';
import type { AuditRecord, FlagsChangedEvent } from './ports';

/**
 * How flags and user-access change their documents (the config document, a user's decision
 * document): an audit entry and a `Flags.Changed` per change, optimistic writes retried.
 */

/** One change's id-stamped audit entry and event, at the same instant. */
export function changeRecords(
  deps: { ids: IdGenerator },
  actor: UserActor,
  change: AuditChange,
  scope: { scope: 'all' } | { scope: 'user'; userId: string },
  at: string,
): { audit: AuditRecord; event: FlagsChangedEvent } {
  return {
    audit: auditItem(actor, change, deps.ids.next(), at),
    event: buildEvent(flagsChanged, scope, { eventId: deps.ids.next(), occurredAt: at }),
  };
}

/**
 * Optimistic writes of one document: read, apply, write conditionally; when another write
 * came first ('stale'), read again and re-apply, because that write may have touched
 * something else in the same document (another flag, another feature of the user). The
 * change itself decides whether the newer state still allows it (409s).
 */
export const DOCUMENT_ATTEMPTS = 8;

export async function retryStale<T>(attempt: () => Promise<{ outcome: 'committed' | 'stale'; result: T }>) {
  for (let i = 0; i < DOCUMENT_ATTEMPTS; i++) {
    const { outcome, result } = await attempt();
    if (outcome === 'committed') return result;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (i + 1)));
  }
  throw new TransactionBusyError();
}

/** Tolerates the same instant twice: a document's `updatedAt` is its version, so it must move. */
export function nextInstant(now: Date, previous: string | null): string {
  const prev = previous ? Date.parse(previous) : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(now.getTime(), prev + 1)).toISOString();
}
