import { describe, expect, it } from 'vitest';
import type { fixedClock } from '@sneakers/shared/clock';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import {
  buildEvent,
  conversationRead,
  flagsChanged,
  messageSent,
  notificationAdded,
  notificationRead,
  settingsChanged,
} from '@sneakers/events';
import {
  connect,
  createTicket,
  disconnect,
  onClientFrame,
  parseClientFrame,
  readClientFrame,
} from '../../src/connections/domain';
import { pushFlagsChanges, pushMessageSent, pushSettingsChanges } from '../../src/pushes/consumers';
import {
  broadcast,
  onBillingChanged,
  onConversationRead,
  onDealsChanged,
  onFlagsChanged,
  onInboxChanged,
  onMessageSent,
  onSettingsChanged,
} from '../../src/pushes/domain';
import { REALTIME_FRAME_MAX_BYTES } from '@sneakers/shared/contracts/realtime';
import { memoryDeps } from './memory';

describe('realtime pushes', () => {
  it('sends the frame to every open connection and forgets the gone ones', async () => {
    const { deps, rows, posted } = memoryDeps(['c2']);
    await connect(deps, 'c1');
    await connect(deps, 'c2');
    const result = await broadcast(deps, 'settings', { type: 'pong' });
    expect(result).toEqual({ sent: 1, gone: 1 });
    expect(posted).toEqual([['c1', '{"type":"pong"}']]);
    expect([...rows.keys()]).toEqual(['c1']);
  });

  it('skips connections past their two-hour TTL', async () => {
    const { deps, posted } = memoryDeps();
    await connect(deps, 'old');
    (deps.clock as ReturnType<typeof fixedClock>).advance(2 * 3600 * 1000 + 1000);
    await broadcast(deps, 'settings', { type: 'pong' });
    expect(posted).toEqual([]);
  });

  it('turns Settings.Changed into an invalidate frame for the changed setting', async () => {
    const { deps, posted } = memoryDeps();
    await connect(deps, 'c1');
    const event = buildEvent(
      settingsChanged,
      { setting: 'signup', changedBy: 'admin' },
      { eventId: 'e1', occurredAt: '2026-11-22T10:00:00Z' },
    );
    await onSettingsChanged(deps, event.detail);
    expect(JSON.parse(posted[0]?.[1] ?? '')).toEqual({
      type: 'invalidate',
      topic: 'settings',
      keys: ['settings.signup'],
    });
  });

  it('rejects an event whose detail does not match its schema', async () => {
    // The consumer parses the detail with the event's schema before the use case sees it.
    const envelope = { id: 'e1', detailType: 'Settings.Changed', source: 'sneakers.settings', time: '' };
    await expect(
      pushSettingsChanges.handle({ ...envelope, detail: { schema: 'settings-changed.v1', data: {} } }),
    ).rejects.toThrow();
  });

  it('accepts only known client frames', () => {
    expect(readClientFrame('{"action":"ping"}')).toEqual({ action: 'ping' });
    expect(readClientFrame('{')).toEqual({ code: 'INVALID_FRAME', message: 'The frame is not valid JSON.' });
    expect(readClientFrame('{"action":"drop-table"}')).toMatchObject({
      code: 'INVALID_FRAME',
      message: expect.stringMatching(/Unknown action.*ping, subscribe/),
    });
    expect(readClientFrame('[1]')).toMatchObject({ message: expect.stringMatching(/Unknown action/) });
    expect(readClientFrame('{"action":"subscribe","ticket":"short"}')).toEqual({
      code: 'INVALID_FRAME',
      message: 'Invalid subscribe frame: ticket.',
    });
    expect(parseClientFrame('{"action":"ping"}')).toEqual({ action: 'ping' });
    expect(parseClientFrame('{"action":"drop-table"}')).toBeNull();
    expect(parseClientFrame('{"action":"subscribe","ticket":"short"}')).toBeNull();
    expect(parseClientFrame('not json')).toBeNull();
  });
});

