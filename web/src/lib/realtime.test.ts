import { describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  connectRealtime,
  onRealtimeMessage,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_ROTATE_AFTER_MS,
} from './realtime';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  receive(data: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
}

function setup() {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  const invalidateQueries = vi.fn(() => Promise.resolve());
  const client = connectRealtime({
    url: 'ws://localhost/ws',
    queryClient: { invalidateQueries },
    refetchOnReconnect: ['settings.comingSoon', 'settings.signup'],
    createSocket: (url) => new FakeSocket(url),
    random: () => 1,
  });
  const socket = () => FakeSocket.instances.at(-1) as FakeSocket;
  return { client, invalidateQueries, socket };
}

describe('realtime client', () => {
  it('backs off from 1 s to at most 30 s, jittered down to half of that', () => {
    const attempts = [0, 1, 2, 3, 4, 5, 6];
    expect(attempts.map((a) => backoffDelay(a, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(attempts.map((a) => backoffDelay(a, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 15000, 15000,
    ]);
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(3);
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });

  it('never closes a socket that is still connecting: it closes it once open', () => {
    const { client, socket } = setup();
    const connecting = socket();
    client.close();
    expect(connecting.readyState).toBe(0);
    connecting.open();
    expect(connecting.readyState).toBe(3);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.useRealTimers();
  });

  it('invalidates each key of an invalidate frame and ignores junk', () => {
    const { client, invalidateQueries, socket } = setup();
    socket().open();
    invalidateQueries.mockClear();
    socket().receive({
      type: 'invalidate',
      topic: 'settings',
      keys: ['settings.comingSoon', 'settings.signup'],
    });
    expect(invalidateQueries.mock.calls).toEqual([
      [{ queryKey: ['settings.comingSoon'] }],
      [{ queryKey: ['settings.signup'] }],
    ]);
    socket().receive('not json');
    socket().receive({ type: 'invalidate', keys: 'nope' });
    socket().receive({ type: 'pong' });
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    client.close();
    vi.useRealTimers();
  });

  it('pings every 5 minutes while open', () => {
    const { client, socket } = setup();
    socket().open();
    vi.advanceTimersByTime(REALTIME_PING_INTERVAL_MS);
    expect(socket().sent).toEqual([JSON.stringify({ action: 'ping' })]);
    client.close();
    vi.useRealTimers();
  });

  it('refetches the settings queries on every open, and reconnects with backoff', () => {
    const { client, invalidateQueries, socket } = setup();
    socket().open();
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    invalidateQueries.mockClear();
    socket().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    socket().drop();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(3);
    socket().open();
    expect(invalidateQueries.mock.calls).toEqual([
      [{ queryKey: ['settings.comingSoon'] }],
      [{ queryKey: ['settings.signup'] }],
    ]);
    client.close();
    vi.useRealTimers();
  });

  it('survives a socket that cannot even be created, and stops after close', () => {
    vi.useFakeTimers();
    let attempts = 0;
    const client = connectRealtime({
      url: 'ws://bad',
      random: () => 1,
      queryClient: { invalidateQueries: vi.fn() },
      createSocket: () => {
        attempts += 1;
        throw new Error('boom');
      },
    });
    vi.advanceTimersByTime(1000);
    expect(attempts).toBe(2);
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(attempts).toBe(2);
    vi.useRealTimers();
  });
  it('subscribes to the user pushes with a fresh ticket on every open, and refetches once subscribed', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const invalidateQueries = vi.fn(() => Promise.resolve());
    const tickets = ['a'.repeat(43), 'b'.repeat(43)];
    const client = connectRealtime({
      url: 'ws://localhost/ws',
      queryClient: { invalidateQueries },
      createSocket: (url) => new FakeSocket(url),
      subscribe: { ticket: async () => tickets.shift() ?? null, refetchOnSubscribe: ['notifications'] },
    });
    const socket = () => FakeSocket.instances.at(-1) as FakeSocket;
    socket().open();
    await vi.waitFor(() => expect(socket().sent).toHaveLength(1));
    expect(JSON.parse(socket().sent[0] ?? '')).toEqual({ action: 'subscribe', ticket: 'a'.repeat(43) });
    expect(invalidateQueries).not.toHaveBeenCalled();
    socket().receive({ type: 'subscribed' });
    expect(invalidateQueries.mock.calls).toEqual([[{ queryKey: ['notifications'] }]]);
    socket().receive({ type: 'invalidate', topic: 'notifications', keys: ['notifications'] });
    expect(invalidateQueries).toHaveBeenCalledTimes(2);

    socket().drop();
    vi.advanceTimersByTime(1000);
    socket().open();
    await vi.waitFor(() => expect(socket().sent).toHaveLength(1));
    expect(JSON.parse(socket().sent[0] ?? '')).toEqual({ action: 'subscribe', ticket: 'b'.repeat(43) });
    client.close();
    vi.useRealTimers();
  });

  it('stays anonymous without a ticket, and sends no ticket to a socket closed meanwhile', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    let answer: (ticket: string | null) => void = () => undefined;
    const client = connectRealtime({
      url: 'ws://localhost/ws',
      queryClient: { invalidateQueries: vi.fn(() => Promise.resolve()) },
      createSocket: (url) => new FakeSocket(url),
      subscribe: { ticket: () => new Promise((resolve) => (answer = resolve)), refetchOnSubscribe: [] },
    });
    const first = FakeSocket.instances[0] as FakeSocket;
    first.open();
    first.drop();
    answer('c'.repeat(43));
    await Promise.resolve();
    expect(first.sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.instances[1] as FakeSocket;
    second.open();
    answer(null);
    await Promise.resolve();
    expect(second.sent).toEqual([]);
    client.close();
    vi.useRealTimers();
  });
});

describe('realtime client: one socket per tab across identities', () => {
  it('subscribes the open socket on sign-in and on impersonation, and replaces it only on sign-out', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const invalidateQueries = vi.fn(() => Promise.resolve());
    const client = connectRealtime({
      url: 'ws://localhost/ws',
      queryClient: { invalidateQueries },
      createSocket: (url) => new FakeSocket(url),
    });
    const first = FakeSocket.instances[0] as FakeSocket;
    first.open();
    expect(first.sent).toEqual([]);

    // Sign-in: the same socket subscribes with the user's ticket.
    client.setSubscription({ ticket: async () => 'u'.repeat(43), refetchOnSubscribe: ['notifications'] });
    await vi.waitFor(() => expect(first.sent).toHaveLength(1));
    expect(JSON.parse(first.sent[0] ?? '')).toEqual({ action: 'subscribe', ticket: 'u'.repeat(43) });
    first.receive({ type: 'subscribed' });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['notifications'] });

    // Impersonation: the same socket again, with the target's ticket.
    client.setSubscription({ ticket: async () => 't'.repeat(43), refetchOnSubscribe: [] });
    await vi.waitFor(() => expect(first.sent).toHaveLength(2));
    expect(JSON.parse(first.sent[1] ?? '')).toEqual({ action: 'subscribe', ticket: 't'.repeat(43) });
    expect(FakeSocket.instances).toHaveLength(1);

    // Sign-out: nothing unbinds a subscribed connection, so a fresh anonymous one replaces it.
    client.setSubscription(undefined);
    expect(first.readyState).toBe(3);
    expect(FakeSocket.instances).toHaveLength(2);
    const second = FakeSocket.instances[1] as FakeSocket;
    second.open();
    await Promise.resolve();
    expect(second.sent).toEqual([]);
    client.close();
    vi.useRealTimers();
  });

  it('a socket still connecting subscribes as whoever is known when it opens', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const client = connectRealtime({
      url: 'ws://localhost/ws',
      queryClient: { invalidateQueries: vi.fn(() => Promise.resolve()) },
      createSocket: (url) => new FakeSocket(url),
      subscribe: { ticket: async () => 'a'.repeat(43), refetchOnSubscribe: [] },
    });
    client.setSubscription({ ticket: async () => 'b'.repeat(43), refetchOnSubscribe: [] });
    const only = FakeSocket.instances[0] as FakeSocket;
    only.open();
    await vi.waitFor(() => expect(only.sent).toHaveLength(1));
    expect(JSON.parse(only.sent[0] ?? '')).toEqual({ action: 'subscribe', ticket: 'b'.repeat(43) });
    expect(FakeSocket.instances).toHaveLength(1);
    client.close();
    vi.useRealTimers();
  });
});

