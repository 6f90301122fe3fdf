import {
  SOCKET_CLOSE_UNAUTHORIZED,
  SOCKET_PATH,
  socketReadyDataSchema,
  socketServerMessageSchema,
  type SocketClientMessage,
  type SocketServerMessage,
} from '@reelcraft/contract';
import type { Session, SessionStore } from '../session';

// The one /ws connection of a signed-in session (spec 000 section 4; docs/decisions/004 and 012).
// It follows the session store: connects when someone signs in, reconnects with backoff when the
// connection drops, moves to the new token when the session changes, and stops on logout and when the
// server refuses the token (close 4401). Screens subscribe to event types; they never see the socket.
// The token goes in the first message (`{"type":"auth","token"}`), which decision 004 allows beside
// `?token=`: a URL ends up in access logs, proxies and the browser's history of the page's requests.

/**
 * `idle` no session (or stopped); `connecting` the first attempt for this token; `open` the server
 * sent `ready`; `reconnecting` waiting to try again after a drop; `refused` the server closed with
 * 4401: no retry until the session's token changes.
 */
export type RealtimeState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'refused';

/** What a listener of `ready` learns: whose socket it is, and whether events may have been missed. */
export interface RealtimeReady {
  userId: string;
  /**
   * True when this user's socket was open before and dropped: events of the gap are lost (they are
   * fire-and-forget), so whoever mirrors server state reloads it from the API.
   */
  resumed: boolean;
}

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface RealtimeTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RealtimeClientOptions {
  session: Pick<SessionStore, 'getSession' | 'subscribe' | 'onLogout'>;
  /** Opens a socket to `url`; the browser's WebSocket by default. */
  createSocket?: (url: string) => SocketLike;
  /** The socket URL; `ws(s)://<this host>/ws` by default. */
  socketUrl?: () => string;
  timers?: RealtimeTimers;
  /** In [0, 1): spreads reconnects of many tabs after a server restart. */
  random?: () => number;
  /** First reconnect delay, doubled per failed attempt up to `maxReconnectDelayMs`. */
  initialReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** How often an open socket sends `ping`, and how long it waits for any answer before reconnecting. */
  heartbeatIntervalMs?: number;
  heartbeatTimeoutMs?: number;
  /** How long a new socket may take to be confirmed (`ready`) before it counts as failed. */
  connectTimeoutMs?: number;
  /** Where `online` and `visibilitychange` are heard, to retry at once; absent outside a browser. */
  window?: Window;
}

export interface RealtimeClient {
  /** Follows the session from now on; returns the function that disconnects and stops following. */
  start(): () => void;
  getState(): RealtimeState;
  /** Runs `listener` on every state change. Returns the unsubscribe function. */
  subscribeState(listener: () => void): () => void;
  /** Runs `listener` for each server message of the given type(s). Returns the unsubscribe function. */
  subscribe(types: string | readonly string[], listener: (message: SocketServerMessage) => void): () => void;
  /** Runs `listener` each time the server confirms a socket (`ready`). Returns the unsubscribe function. */
  onReady(listener: (ready: RealtimeReady) => void): () => void;
}

const OPEN = 1;
const CLOSE_NORMAL = 1000;
/** Ours (4000-4999 is the application range): the client gave up on a silent socket. */
const CLOSE_HEARTBEAT_TIMEOUT = 4000;

export const REALTIME_DEFAULTS = {
  initialReconnectDelayMs: 1_000,
  maxReconnectDelayMs: 30_000,
  heartbeatIntervalMs: 25_000,
  heartbeatTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
} as const;