describe('per-user pushes', () => {
  const alice: Actor = { kind: 'user', userId: 'alice', isSuperuser: false, isDemo: false };
  const inboxEvent = (def: typeof notificationAdded, recipientUserId: string) =>
    buildEvent(def, { notificationId: 'n1', recipientUserId }, { eventId: 'e1', occurredAt: '' }).detail;
  const frame = (ticket: string) => JSON.stringify({ action: 'subscribe', ticket });

  it('pushes a notification change to every open connection of the recipient and no one else', async () => {
    const { deps, posted } = memoryDeps();
    for (const id of ['tab1', 'tab2', 'bob', 'anon']) await connect(deps, id);
    expect(await onClientFrame(deps, 'tab1', frame((await createTicket(deps, alice)).ticket))).toEqual({
      statusCode: 200,
    });
    await onClientFrame(deps, 'tab2', frame((await createTicket(deps, alice)).ticket));
    const bob = { ...alice, userId: 'bob' };
    await onClientFrame(deps, 'bob', frame((await createTicket(deps, bob)).ticket));
    expect(posted.map(([id, data]) => [id, JSON.parse(data)])).toEqual([
      ['tab1', { type: 'subscribed' }],
      ['tab2', { type: 'subscribed' }],
      ['bob', { type: 'subscribed' }],
    ]);
    posted.length = 0;

    expect(await onInboxChanged(deps, inboxEvent(notificationAdded, 'alice'))).toEqual({ sent: 2, gone: 0 });
    await onInboxChanged(deps, inboxEvent(notificationRead, 'alice'));
    const invalidate = { type: 'invalidate', topic: 'notifications', keys: ['notifications'] };
    expect(posted.map(([id, data]) => [id, JSON.parse(data)])).toEqual([
      ['tab1', invalidate],
      ['tab2', invalidate],
      ['tab1', invalidate],
      ['tab2', invalidate],
    ]);
  });

  it('takes a ticket once, refuses an expired or unknown one, and needs a signed-in user', async () => {
    const { deps, rows } = memoryDeps();
    await connect(deps, 'c1');
    const { ticket, expiresAt } = await createTicket(deps, alice);
    expect(expiresAt).toBe('2026-11-22T10:01:00.000Z');
    expect(await onClientFrame(deps, 'c1', frame(ticket))).toEqual({ statusCode: 200 });
    expect(await onClientFrame(deps, 'c1', frame(ticket))).toEqual({ statusCode: 403 });
    expect(await onClientFrame(deps, 'c1', frame('y'.repeat(43)))).toEqual({ statusCode: 403 });

    await connect(deps, 'c2');
    const late = await createTicket(deps, alice);
    (deps.clock as ReturnType<typeof fixedClock>).advance(61_000);
    expect(await onClientFrame(deps, 'c2', frame(late.ticket))).toEqual({ statusCode: 403 });
    expect(rows.get('c2')?.userId).toBeUndefined();
    await expect(createTicket(deps, ANONYMOUS)).rejects.toMatchObject({ status: 401 });
  });

  it('does not bind a connection that closed before subscribing', async () => {
    const { deps, posted, rows } = memoryDeps(['c1']);
    await connect(deps, 'c1');
    await disconnect(deps, 'c1');
    expect(await onClientFrame(deps, 'c1', frame((await createTicket(deps, alice)).ticket))).toEqual({
      statusCode: 403,
    });
    expect(posted).toEqual([]);
    expect(rows.has('c1')).toBe(false);
  });

  it('answers a refused ticket with an INVALID_TICKET error frame', async () => {
    const { deps, posted } = memoryDeps();
    await connect(deps, 'c1');
    const { ticket } = await createTicket(deps, alice);
    await onClientFrame(deps, 'c1', frame(ticket));
    expect(await onClientFrame(deps, 'c1', frame(ticket))).toEqual({ statusCode: 403 });
    expect(await onClientFrame(deps, 'c1', frame('z'.repeat(43)))).toEqual({ statusCode: 403 });
    expect(posted.map(([id, data]) => [id, JSON.parse(data)])).toEqual([
      ['c1', { type: 'subscribed' }],
      ['c1', { type: 'error', code: 'INVALID_TICKET', message: expect.stringMatching(/ticket/) }],
      ['c1', { type: 'error', code: 'INVALID_TICKET', message: expect.stringMatching(/ticket/) }],
    ]);
  });
});

