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
import type { SessionWatch } from './session-watch';

export interface WsGatewayOptions {
  bus: EventBus;
  /** Authenticates a socket's token and ends the socket with the session. */
  sessions: SessionWatch;
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
 * A socket lives no longer than its token (SessionWatch): it is closed when the token expires, when
 * any instance announces that the user's sessions ended, and at the first periodic check after the
 * token stopped holding for any other reason (an account deleted by other means).
 */
export async function wsGateway(app: FastifyInstance, options: WsGatewayOptions): Promise<void> {
  const socketsByUser = new Map<string, Set<WebSocket>>();

  const endSession = (socket: WebSocket) => socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Session ended');
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 30_000;

  // The sessions' end is SessionWatch's to act on, not the sockets' to receive.
  const unsubscribe = options.bus.subscribe((userId, event) => {
    if (event.type === SESSION_REVOKED_EVENT) return;
    for (const socket of socketsByUser.get(userId) ?? []) send(socket, event);
  });

  // Sockets whose peer vanished without closing are found by ping/pong and dropped.
  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const sockets of socketsByUser.values()) {
      for (const socket of sockets) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
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
      let stopWatching: (() => void) | undefined;

      const timer = setTimeout(() => {
        if (!userId) socket.close(SOCKET_CLOSE_AUTH_TIMEOUT, 'Authentication timed out');
      }, authTimeoutMs);

      const authenticate = async (token: string): Promise<void> => {
        authenticating = true;
        const identity = await options.sessions.authenticate(token);
        clearTimeout(timer);
        if (!identity) {
          socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Unauthorized');
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        userId = identity.userId;
        let sockets = socketsByUser.get(userId);
        if (!sockets) {
          sockets = new Set();
          socketsByUser.set(userId, sockets);
        }
        sockets.add(socket);
        alive.set(socket, true);
        stopWatching = options.sessions.watch({ token, userId }, () => endSession(socket));
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
        stopWatching?.();
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
