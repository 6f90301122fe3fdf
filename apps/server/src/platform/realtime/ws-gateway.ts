import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE_AUTH_TIMEOUT,
  SOCKET_CLOSE_UNAUTHORIZED,
  SOCKET_PATH,
  socketClientMessageSchema,
} from '@reelcraft/contract';
import type { EventBus, UserEvent } from './event-bus';

/** Resolves a bearer token to its user, or null when the token must be refused. */
export type SocketAuthenticator = (token: string) => Promise<{ userId: string } | null>;

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
 */
export async function wsGateway(app: FastifyInstance, options: WsGatewayOptions): Promise<void> {
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 30_000;

  const unsubscribe = options.bus.subscribe((userId, event) => {
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
