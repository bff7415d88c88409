import type { Message } from '@sneakers/shared';

/** What the thread query caches: the loaded messages in server order, and whether older ones exist. */
export interface ThreadData {
  messages: readonly Message[];
  hasOlder: boolean;
}

/** A message this tab sent that the server has not confirmed yet. */
export interface PendingMessage {
  clientMessageId: string;
  conversationId: string;
  content: string;
  createdAt: string;
  status: 'sending' | 'failed';
}

/** The highest seq loaded (0 for none): a catch-up asks for the ones after it. */
export function lastSeq(messages: readonly Message[]): number {
  let last = 0;
  for (const message of messages) if (message.seq > last) last = message.seq;
  return last;
}

/**
 * `existing` with `incoming` added, each message once and in server order. A message counts
 * as already there when its id or its sender's clientMessageId is (a retried send answered
 * twice, or its push and its HTTP answer); the server's copy wins.
 */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return [...existing];
  const bySeq = new Map<number, Message>();
  const key = (m: Message) => `${m.senderUserId}\u0000${m.clientMessageId}`;
  const seenIds = new Map<string, number>();
  const seenClientIds = new Map<string, number>();
  for (const message of [...existing, ...incoming]) {
    const previous = seenIds.get(message.id) ?? seenClientIds.get(key(message));
    if (previous !== undefined) bySeq.delete(previous);
    bySeq.set(message.seq, message);
    seenIds.set(message.id, message.seq);
    seenClientIds.set(key(message), message.seq);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export type IncomingResult =
  | { kind: 'appended'; thread: ThreadData }
  | { kind: 'duplicate' }
  /** seq jumps past last + 1: one was missed; the thread fetches the ones after its last. */
  | { kind: 'gap'; after: number };

/** A pushed message applied to the loaded thread: appended, already there, or a gap to catch up. */
export function applyIncoming(thread: ThreadData, message: Message): IncomingResult {
  const last = lastSeq(thread.messages);
  const known = thread.messages.some(
    (m) =>
      m.id === message.id ||
      m.seq === message.seq ||
      (m.senderUserId === message.senderUserId && m.clientMessageId === message.clientMessageId),
  );
  if (known) return { kind: 'duplicate' };
  if (message.seq > last + 1) return { kind: 'gap', after: last };
  return { kind: 'appended', thread: { ...thread, messages: mergeMessages(thread.messages, [message]) } };
}

/** The pending messages still to show: the ones the server's list does not hold yet. */
export function unconfirmed(
  messages: readonly Message[],
  pending: readonly PendingMessage[],
  userId: string,
): PendingMessage[] {
  const confirmed = new Set(messages.filter((m) => m.senderUserId === userId).map((m) => m.clientMessageId));
  return pending.filter((p) => !confirmed.has(p.clientMessageId));
}

const CLIENT_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A fresh client message id (the contract's /^[A-Za-z0-9_-]{8,64}$/): a UUID without dashes,
 * or random letters where randomUUID is missing. A retry reuses it, so the server sends once.
 */
export function newClientMessageId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replace(/-/g, '');
  let id = Date.now().toString(36);
  while (id.length < 26) id += CLIENT_ID_ALPHABET[Math.floor(Math.random() * CLIENT_ID_ALPHABET.length)];
  return id;
}

/** What a key press in the composer does: Enter sends, Shift+Enter (or an IME composing) types. */
export function composerKeyAction(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'type' {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing ? 'send' : 'type';
}

/** The composer shows its counter from this many characters before the limit. */
export const COUNTER_FROM = 200;

/** The local calendar day of an instant, as a key for the thread's day separators. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}
