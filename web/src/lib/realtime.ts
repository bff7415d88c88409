import { serverFrameSchema, type ClientFrame, type Message, type RealtimeQueryKey } from '@sneakers/shared';

export const REALTIME_MIN_BACKOFF_MS = 1_000;
export const REALTIME_MAX_BACKOFF_MS = 30_000;
/** API Gateway drops a connection idle for 10 minutes: a ping every 5 keeps it. */
export const REALTIME_PING_INTERVAL_MS = 5 * 60_000;
/**
 * API Gateway closes every connection after 2 hours: well before that a new socket opens,
 * subscribes, and only then the old one closes, so no push falls in between.
 */
export const REALTIME_ROTATE_AFTER_MS = 110 * 60_000;

type MessageListener = (message: Message) => void;
const messageListeners = new Set<MessageListener>();

/**
 * Hears every `message` frame of the signed-in user's socket (a message in one of their
 * conversations). The messaging screens append it to an open thread; returns the unsubscribe.
 */
export function onRealtimeMessage(listener: MessageListener): () => void {
  messageListeners.add(listener);
  return () => {
    messageListeners.delete(listener);
  };
}

function emitMessage(message: Message) {
  for (const listener of [...messageListeners]) {
    try {
      listener(message);
    } catch (error) {
      // One screen's bug must not stop the others from hearing the message.
      console.error('Realtime message listener failed', error);
    }
  }
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

/**
 * What the client does with an `invalidate` frame: mark the queries under a key stale.
 * TanStack's QueryClient fits as it is; the landing page passes its own (no TanStack there).
 * The keys are the closed set the server's frames name (REALTIME_QUERY_KEYS).
 */
export interface QueryInvalidator {
  invalidateQueries(filters: { queryKey: readonly [RealtimeQueryKey] }): Promise<unknown>;
}

export interface RealtimeOptions {
  url: string;
  queryClient: QueryInvalidator;
  /** First elements of the query keys refetched whenever the socket opens (changes may have been missed). */
  refetchOnReconnect?: readonly RealtimeQueryKey[];
  /**
   * For a signed-in user: on every open the socket subscribes to the user's own pushes with
   * a one-time ticket (null: stay anonymous), and refetches `refetchOnSubscribe` once the
   * server confirms (pushes may have been missed while unsubscribed).
   */
  subscribe?: {
    ticket: () => Promise<string | null>;
    refetchOnSubscribe: readonly RealtimeQueryKey[];
  };
  createSocket?: (url: string) => SocketLike;
  /** The backoff's jitter source (Math.random); injected in tests. */
  random?: () => number;
  /** Injected in tests. */
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
    setInterval: (fn: () => void, ms: number) => unknown;
    clearInterval: (id: unknown) => void;
  };
}

export type RealtimeSubscription = NonNullable<RealtimeOptions['subscribe']>;

export interface RealtimeClient {
  close(): void;
  /**
   * Another identity (sign-in, impersonation, sign-out): the tab keeps its one socket. A user
   * re-subscribes on it with their own ticket (the server moves the connection to them);
   * only leaving a user for no one reconnects, as nothing unbinds a subscribed connection.
   */
  setSubscription(subscription: RealtimeSubscription | undefined): void;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): at most 1 s, 2 s, 4 s ... capped at
 * 30 s, and at least half of that (`random` in [0, 1)): after a restart of the server every
 * tab does not knock again at the same instant.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(REALTIME_MAX_BACKOFF_MS, REALTIME_MIN_BACKOFF_MS * 2 ** attempt);
  return Math.round(cap / 2 + (cap / 2) * random());
}