describe('feature pushes (Flags.Changed)', () => {
  const alice: Actor = { kind: 'user', userId: 'alice', isSuperuser: false, isDemo: false };
  const subscribeFrame = (ticket: string) => JSON.stringify({ action: 'subscribe', ticket });
  const changed = (data: { scope: 'all' } | { scope: 'user'; userId: string }) =>
    buildEvent(flagsChanged, data, { eventId: 'e1', occurredAt: '2026-11-22T10:00:00Z' }).detail;
  const invalidate = { type: 'invalidate', topic: 'features', keys: ['features'] };

  async function openTabs() {
    const memory = memoryDeps(['gone']);
    const { deps } = memory;
    for (const id of ['alice1', 'alice2', 'bob', 'anon', 'gone']) await connect(deps, id);
    for (const id of ['alice1', 'alice2'])
      await onClientFrame(deps, id, subscribeFrame((await createTicket(deps, alice)).ticket));
    const bob = { ...alice, userId: 'bob' };
    await onClientFrame(deps, 'bob', subscribeFrame((await createTicket(deps, bob)).ticket));
    memory.posted.length = 0;
    return memory;
  }
  const sentTo = (posted: [string, string][]) =>
    posted.map(([id, data]) => [id, JSON.parse(data) as unknown] as const);

  it('tells every open browser, signed in or not, to refetch its features when a flag or rule changes', async () => {
    const { deps, posted, rows } = await openTabs();
    expect(await onFlagsChanged(deps, changed({ scope: 'all' }))).toEqual({ sent: 4, gone: 1 });
    expect(sentTo(posted)).toEqual([
      ['alice1', invalidate],
      ['alice2', invalidate],
      ['bob', invalidate],
      ['anon', invalidate],
    ]);
    expect(rows.has('gone')).toBe(false);
  });

  it("tells only the user's own tabs to refetch billing and their profile when billing changes", async () => {
    const { deps, posted } = await openTabs();
    expect(await onBillingChanged(deps, 'alice')).toEqual({ sent: 2, gone: 0 });
    const billing = { type: 'invalidate', topic: 'billing', keys: ['billing', 'profile.mine'] };
    expect(sentTo(posted)).toEqual([
      ['alice1', billing],
      ['alice2', billing],
    ]);
  });

  it("tells only the user's own tabs to refetch the deals board when their deals move", async () => {
    const { deps, posted } = await openTabs();
    expect(await onDealsChanged(deps, 'alice')).toEqual({ sent: 2, gone: 0 });
    const deals = { type: 'invalidate', topic: 'deals', keys: ['deals'] };
    expect(sentTo(posted)).toEqual([
      ['alice1', deals],
      ['alice2', deals],
    ]);
  });

  it("reaches only the user's own tabs when their grants or overrides change", async () => {
    const { deps, posted } = await openTabs();
    expect(await onFlagsChanged(deps, changed({ scope: 'user', userId: 'alice' }))).toEqual({
      sent: 2,
      gone: 0,
    });
    expect(sentTo(posted)).toEqual([
      ['alice1', invalidate],
      ['alice2', invalidate],
    ]);
    posted.length = 0;
    expect(await onFlagsChanged(deps, changed({ scope: 'user', userId: 'nobody-open' }))).toEqual({
      sent: 0,
      gone: 0,
    });
    expect(posted).toEqual([]);
  });

  it('rejects a Flags.Changed detail that does not match its schema', async () => {
    const envelope = { id: 'e1', detailType: 'Flags.Changed', source: 'sneakers.flags', time: '' };
    const detail = (data: unknown) => ({
      schema: 'flags-changed.v1',
      eventId: 'e1',
      occurredAt: '2026-11-22T10:00:00Z',
      data,
    });
    // The parse fails on the data itself, before the consumer builds any dependency.
    await expect(pushFlagsChanges.handle({ ...envelope, detail: detail({ scope: 'user' }) })).rejects.toThrow(
      /userId/,
    );
    await expect(pushFlagsChanges.handle({ ...envelope, detail: detail({ scope: 'some' }) })).rejects.toThrow(
      /scope|discriminator|union/i,
    );
  });
});

