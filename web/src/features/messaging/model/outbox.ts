import { useSyncExternalStore } from 'react';
import type { PendingMessage } from './thread';

/**
 * Messages this tab is sending, per conversation, outside the query cache: a refetch of the
 * thread must not drop them, and switching conversations keeps them (a send goes on).
 */
const pending = new Map<string, readonly PendingMessage[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly PendingMessage[] = [];

function emit() {
  for (const listener of listeners) listener();
}

export const outbox = {
  add(message: PendingMessage) {
    pending.set(message.conversationId, [...(pending.get(message.conversationId) ?? EMPTY), message]);
    emit();
  },
  update(conversationId: string, clientMessageId: string, status: PendingMessage['status']) {
    const list = pending.get(conversationId);
    if (!list) return;
    pending.set(
      conversationId,
      list.map((m) => (m.clientMessageId === clientMessageId ? { ...m, status } : m)),
    );
    emit();
  },
  remove(conversationId: string, clientMessageId: string) {
    const list = pending.get(conversationId);
    if (!list) return;
    const rest = list.filter((m) => m.clientMessageId !== clientMessageId);
    if (rest.length > 0) pending.set(conversationId, rest);
    else pending.delete(conversationId);
    emit();
  },
  get(conversationId: string): readonly PendingMessage[] {
    return pending.get(conversationId) ?? EMPTY;
  },
  find(conversationId: string, clientMessageId: string): PendingMessage | undefined {
    return pending.get(conversationId)?.find((m) => m.clientMessageId === clientMessageId);
  },
  /** Tests start from an empty outbox. */
  clear() {
    pending.clear();
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function usePendingMessages(conversationId: string): readonly PendingMessage[] {
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.get(conversationId),
    () => EMPTY,
  );
}