/**
 * Listens to the WebSocket API and turns `invalidate` frames into query invalidations, so
 * screens refetch when data changes elsewhere, and `message` frames into `onRealtimeMessage`
 * calls. A failing socket never breaks the app: it
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
  /** The socket that pings and whose closing reconnects. */
  let socket: SocketLike | undefined;
  /** During a rotation: the new socket, until it is ready to take over from `socket`. */
  let successor: SocketLike | undefined;
  let attempt = 0;
  let closed = false;
  /** Whose pushes the sockets subscribe to (undefined: anonymous); setSubscription changes it. */
  let subscription = options.subscribe;
  /** Whether `socket` was bound to a user: going anonymous then needs a new socket. */
  let boundToUser = false;
  let reconnectTimer: unknown;
  let pingTimer: unknown;
  let rotateTimer: unknown;

  const invalidate = (key: RealtimeQueryKey) => {
    void options.queryClient.invalidateQueries({ queryKey: [key] });
  };

  const sendTo = (target: SocketLike | undefined, frame: ClientFrame) => {
    try {
      if (target && target.readyState === 1) target.send(JSON.stringify(frame));
    } catch {
      // The close handler reconnects.
    }
  };

  const retire = (old: SocketLike) => {
    old.onclose = null;
    old.onmessage = null;
    old.onerror = null;
    if (old.readyState === 0) {
      // Closing a socket still connecting logs "closed before the connection is established"
      // in the console: let it open, then close it.
      old.onopen = () => old.close();
      return;
    }
    old.onopen = null;
    try {
      old.close();
    } catch {
      // Already closed.
    }
  };

  /**
   * Sends a subscribe frame with a fresh ticket of the current subscription on `target`, if
   * it is still one of ours and the subscription has not changed when the ticket arrives.
   */
  const subscribeOn = (target: SocketLike, isLive: () => boolean, done: () => void) => {
    const wanted = subscription;
    if (!wanted) {
      done();
      return;
    }
    wanted.ticket().then(
      (ticket) => {
        if (!isLive() || subscription !== wanted) return;
        if (ticket) {
          if (target === socket) boundToUser = true;
          sendTo(target, { action: 'subscribe', ticket });
        } else done();
      },
      () => {
        // No ticket, no personal pushes: the screens still refetch on their own.
        if (isLive()) done();
      },
    );
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = backoffDelay(attempt, options.random);
    attempt += 1;
    reconnectTimer = timers.setTimeout(() => connect(), delay);
  };

  const startPing = () => {
    timers.clearInterval(pingTimer);
    pingTimer = timers.setInterval(() => sendTo(socket, { action: 'ping' }), REALTIME_PING_INTERVAL_MS);
  };

  const scheduleRotation = () => {
    timers.clearTimeout(rotateTimer);
    rotateTimer = timers.setTimeout(() => {
      if (closed || !socket || successor) return;
      connect(true);
    }, REALTIME_ROTATE_AFTER_MS);
  };

  function connect(rotation = false) {
    if (closed || !options.url) return;
    let current: SocketLike;
    try {
      current = createSocket(options.url);
    } catch {
      // A failed rotation leaves the old socket in charge; it reconnects when it closes.
      if (!rotation) scheduleReconnect();
      return;
    }
    if (rotation) successor = current;
    else socket = current;
    let ready = false;
    const live = () => !closed && (socket === current || successor === current);
    /** Open (and subscribed, for a user): a rotation's new socket replaces the old one now. */
    const takeOver = () => {
      if (ready || !live()) return;
      ready = true;
      if (successor === current) {
        const old = socket;
        successor = undefined;
        socket = current;
        boundToUser = subscription !== undefined;
        if (old) retire(old);
        startPing();
      }
      scheduleRotation();
    };

    current.onopen = () => {
      attempt = 0;
      // Also on the first open: a change pushed before the socket existed would be lost.
      for (const key of options.refetchOnReconnect ?? []) invalidate(key);
      if (!rotation) {
        startPing();
        scheduleRotation();
      }
      subscribeOn(current, live, takeOver);
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
      switch (frame.data.type) {
        case 'invalidate':
          for (const key of frame.data.keys) invalidate(key);
          break;
        case 'subscribed':
          takeOver();
          for (const key of subscription?.refetchOnSubscribe ?? []) invalidate(key);
          break;
        case 'message':
          emitMessage(frame.data.message);
          break;
        case 'error':
          // The server refused one of our frames (a stale ticket, say); the socket stays open
          // and the next open subscribes with a fresh ticket.
          console.warn(`Realtime: ${frame.data.code} ${frame.data.message}`);
          break;
        default:
          break;
      }
    };
    current.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    current.onclose = () => {
      if (successor === current) {
        // The rotation failed: the old socket stays in charge until it closes.
        successor = undefined;
        return;
      }
      if (socket !== current) return;
      socket = undefined;
      boundToUser = false;
      timers.clearInterval(pingTimer);
      timers.clearTimeout(rotateTimer);
      const next = successor;
      if (next && next.readyState === 1) {
        // The old one went first: the open new one takes over at once.
        successor = undefined;
        socket = next;
        boundToUser = subscription !== undefined;
        startPing();
        scheduleRotation();
        return;
      }
      if (next) {
        successor = undefined;
        retire(next);
      }
      scheduleReconnect();
    };
  }

  connect();

  return {
    close() {
      closed = true;
      timers.clearTimeout(reconnectTimer);
      timers.clearTimeout(rotateTimer);
      timers.clearInterval(pingTimer);
      for (const current of [socket, successor]) if (current) retire(current);
      socket = undefined;
      successor = undefined;
    },
    setSubscription(next) {
      if (closed || next === subscription) return;
      subscription = next;
      const current = socket;
      // Still connecting (or between attempts): the next open subscribes as `next`.
      if (!current || current.readyState !== 1) return;
      if (next) {
        subscribeOn(
          current,
          () => !closed && socket === current,
          () => undefined,
        );
        return;
      }
      if (!boundToUser) return;
      // The socket hears the previous user's pushes: a fresh anonymous one replaces it.
      timers.clearInterval(pingTimer);
      timers.clearTimeout(rotateTimer);
      if (successor) retire(successor);
      successor = undefined;
      socket = undefined;
      boundToUser = false;
      retire(current);
      attempt = 0;
      connect();
    },
  };
}
