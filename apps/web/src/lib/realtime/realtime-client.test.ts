import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../test/fake-socket';
import { testUser } from '../../test/fake-api';
import { createSessionStore, type SessionStore } from '../session';
import { createRealtimeClient, reconnectDelay, type RealtimeClient } from './realtime-client';

let stops: (() => void)[] = [];

function signIn(store: SessionStore, token = 'token-1', user = testUser()) {
  store.signIn({ accessToken: token, tokenType: 'bearer', expiresIn: 3600 }, user);
}

function setup({ signedIn = true } = {}) {
  const store = createSessionStore({ fetchCurrentUser: () => Promise.resolve(testUser()) });
  if (signedIn) signIn(store);
  const server = fakeSockets();
  const client = createRealtimeClient({
    session: store,
    createSocket: server.createSocket,
    socketUrl: () => 'ws://app.test/ws',
    random: () => 1,
  });
  const start = (target: RealtimeClient = client) => {
    stops.push(target.start());
  };
  return { store, server, client, start };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('realtime client: connection', () => {
  it('connects, authenticates with the session token in its first message, and is open once ready', () => {
    const { server, client, start } = setup();
    start();

    expect(server.sockets).toHaveLength(1);
    expect(server.latest().url).toBe('ws://app.test/ws');
    expect(server.latest().sent).toEqual([]);
    server.latest().open();
    expect(server.latest().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    expect(client.getState()).toBe('connecting');

    server.latest().ready();
    expect(client.getState()).toBe('open');
  });

  it('waits for a sign-in before connecting, and connects right after it', () => {
    const { store, server, client, start } = setup({ signedIn: false });
    start();
    expect(server.sockets).toHaveLength(0);
    expect(client.getState()).toBe('idle');

    signIn(store, 'fresh-token');
    server.latest().open();
    expect(server.latest().token).toBe('fresh-token');
  });

  it('disconnects on logout and does not come back', async () => {
    const { store, server, client, start } = setup();
    start();
    const socket = server.latest();
    socket.ready();

    store.logout();

    expect(socket.closedWith?.code).toBe(1000);
    expect(client.getState()).toBe('idle');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.sockets).toHaveLength(1);
  });

  it('moves to the new token when the session changes', () => {
    const { store, server, start } = setup();
    start();
    const first = server.latest();
    first.ready();

    signIn(store, 'token-2', testUser({ id: 'user-2' }));

    expect(first.closedWith).not.toBeNull();
    server.latest().open();
    expect(server.latest().token).toBe('token-2');
  });

  it('stops for good when started and then stopped', () => {
    const { server, client } = setup();
    const stop = client.start();
    const socket = server.latest();
    stop();
    expect(socket.closedWith).not.toBeNull();
    expect(client.getState()).toBe('idle');
  });
});

describe('realtime client: reconnecting', () => {
  it('reconnects after a drop with a growing, capped delay and starts over after ready', async () => {
    const { server, client, start } = setup();
    start();
    server.latest().ready();

    server.latest().serverClose(1006);
    expect(client.getState()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(server.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(2);

    // Still down: 2 s, then 4 s.
    server.latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.sockets).toHaveLength(3);
    server.latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(server.sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(4);

    // Back: the next drop waits 1 s again.
    server.latest().ready();
    expect(client.getState()).toBe('open');
    server.latest().serverClose(1001);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.sockets).toHaveLength(5);
  });

  it('gives up when the server refuses the token (4401) until the session has another one', async () => {
    const { store, server, client, start } = setup();
    start();

    server.latest().serverClose(4401, 'Unauthorized');
    expect(client.getState()).toBe('refused');
    await vi.advanceTimersByTimeAsync(300_000);
    expect(server.sockets).toHaveLength(1);

    signIn(store, 'token-2');
    expect(server.sockets).toHaveLength(2);
    server.latest().open();
    expect(server.latest().token).toBe('token-2');
  });

  it('tells whether a ready resumes a dropped socket, so missed events can be reloaded', async () => {
    const { server, client, start } = setup();
    const readies = vi.fn();
    client.onReady(readies);
    start();

    server.latest().ready('user-1');
    server.latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    server.latest().ready('user-1');

    expect(readies.mock.calls).toEqual([
      [{ userId: 'user-1', resumed: false }],
      [{ userId: 'user-1', resumed: true }],
    ]);
  });

  it('pings an idle socket and reconnects when nothing answers', async () => {
    const { server, start } = setup();
    start();
    const socket = server.latest();
    socket.ready();

    const pings = () => socket.sent.filter((message) => (message as { type: string }).type === 'ping');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(pings()).toEqual([{ type: 'ping' }]);
    socket.receive({ type: 'pong', data: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sockets).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(15_000);
    expect(pings()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.closedWith?.code).toBe(4000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.sockets).toHaveLength(2);
  });

  it('tries again when a socket is not confirmed in time', async () => {
    const { server, client, start } = setup();
    start();
    const stalled = server.latest();
    stalled.open();

    await vi.advanceTimersByTimeAsync(15_000);
    expect(stalled.closedWith?.code).toBe(4000);
    expect(client.getState()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.sockets).toHaveLength(2);
  });

  it('retries at once when the browser comes back online', () => {
    const { server, start } = setup();
    start();
    server.latest().serverClose(1006);

    window.dispatchEvent(new Event('online'));

    expect(server.sockets).toHaveLength(2);
  });

  it('spreads the delay over the upper half of the capped exponential', () => {
    expect(reconnectDelay(0, 0, 1_000, 30_000)).toBe(500);
    expect(reconnectDelay(0, 1, 1_000, 30_000)).toBe(1_000);
    expect(reconnectDelay(3, 1, 1_000, 30_000)).toBe(8_000);
    expect(reconnectDelay(10, 1, 1_000, 30_000)).toBe(30_000);
    expect(reconnectDelay(10, 0, 1_000, 30_000)).toBe(15_000);
  });
});

describe('realtime client: events', () => {
  it('hands each event to the listeners of its type, until they unsubscribe', () => {
    const { server, client, start } = setup();
    const created = vi.fn();
    const any = vi.fn();
    const unsubscribe = client.subscribe('notification.created', created);
    client.subscribe(['notification.created', 'notifications.read_all'], any);
    start();
    server.latest().ready();

    server.push('notification.created', { id: 'n1' });
    server.push('notifications.read_all', { updated_count: 2 });
    server.push('something.else', {});
    unsubscribe();
    server.push('notification.created', { id: 'n2' });

    expect(created.mock.calls).toEqual([[{ type: 'notification.created', data: { id: 'n1' } }]]);
    expect(any).toHaveBeenCalledTimes(3);
  });

  it('ignores what is not a message and keeps going when a listener throws', () => {
    const { server, client, start } = setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = vi.fn();
    client.subscribe('x', () => {
      throw new Error('boom');
    });
    client.subscribe('x', second);
    start();
    server.latest().ready();

    server.latest().receive('not json');
    server.latest().receive({ no: 'type' });
    server.push('x', 1);

    expect(second).toHaveBeenCalledOnce();
    expect(errors).toHaveBeenCalledOnce();
  });

  it('does not deliver events of a socket it already left', () => {
    const { store, server, client, start } = setup();
    const listener = vi.fn();
    client.subscribe('x', listener);
    start();
    const old = server.latest();
    old.ready();
    signIn(store, 'token-2', testUser({ id: 'user-2' }));

    old.receive({ type: 'x', data: 'stale' });

    expect(listener).not.toHaveBeenCalled();
  });
});
