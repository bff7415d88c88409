import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import {
  buildEvent,
  flagsChanged,
  notificationAdded,
  notificationRead,
  settingsChanged,
} from '@sneakers/events';
import {
  broadcast,
  connect,
  createTicket,
  disconnect,
  onClientFrame,
  onFlagsChanged,
  onInboxChanged,
  onSettingsChanged,
  parseClientFrame,
  type RealtimeDeps,
} from '../../src/domain/realtime';
import { pushFlagsChanges, pushSettingsChanges } from '../../src/service';

function memoryDeps(goneIds: string[] = []) {
  const rows = new Map<string, { topic: string; ttl: number; userId?: string }>();
  const tickets = new Map<string, { userId: string; expiresAt: number }>();
  const posted: [string, string][] = [];
  let ticketNo = 0;
  const deps: RealtimeDeps = {
    clock: fixedClock('2026-11-22T10:00:00Z'),
    newTicket: () => `t${++ticketNo}`.padEnd(43, 'x'),
    connections: {
      add: async (c) => void rows.set(c.connectionId, c),
      remove: async (id) => void rows.delete(id),
      async *byTopic(topic, now) {
        yield [...rows].filter(([, c]) => c.topic === topic && c.ttl > now).map(([id]) => id);
      },
      subscribe: async (id, userId) => {
        const row = rows.get(id);
        if (row) row.userId = userId;
        return row !== undefined;
      },
      byUser: async (userId, now) =>
        [...rows].filter(([, c]) => c.userId === userId && c.ttl > now).map(([id]) => id),
      unlink: async () => undefined,
      addTicket: async ({ ticketHash, ...t }) => void tickets.set(ticketHash, t),
      takeTicket: async (hash, now) => {
        const t = tickets.get(hash);
        tickets.delete(hash);
        return t && t.expiresAt > now ? t.userId : null;
      },
    },
    pusher: {
      post: async (id, data) => {
        if (goneIds.includes(id)) return 'gone';
        posted.push([id, data]);
        return 'sent';
      },
    },
  };
  return { deps, rows, posted };
}

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
    const { deps, posted } = memoryDeps();
    await connect(deps, 'c1');
    await disconnect(deps, 'c1');
    expect(await onClientFrame(deps, 'c1', frame((await createTicket(deps, alice)).ticket))).toEqual({
      statusCode: 403,
    });
    expect(posted).toEqual([]);
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
