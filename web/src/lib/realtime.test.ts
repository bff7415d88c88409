import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectRealtime, REALTIME_PING_INTERVAL_MS } from './realtime';

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
  });
  const socket = () => FakeSocket.instances.at(-1) as FakeSocket;
  return { client, invalidateQueries, socket };
}

describe('realtime client', () => {
  it('backs off from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
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