describe('invalid client frames', () => {
  const junk = [
    ['not JSON', 'hello there'],
    ['an empty frame', ''],
    ['JSON that is no object', '"ping"'],
    ['an unknown action', '{"action":"sendmessage","content":"hi"}'],
    ['no action', '{"ticket":"x"}'],
    ['a subscribe without a ticket', '{"action":"subscribe"}'],
    ['a ticket of the wrong length', '{"action":"subscribe","ticket":"abc"}'],
    ['a ticket that is no string', '{"action":"subscribe","ticket":43}'],
  ] as const;

  it.each(junk)('answers %s with an INVALID_FRAME error frame and keeps the connection', async (_, body) => {
    const { deps, posted, rows } = memoryDeps();
    await connect(deps, 'c1');
    const result = await onClientFrame(deps, 'c1', body);
    expect(result.statusCode).toBe(400);
    expect(posted).toHaveLength(1);
    const [id, data] = posted[0] ?? [];
    expect(id).toBe('c1');
    expect(JSON.parse(data ?? '')).toEqual({
      type: 'error',
      code: 'INVALID_FRAME',
      message: expect.any(String),
    });
    expect(rows.has('c1')).toBe(true);
  });

  it('answers a ping without a frame', async () => {
    const { deps, posted } = memoryDeps();
    await connect(deps, 'c1');
    expect(await onClientFrame(deps, 'c1', '{"action":"ping"}')).toEqual({ statusCode: 200 });
    expect(posted).toEqual([]);
  });

  it('never throws when the error frame cannot be posted, and logs it', async () => {
    const { deps, warnings } = memoryDeps([], ['c1']);
    await connect(deps, 'c1');
    await expect(onClientFrame(deps, 'c1', 'junk')).resolves.toMatchObject({ statusCode: 400 });
    await expect(
      onClientFrame(deps, 'c1', JSON.stringify({ action: 'subscribe', ticket: 'q'.repeat(43) })),
    ).resolves.toEqual({
      statusCode: 403,
    });
    expect(warnings).toEqual(['Could not answer a client frame', 'Could not answer a client frame']);
  });

  it('never throws when the table fails under a subscribe, and says so in an error frame', async () => {
    const { deps, posted, warnings } = memoryDeps();
    await connect(deps, 'c1');
    deps.connections.takeTicket = () => Promise.reject(new Error('ProvisionedThroughputExceeded'));
    const result = await onClientFrame(
      deps,
      'c1',
      JSON.stringify({ action: 'subscribe', ticket: 'q'.repeat(43) }),
    );
    expect(result).toEqual({ statusCode: 500 });
    expect(warnings).toEqual(['Client frame failed']);
    expect(JSON.parse(posted[0]?.[1] ?? '')).toMatchObject({ type: 'error', code: 'INTERNAL_ERROR' });
  });

  it('forgets a connection that is gone when its error frame is posted', async () => {
    const { deps, rows } = memoryDeps(['c1']);
    await connect(deps, 'c1');
    await onClientFrame(deps, 'c1', 'junk');
    expect(rows.has('c1')).toBe(false);
  });
});

