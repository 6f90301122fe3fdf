import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SESSION_REVOKED_EVENT,
  SOCKET_CLOSE_AUTH_TIMEOUT,
  SOCKET_CLOSE_UNAUTHORIZED,
  SOCKET_PATH,
  socketClientMessageSchema,
} from '@reelcraft/contract';
import type { EventBus, UserEvent } from './event-bus';

/**
 * Resolves a bearer token to its user and when it expires (ms since the epoch), or null when the
 * token must be refused (unknown, expired, issued before a password reset, account deleted).
 */
export type SocketAuthenticator = (token: string) => Promise<{ userId: string; expiresAt?: number } | null>;

/** setTimeout's longest delay; a token living longer is checked again at each heartbeat anyway. */
const MAX_TIMER_MS = 2_147_483_647;

export interface WsGatewayOptions {
  bus: EventBus;
  authenticate: SocketAuthenticator;
  /** How long a socket may stay unauthenticated before it is closed. */
  authTimeoutMs?: number;
  heartbeatIntervalMs?: number;
}

function send(socket: WebSocket, message: UserEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * The `/ws` endpoint: a socket authenticates with the user's bearer token (query `token`, or a first
 * message `{"type":"auth","token":...}`) and then receives that user's events from every process.
 * A socket lives no longer than its token: it is closed when the token expires, when any instance
 * announces that the user's sessions ended (SESSION_REVOKED_EVENT), and at the first heartbeat after
 * the token stopped holding for any other reason (an account deleted by other means).
 */
export async function wsGateway(app: FastifyInstance, options: WsGatewayOptions): Promise<void> {
  const socketsByUser = new Map<string, Set<WebSocket>>();
  /** The token each authenticated socket was opened with, to check it again. */
  const tokens = new WeakMap<WebSocket, string>();

  const endSession = (socket: WebSocket) => socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Session ended');
  /** Closes the socket unless its token still holds for the same user. */
  const recheck = async (socket: WebSocket, userId: string): Promise<void> => {
    const token = tokens.get(socket);
    const identity = token ? await options.authenticate(token).catch(() => null) : null;
    if (identity?.userId !== userId) endSession(socket);
  };
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 30_000;

  const unsubscribe = options.bus.subscribe((userId, event) => {
    for (const socket of socketsByUser.get(userId) ?? []) {
      if (event.type === SESSION_REVOKED_EVENT) void recheck(socket, userId);
      else send(socket, event);
    }
  });

  // Sockets whose peer vanished without closing are found by ping/pong and dropped.
  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const [userId, sockets] of socketsByUser) {
      for (const socket of sockets) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
        void recheck(socket, userId);
      }
    }
  }, heartbeatIntervalMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
  });

  app.get<{ Querystring: { token?: string } }>(
    SOCKET_PATH,
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      let userId: string | undefined;
      let authenticating = false;
      let expiry: ReturnType<typeof setTimeout> | undefined;

      const timer = setTimeout(() => {
        if (!userId) socket.close(SOCKET_CLOSE_AUTH_TIMEOUT, 'Authentication timed out');
      }, authTimeoutMs);

      const authenticate = async (token: string): Promise<void> => {
        authenticating = true;
        const identity = await options.authenticate(token).catch(() => null);
        clearTimeout(timer);
        if (!identity) {
          socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Unauthorized');
          return;
        }
        userId = identity.userId;
        tokens.set(socket, token);
        if (identity.expiresAt !== undefined) {
          const left = identity.expiresAt - Date.now();
          if (left <= 0) return endSession(socket);
          if (left < MAX_TIMER_MS) expiry = setTimeout(() => endSession(socket), left);
        }
        let sockets = socketsByUser.get(userId);
        if (!sockets) {
          sockets = new Set();
          socketsByUser.set(userId, sockets);
        }
        sockets.add(socket);
        alive.set(socket, true);
        send(socket, { type: 'ready', data: { user_id: userId } });
      };

      socket.on('pong', () => alive.set(socket, true));
      socket.on('message', (raw) => {
        let json: unknown;
        try {
          json = JSON.parse(String(raw));
        } catch {
          json = undefined;
        }
        const parsed = socketClientMessageSchema.safeParse(json);
        if (!parsed.success) {
          send(socket, { type: 'error', data: { detail: 'Unknown message' } });
          return;
        }
        const message = parsed.data;
        if (message.type === 'auth' && !userId && !authenticating) void authenticate(message.token);
        else if (message.type === 'ping') send(socket, { type: 'pong', data: null });
      });
      socket.on('close', () => {
        clearTimeout(timer);
        clearTimeout(expiry);
        if (!userId) return;
        const sockets = socketsByUser.get(userId);
        sockets?.delete(socket);
        if (sockets?.size === 0) socketsByUser.delete(userId);
      });

      const queryToken = request.query.token;
      if (queryToken) void authenticate(queryToken);
    },
  );
}
