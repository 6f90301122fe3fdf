import type { SocketLike } from '../lib/realtime';

// A stand-in for the /ws server at the WebSocket boundary: the socket client under test opens these,
// and a test plays the server (accepts with `ready`, pushes events, closes with a code).

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sent a message `{type, data}` (or raw text). */
  receive(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server authenticated the socket. */
  ready(userId = 'user-1'): void {
    if (this.readyState !== 1) this.open();
    this.receive({ type: 'ready', data: { user_id: userId } });
  }

  /** The connection ended from the server's side (or the network's). */
  serverClose(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  /** The token the client authenticated with (its first message, once the socket opened). */
  get token(): string | null {
    const auth = this.sent.find(
      (message): message is { type: 'auth'; token: string } =>
        typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'auth',
    );
    return auth?.token ?? null;
  }
}

/** A socket factory for the client, and the sockets it made. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    /** The socket made last (the live one, if any). */
    latest(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
    /** Pushes an event on the live socket, as the server does. */
    push(type: string, data: unknown): void {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No socket was opened');
      socket.receive({ type, data });
    },
  };
}
export type FakeSockets = ReturnType<typeof fakeSockets>;