describe('message pushes (Message.Sent, Conversation.Read)', () => {
  const user = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });
  const subscribeFrame = (ticket: string) => JSON.stringify({ action: 'subscribe', ticket });
  const message = (content = 'Still have the Pandas in 42?') => ({
    id: '01JD0000000000000000000000',
    conversationId: 'conv-1',
    seq: 3,
    senderUserId: 'reseller',
    senderName: 'Resell Madrid',
    content,
    clientMessageId: 'client-msg-0001',
    createdAt: '2026-11-22T10:00:00.000Z',
  });
  const sent = (content?: string) =>
    buildEvent(
      messageSent,
      { recipientUserId: 'store', message: message(content) },
      { eventId: 'e1', occurredAt: '2026-11-22T10:00:00Z' },
    ).detail;
  const invalidate = { type: 'invalidate', topic: 'messages', keys: ['conversations', 'messages-unread'] };

  /** store: two tabs; reseller (the sender): one tab and one gone; a third user and an anonymous tab. */
  async function openTabs() {
    const goneIds: string[] = [];
    const memory = memoryDeps(goneIds);
    const { deps } = memory;
    const tabs = {
      store1: 'store',
      store2: 'store',
      reseller1: 'reseller',
      'reseller-gone': 'reseller',
      third: 'third',
    };
    for (const id of [...Object.keys(tabs), 'anon']) await connect(deps, id);
    for (const [id, userId] of Object.entries(tabs))
      await onClientFrame(deps, id, subscribeFrame((await createTicket(deps, user(userId))).ticket));
    // Closed since it subscribed, without a $disconnect: the push finds it gone (410).
    goneIds.push('reseller-gone');
    memory.posted.length = 0;
    return memory;
  }
  const framesOf = (posted: [string, string][], id: string) =>
    posted.filter(([to]) => to === id).map(([, data]) => JSON.parse(data) as unknown);

  it("pushes the message and then an invalidate to every tab of both participants, and to no one else's", async () => {
    const { deps, posted, rows } = await openTabs();
    expect(await onMessageSent(deps, sent())).toEqual({ sent: 3, gone: 1 });
    for (const tab of ['store1', 'store2', 'reseller1'])
      expect(framesOf(posted, tab)).toEqual([{ type: 'message', message: message() }, invalidate]);
    expect(framesOf(posted, 'third')).toEqual([]);
    expect(framesOf(posted, 'anon')).toEqual([]);
    expect(rows.has('reseller-gone')).toBe(false);
  });

  it('replaces a message frame over the frame limit with an invalidate of the lists and threads', async () => {
    const { deps, posted } = await openTabs();
    // 4-byte characters: well under the content limit in characters, over 32 KB in UTF-8.
    const content = '👟'.repeat(REALTIME_FRAME_MAX_BYTES / 4);
    expect(content.length).toBeLessThan(REALTIME_FRAME_MAX_BYTES);
    await onMessageSent(deps, sent(content));
    const fallback = { type: 'invalidate', topic: 'messages', keys: ['conversations', 'messages'] };
    expect(framesOf(posted, 'store1')).toEqual([fallback, invalidate]);
    expect(framesOf(posted, 'reseller1')).toEqual([fallback, invalidate]);
    for (const [, data] of posted)
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(REALTIME_FRAME_MAX_BYTES);
  });

  it('keeps a message frame just under the limit as it is', async () => {
    const { deps, posted } = await openTabs();
    const base = JSON.stringify({ type: 'message', message: message('') }).length;
    await onMessageSent(deps, sent('a'.repeat(REALTIME_FRAME_MAX_BYTES - base)));
    const [first] = framesOf(posted, 'store1');
    expect(first).toMatchObject({ type: 'message' });
    expect(Buffer.byteLength(JSON.stringify(first))).toBe(REALTIME_FRAME_MAX_BYTES);
  });

  it("tells only the reader's tabs to refetch their conversations and badge when they read one", async () => {
    const { deps, posted } = await openTabs();
    const read = buildEvent(
      conversationRead,
      { conversationId: 'conv-1', userId: 'store', unreadTotal: 0 },
      { eventId: 'e2', occurredAt: '2026-11-22T10:00:00Z' },
    ).detail;
    expect(await onConversationRead(deps, read)).toEqual({ sent: 2, gone: 0 });
    expect(posted.map(([id, data]) => [id, JSON.parse(data)])).toEqual([
      ['store1', invalidate],
      ['store2', invalidate],
    ]);
  });

  it('rejects a Message.Sent detail that does not match its schema', async () => {
    const envelope = { id: 'e1', detailType: 'Message.Sent', source: 'sneakers.messaging', time: '' };
    const detail = {
      schema: 'message-sent.v1',
      eventId: 'e1',
      occurredAt: '',
      data: { recipientUserId: 'store' },
    };
    await expect(pushMessageSent.handle({ ...envelope, detail })).rejects.toThrow(/message/);
  });
});
