import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@reelcraft/contract';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../helpers/databases';
import { exited, fixturePath, startProcess } from '../helpers/processes';
import { startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { TestSocket } from '../helpers/ws-client';

const wsUrl = (server: TestServer, query = '') => `${server.baseUrl.replace('http', 'ws')}/ws${query}`;

describe('/ws on PGlite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ listen: true, work: false });
  });
  afterAll(() => server.close());

  it("delivers a user's events to that user's sockets only", async () => {
    const alice = await createUserWithToken(server.platform);
    const bob = await createUserWithToken(server.platform);
    const aliceSocket = new TestSocket(wsUrl(server, `?token=${alice.token}`));
    const bobSocket = new TestSocket(wsUrl(server));
    await bobSocket.send({ type: 'auth', token: bob.token });
    expect((await aliceSocket.next('ready')).data).toEqual({ user_id: alice.user.id });
    expect((await bobSocket.next('ready')).data).toEqual({ user_id: bob.user.id });

    await server.platform.bus.publish(alice.user.id, { type: 'job.progress', data: { progress: 0.5 } });
    expect((await aliceSocket.next('job.progress')).data).toEqual({ progress: 0.5 });
    await bobSocket.send({ type: 'ping' });
    await bobSocket.next('pong');
    expect(bobSocket.messages.map((message) => message.type)).not.toContain('job.progress');
    aliceSocket.close();
    bobSocket.close();
  });

  it('closes a socket whose token is invalid', async () => {
    const socket = new TestSocket(wsUrl(server, '?token=not-a-token'));
    expect(await socket.waitClosed()).toBe(SOCKET_CLOSE_UNAUTHORIZED);
  });
});

describe.skipIf(!testDatabaseUrl)('/ws across processes on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let server: TestServer;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!);
    server = await startTestServer({ listen: true, work: false, env: { DATABASE_URL: scratch.url } });
  });
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  it('delivers an event published by another process', async () => {
    const { user, token } = await createUserWithToken(server.platform);
    const socket = new TestSocket(wsUrl(server, `?token=${token}`));
    await socket.next('ready');

    const publisher = await startProcess(
      fixturePath('publish-event.ts'),
      { DATABASE_URL: scratch.url, EVENT_USER_ID: user.id },
      'published',
    );
    expect(await exited(publisher)).toBe(0);

    const event = await socket.next('notification.created');
    expect(event.data).toMatchObject({ id: 'n-1', title: 'Your video is ready', from_pid: publisher.pid });
    expect(publisher.pid).not.toBe(process.pid);
    socket.close();
  });
});