const MESSAGE = {
  id: '01JMSG0000000000000000000A',
  conversationId: 'c-1',
  seq: 3,
  senderUserId: 'u-2',
  senderName: 'Kicks Madrid',
  content: 'Still available?',
  clientMessageId: 'client-id-0001',
  createdAt: '2026-02-01T10:00:00.000Z',
};

describe('realtime client: messages and long-lived connections', () => {
  it('hands `message` frames to the listeners until they unsubscribe, and survives error frames', () => {
    const { client, invalidateQueries, socket } = setup();
    const heard: unknown[] = [];
    const stop = onRealtimeMessage((message) => heard.push(message));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    socket().open();
    invalidateQueries.mockClear();
    socket().receive({ type: 'message', message: MESSAGE });
    socket().receive({ type: 'message', message: { ...MESSAGE, seq: 'four' } });
    socket().receive({ type: 'error', code: 'INVALID_FRAME', message: 'Unknown action' });
    expect(heard).toEqual([MESSAGE]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(invalidateQueries).not.toHaveBeenCalled();
    expect(socket().readyState).toBe(1);
    stop();
    socket().receive({ type: 'message', message: MESSAGE });
    expect(heard).toHaveLength(1);
    warn.mockRestore();
    client.close();
    vi.useRealTimers();
  });

  it('opens a new socket before the 2-hour limit and closes the old one only once the new one is subscribed', async () => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    const invalidateQueries = vi.fn(() => Promise.resolve());
    let tickets = 0;
    const client = connectRealtime({
      url: 'ws://localhost/ws',
      queryClient: { invalidateQueries },
      createSocket: (url) => new FakeSocket(url),
      subscribe: {
        ticket: async () => String((tickets += 1)).repeat(43),
        refetchOnSubscribe: ['conversations'],
      },
    });
    const [first] = FakeSocket.instances as [FakeSocket];
    first.open();
    await vi.waitFor(() => expect(first.sent).toHaveLength(1));
    first.receive({ type: 'subscribed' });
    const heard: number[] = [];
    const stop = onRealtimeMessage((message) => heard.push(message.seq));

    vi.advanceTimersByTime(REALTIME_ROTATE_AFTER_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    const second = FakeSocket.instances[1] as FakeSocket;
    second.open();
    await vi.waitFor(() => expect(second.sent).toHaveLength(1));
    expect(JSON.parse(second.sent[0] ?? '')).toEqual({ action: 'subscribe', ticket: '2'.repeat(43) });
    // Until the new one is subscribed, the old one still carries the user's pushes.
    expect(first.readyState).toBe(1);
    first.receive({ type: 'message', message: { ...MESSAGE, seq: 4 } });
    invalidateQueries.mockClear();
    second.receive({ type: 'subscribed' });
    expect(first.readyState).toBe(3);
    expect(invalidateQueries.mock.calls).toEqual([[{ queryKey: ['conversations'] }]]);
    second.receive({ type: 'message', message: { ...MESSAGE, seq: 5 } });
    expect(heard).toEqual([4, 5]);

    // The retired socket's close does not reconnect; the new one pings and rotates in turn.
    first.drop();
    vi.advanceTimersByTime(REALTIME_PING_INTERVAL_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(second.sent.at(-1)).toBe(JSON.stringify({ action: 'ping' }));
    vi.advanceTimersByTime(REALTIME_ROTATE_AFTER_MS - REALTIME_PING_INTERVAL_MS);
    expect(FakeSocket.instances).toHaveLength(3);
    stop();
    client.close();
    expect(second.readyState).toBe(3);
    // Still connecting: it is closed as soon as it opens, never before.
    const connecting = FakeSocket.instances[2] as FakeSocket;
    expect(connecting.readyState).toBe(0);
    connecting.open();
    expect(connecting.readyState).toBe(3);
    vi.useRealTimers();
  });

  it('keeps the old socket when the rotation fails, and reconnects normally once the old one closes', () => {
    const { client, socket } = setup();
    const first = socket();
    first.open();
    vi.advanceTimersByTime(REALTIME_ROTATE_AFTER_MS);
    const second = socket();
    expect(second).not.toBe(first);
    second.drop();
    expect(first.readyState).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
    first.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(3);
    client.close();
    vi.useRealTimers();
  });

  it('without a subscription the new socket takes over as soon as it opens', () => {
    const { client, socket } = setup();
    const first = socket();
    first.open();
    vi.advanceTimersByTime(REALTIME_ROTATE_AFTER_MS);
    const second = socket();
    second.open();
    expect(first.readyState).toBe(3);
    const pingsBefore = first.sent.length;
    vi.advanceTimersByTime(REALTIME_PING_INTERVAL_MS);
    expect(second.sent).toEqual([JSON.stringify({ action: 'ping' })]);
    expect(first.sent).toHaveLength(pingsBefore);
    client.close();
    vi.useRealTimers();
  });
});
