import { serverFrameSchema, type ClientFrame } from '@sneakers/shared';

export const REALTIME_MIN_BACKOFF_MS = 1_000;
export const REALTIME_MAX_BACKOFF_MS = 30_000;
export const REALTIME_PING_INTERVAL_MS = 5 * 60_000;

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

/**
 * What the client does with an `invalidate` frame: mark the queries under a key stale.
 * TanStack's QueryClient fits as it is; the landing page passes its own (no TanStack there).
 */
export interface QueryInvalidator {
  invalidateQueries(filters: { queryKey: readonly [string] }): Promise<unknown>;
}

export interface RealtimeOptions {
  url: string;
  queryClient: QueryInvalidator;
  /** First elements of the query keys refetched whenever the socket opens (changes may have been missed). */
  refetchOnReconnect?: readonly string[];
  /**
   * For a signed-in user: on every open the socket subscribes to the user's own pushes with
   * a one-time ticket (null: stay anonymous), and refetches `refetchOnSubscribe` once the
   * server confirms (pushes may have been missed while unsubscribed).
   */
  subscribe?: {
    ticket: () => Promise<string | null>;
    refetchOnSubscribe: readonly string[];
  };
  createSocket?: (url: string) => SocketLike;
  /** Injected in tests. */
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
    setInterval: (fn: () => void, ms: number) => unknown;
    clearInterval: (id: unknown) => void;
  };
}

export interface RealtimeClient {
  close(): void;
}

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(REALTIME_MAX_BACKOFF_MS, REALTIME_MIN_BACKOFF_MS * 2 ** attempt);
}

/**
 * Listens to the WebSocket API and turns `invalidate` frames into query invalidations, so
 * screens refetch when data changes elsewhere. A failing socket never breaks the app: it
 * retries with backoff and the app keeps working on plain HTTP.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeClient {
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
    clearTimeout: (id: unknown) => window.clearTimeout(id as number),
    setInterval: (fn: () => void, ms: number) => window.setInterval(fn, ms),
    clearInterval: (id: unknown) => window.clearInterval(id as number),
  };
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: SocketLike | undefined;
  let attempt = 0;
  let closed = false;
  let reconnectTimer: unknown;
  let pingTimer: unknown;

  const invalidate = (key: string) => {
    void options.queryClient.invalidateQueries({ queryKey: [key] });
  };

  const send = (frame: ClientFrame) => {
    try {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
    } catch {
      // The close handler reconnects.
    }
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = backoffDelay(attempt);
    attempt += 1;
    reconnectTimer = timers.setTimeout(connect, delay);
  };

  function connect() {
    if (closed || !options.url) return;
    let current: SocketLike;
    try {
      current = createSocket(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      attempt = 0;
      // Also on the first open: a change pushed before the socket existed would be lost.
      for (const key of options.refetchOnReconnect ?? []) invalidate(key);
      timers.clearInterval(pingTimer);
      pingTimer = timers.setInterval(() => send({ action: 'ping' }), REALTIME_PING_INTERVAL_MS);
      if (options.subscribe) {
        // The ticket answers later; send it only if this socket is still the open one.
        options.subscribe.ticket().then(
          (ticket) => {
            if (ticket && socket === current) send({ action: 'subscribe', ticket });
          },
          () => {
            // No ticket, no personal pushes: the screens still refetch on their own.
          },
        );
      }
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const frame = serverFrameSchema.safeParse(json);
      if (!frame.success) return;
      if (frame.data.type === 'invalidate') for (const key of frame.data.keys) invalidate(key);
      if (frame.data.type === 'subscribed')
        for (const key of options.subscribe?.refetchOnSubscribe ?? []) invalidate(key);
    };
    current.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    current.onclose = () => {
      timers.clearInterval(pingTimer);
      if (socket === current) socket = undefined;
      scheduleReconnect();
    };
  }

  connect();

  return {
    close() {
      closed = true;
      timers.clearTimeout(reconnectTimer);
      timers.clearInterval(pingTimer);
      const current = socket;
      socket = undefined;
      if (current) {
        current.onclose = null;
        current.onmessage = null;
        try {
          current.close();
        } catch {
          // Already closed.
        }
      }
    },
  };
}
