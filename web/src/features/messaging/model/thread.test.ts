import { describe, expect, it } from 'vitest';
import type { Message } from '@sneakers/shared';
import { starForKey } from '../components/star-rating';
import {
  applyIncoming,
  composerKeyAction,
  lastSeq,
  mergeMessages,
  newClientMessageId,
  unconfirmed,
  type PendingMessage,
  type ThreadData,
} from './thread';

const message = (seq: number, over: Partial<Message> = {}): Message => ({
  id: `m-${seq}`,
  conversationId: 'c-1',
  seq,
  senderUserId: 'u-2',
  senderName: 'Kicks Madrid',
  content: `message ${seq}`,
  clientMessageId: `client-${seq}-xxxx`,
  createdAt: new Date(Date.UTC(2026, 1, 1, 10, seq)).toISOString(),
  ...over,
});
const seqs = (messages: readonly Message[]) => messages.map((m) => m.seq);

describe('thread model', () => {
  it('merges pages and pushes into one list in server order, each message once', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3), message(5), message(4)]);
    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(lastSeq(merged)).toBe(5);
    expect(lastSeq([])).toBe(0);
  });

  it("dedupes by id and by the sender's client message id, keeping the server's newer copy", () => {
    const first = message(7, { senderUserId: 'u-1', clientMessageId: 'retry-same-id' });
    // A retried send answered again (same id), and a copy under another id with the same client id.
    const merged = mergeMessages(
      [first],
      [{ ...first }, { ...first, id: 'm-7-bis', content: 'server copy' }],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]?.content).toBe('server copy');
    // The same client id from another sender is another message.
    expect(mergeMessages([first], [message(8, { clientMessageId: 'retry-same-id' })])).toHaveLength(2);
  });

  it('appends the next pushed message, ignores a known one, and reports a gap past last + 1', () => {
    const thread: ThreadData = { messages: [message(1), message(2)], hasOlder: false };
    const next = applyIncoming(thread, message(3));
    expect(next.kind === 'appended' && seqs(next.thread.messages)).toEqual([1, 2, 3]);
    expect(applyIncoming(thread, message(2)).kind).toBe('duplicate');
    expect(applyIncoming(thread, { ...message(9), clientMessageId: message(1).clientMessageId }).kind).toBe(
      'duplicate',
    );
    expect(applyIncoming(thread, message(5))).toEqual({ kind: 'gap', after: 2 });
    expect(applyIncoming({ messages: [], hasOlder: false }, message(1)).kind).toBe('appended');
    expect(applyIncoming({ messages: [], hasOlder: false }, message(2))).toEqual({ kind: 'gap', after: 0 });
  });

  it('hides an optimistic message once the server list holds its client message id', () => {
    const pending = (clientMessageId: string): PendingMessage => ({
      clientMessageId,
      conversationId: 'c-1',
      content: 'hi',
      createdAt: '2026-02-01T10:00:00.000Z',
      status: 'sending',
    });
    const server = [message(4, { senderUserId: 'u-1', clientMessageId: 'mine-0001' })];
    expect(unconfirmed(server, [pending('mine-0001'), pending('mine-0002')], 'u-1')).toEqual([
      pending('mine-0002'),
    ]);
    // Only my own messages confirm my pending ones.
    expect(unconfirmed(server, [pending('mine-0001')], 'u-9')).toHaveLength(1);
  });

  it('makes client message ids the contract accepts, never twice the same', () => {
    const ids = new Set(Array.from({ length: 100 }, newClientMessageId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('sends on Enter, types a new line on Shift+Enter, and leaves an IME composition alone', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBe('type');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('type');
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBe('type');
  });

  it('moves a star rating with the arrows, Home and End, within 1 to 5', () => {
    expect(starForKey('ArrowRight', 3)).toBe(4);
    expect(starForKey('ArrowUp', 5)).toBe(5);
    expect(starForKey('ArrowLeft', 1)).toBe(1);
    expect(starForKey('ArrowDown', 4)).toBe(3);
    expect(starForKey('Home', 4)).toBe(1);
    expect(starForKey('End', 2)).toBe(5);
    expect(starForKey('Tab', 2)).toBeUndefined();
  });
});