/** `ws(s)://<host>/ws` for the page's own origin (the server and the app share one). */
export function defaultSocketUrl(location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${SOCKET_PATH}`;
}

/**
 * The delay before reconnect attempt `attempt` (0-based): exponential from `initialMs`, capped at
 * `maxMs`, then spread over its upper half so tabs that lost the server together do not return together.
 */
export function reconnectDelay(attempt: number, random: number, initialMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

function tokenOf(session: Session): { token: string; userId: string } | null {
  return session.status === 'signed-in' ? { token: session.token, userId: session.user.id } : null;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
  const socketUrl = options.socketUrl ?? (() => defaultSocketUrl());
  const timers: RealtimeTimers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const random = options.random ?? Math.random;
  const initialDelay = options.initialReconnectDelayMs ?? REALTIME_DEFAULTS.initialReconnectDelayMs;
  const maxDelay = options.maxReconnectDelayMs ?? REALTIME_DEFAULTS.maxReconnectDelayMs;
  const heartbeatInterval = options.heartbeatIntervalMs ?? REALTIME_DEFAULTS.heartbeatIntervalMs;
  const heartbeatTimeout = options.heartbeatTimeoutMs ?? REALTIME_DEFAULTS.heartbeatTimeoutMs;
  const connectTimeout = options.connectTimeoutMs ?? REALTIME_DEFAULTS.connectTimeoutMs;
  const target = options.window ?? (typeof window === 'undefined' ? undefined : window);

  const stateListeners = new Set<() => void>();
  const readyListeners = new Set<(ready: RealtimeReady) => void>();
  const listenersByType = new Map<string, Set<(message: SocketServerMessage) => void>>();

  let state: RealtimeState = 'idle';
  let running = false;
  /** The token the current socket (or the pending reconnect) belongs to. */
  let token: string | null = null;
  let socket: SocketLike | null = null;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let heartbeatTimer: unknown = null;
  let silenceTimer: unknown = null;
  /** The user whose socket was confirmed last: a later `ready` for them is a resumption. */
  let confirmedUserId: string | null = null;

  function setState(next: RealtimeState): void {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener();
  }

  function clearTimer(handle: unknown): null {
    if (handle !== null) timers.clearTimeout(handle);
    return null;
  }

  function stopHeartbeat(): void {
    heartbeatTimer = clearTimer(heartbeatTimer);
    silenceTimer = clearTimer(silenceTimer);
  }

  function scheduleHeartbeat(): void {
    heartbeatTimer = clearTimer(heartbeatTimer);
    heartbeatTimer = timers.setTimeout(() => {
      heartbeatTimer = null;
      const current = socket;
      if (!current || current.readyState !== OPEN) return;
      const ping: SocketClientMessage = { type: 'ping' };
      current.send(JSON.stringify(ping));
      // Any message (the pong, an event) proves the connection alive; silence means it is gone
      // without a close (a sleeping laptop, a dropped Wi-Fi), which the browser may take minutes to see.
      silenceTimer = timers.setTimeout(() => {
        silenceTimer = null;
        if (socket === current) current.close(CLOSE_HEARTBEAT_TIMEOUT, 'No answer to ping');
        dropped(current, CLOSE_HEARTBEAT_TIMEOUT);
      }, heartbeatTimeout);
    }, heartbeatInterval);
  }

  /** Closes the socket (if any) without reacting to its close event. */
  function closeSocket(code = CLOSE_NORMAL, reason = 'Client disconnect'): void {
    const current = socket;
    socket = null;
    stopHeartbeat();
    if (!current) return;
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.onerror = null;
    try {
      current.close(code, reason);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  function disconnect(next: RealtimeState = 'idle'): void {
    reconnectTimer = clearTimer(reconnectTimer);
    closeSocket();
    token = null;
    attempt = 0;
    setState(next);
  }

  function dispatch(message: SocketServerMessage): void {
    for (const listener of [...(listenersByType.get(message.type) ?? [])]) {
      try {
        listener(message);
      } catch (error) {
        console.error(`A listener of the "${message.type}" socket event failed`, error);
      }
    }
  }

  function handleMessage(current: SocketLike, raw: unknown): void {
    if (socket !== current) return;
    // Once confirmed, any message proves the connection alive; before that only `ready` counts.
    if (state === 'open') silenceTimer = clearTimer(silenceTimer);
    let json: unknown;
    try {
      json = JSON.parse(String(raw));
    } catch {
      return;
    }
    const parsed = socketServerMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'ready') {
      const ready = socketReadyDataSchema.safeParse(message.data);
      if (!ready.success) return;
      silenceTimer = clearTimer(silenceTimer);
      const resumed = confirmedUserId === ready.data.user_id;
      confirmedUserId = ready.data.user_id;
      attempt = 0;
      setState('open');
      scheduleHeartbeat();
      for (const listener of [...readyListeners]) listener({ userId: ready.data.user_id, resumed });
      return;
    }
    if (state === 'open') scheduleHeartbeat();
    if (message.type === 'pong') return;
    dispatch(message);
  }

  /** The socket closed (or went silent): give up on a refused token, else try again later. */
  function dropped(current: SocketLike, code: number): void {
    if (socket !== current) return;
    socket = null;
    stopHeartbeat();
    if (!running || token === null) {
      setState('idle');
      return;
    }
    if (code === SOCKET_CLOSE_UNAUTHORIZED) {
      // The server refused this token: retrying cannot help until the session has another one.
      setState('refused');
      return;
    }
    setState('reconnecting');
    const delay = reconnectDelay(attempt, random(), initialDelay, maxDelay);
    attempt += 1;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      open();
    }, delay);
  }

  function open(): void {
    if (!running || token === null) return;
    reconnectTimer = clearTimer(reconnectTimer);
    closeSocket();
    if (state !== 'reconnecting') setState('connecting');
    let current: SocketLike;
    const authToken = token;
    try {
      current = createSocket(socketUrl());
    } catch {
      // A malformed URL or a blocked scheme: treat it as a failed attempt.
      const placeholder = { readyState: 3 } as SocketLike;
      socket = placeholder;
      dropped(placeholder, 1006);
      return;
    }
    socket = current;
    current.onopen = () => {
      const auth: SocketClientMessage = { type: 'auth', token: authToken };
      if (socket === current) current.send(JSON.stringify(auth));
    };
    current.onmessage = (event) => handleMessage(current, event.data);
    current.onclose = (event) => dropped(current, event.code);
    // A connection that never gets confirmed (a proxy that accepts and then stalls) is tried again.
    silenceTimer = timers.setTimeout(() => {
      silenceTimer = null;
      if (socket !== current) return;
      current.close(CLOSE_HEARTBEAT_TIMEOUT, 'Not confirmed in time');
      dropped(current, CLOSE_HEARTBEAT_TIMEOUT);
    }, connectTimeout);
    // An error is always followed by a close, which decides what happens next.
    current.onerror = () => undefined;
  }

  /** Brings the connection in line with the session: connect, switch token, or disconnect. */
  function follow(): void {
    if (!running) return;
    const wanted = tokenOf(options.session.getSession());
    if (!wanted) {
      if (token !== null || state !== 'idle') disconnect();
      confirmedUserId = null;
      return;
    }
    if (wanted.token === token) return;
    // A new sign-in (or another account): a fresh start, not a resumption.
    if (confirmedUserId !== wanted.userId) confirmedUserId = null;
    disconnect();
    token = wanted.token;
    open();
  }

  function retryNow(): void {
    if (state === 'reconnecting' && (!target || target.document.visibilityState !== 'hidden')) {
      attempt = 0;
      open();
    }
  }

  function onVisibilityChange(): void {
    if (target?.document.visibilityState === 'visible') retryNow();
  }

  return {
    start() {
      running = true;
      const unsubscribeSession = options.session.subscribe(follow);
      // Logout is also a session change; listening to it too keeps the promise of spec 000 section 4
      // even if a listener of the store runs first and throws.
      const unsubscribeLogout = options.session.onLogout(() => {
        confirmedUserId = null;
        disconnect();
      });
      target?.addEventListener('online', retryNow);
      target?.document.addEventListener('visibilitychange', onVisibilityChange);
      follow();
      return () => {
        running = false;
        unsubscribeSession();
        unsubscribeLogout();
        target?.removeEventListener('online', retryNow);
        target?.document.removeEventListener('visibilitychange', onVisibilityChange);
        disconnect();
      };
    },
    getState: () => state,
    subscribeState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    subscribe(types, listener) {
      const list = typeof types === 'string' ? [types] : types;
      for (const type of list) {
        let set = listenersByType.get(type);
        if (!set) {
          set = new Set();
          listenersByType.set(type, set);
        }
        set.add(listener);
      }
      return () => {
        for (const type of list) listenersByType.get(type)?.delete(listener);
      };
    },
    onReady(listener) {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
  };
}
