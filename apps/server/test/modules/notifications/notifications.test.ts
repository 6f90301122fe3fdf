import { eq } from 'drizzle-orm';
import { notifications } from '../../../src/db-schema';
import { expect, it } from 'vitest';
import {
  NOTIFICATION_EVENT_TYPES,
  notificationEventDataSchema,
  notificationSchema,
  notificationSocketEventSchema,
  type Notification,
} from '@reelcraft/contract';
import { describeEachDatabase } from '../../helpers/each-database';
import { exited, fixturePath, startProcess } from '../../helpers/processes';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { TestSocket } from '../../helpers/ws-client';

type Method = 'GET' | 'POST' | 'PATCH';

function api(server: TestServer, method: Method, url: string, token?: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function createVia(server: TestServer, token: string, body: object): Promise<Notification> {
  const response = await api(server, 'POST', '/notifications/', token, body);
  expect(response.statusCode).toBe(201);
  return notificationSchema.parse(response.json());
}

async function storedRow(server: TestServer, id: string) {
  const [row] = await server.platform.database.orm
    .select()
    .from(notifications)
    .where(eq(notifications.id, id));
  return row;
}

const wsUrl = (server: TestServer, token: string) =>
  `${server.baseUrl.replace('http', 'ws')}/ws?token=${token}`;

async function openSocket(server: TestServer, token: string): Promise<TestSocket> {
  const socket = new TestSocket(wsUrl(server, token));
  await socket.next('ready');
  return socket;
}

/** Waits for a ping's pong, so every event sent before it has arrived. */
async function settle(socket: TestSocket): Promise<void> {
  const pongs = socket.messages.filter((message) => message.type === 'pong').length;
  await socket.send({ type: 'ping' });
  const deadline = Date.now() + 10_000;
  while (socket.messages.filter((message) => message.type === 'pong').length === pongs) {
    if (Date.now() > deadline) throw new Error('No pong');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const eventsOf = (socket: TestSocket, type: string) =>
  socket.messages.filter((message) => message.type === type);

describeEachDatabase('notifications', { listen: true, work: false }, (server, target) => {
  it('creates a notification for the caller with and without the trailing slash', async () => {
    const { user, token } = await createUserWithToken(server().platform);

    const created = await createVia(server(), token, {
      title: ' Video processing ',
      message: 'Your video is being made in the background.',
      session_id: 'session-1',
    });
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Video processing',
      message: 'Your video is being made in the background.',
      status: 'pending',
      read: false,
      timestamp: expect.any(String),
      link: null,
      video_id: null,
      session_id: 'session-1',
    });
    expect(Math.abs(Date.parse(created.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(await storedRow(server(), created.id)).toMatchObject({ userId: user.id, sessionId: 'session-1' });

    const withoutSlash = await api(server(), 'POST', '/notifications', token, {
      title: 'Done',
      message: 'Your video is ready',
      status: 'completed',
      link: '/projects?open=abc',
      video_id: 'abc',
    });
    expect(withoutSlash.statusCode).toBe(201);
    expect(withoutSlash.json()).toMatchObject({
      status: 'completed',
      link: '/projects?open=abc',
      video_id: 'abc',
    });
  });

  it('refuses a bad notification with 422 and a guest with 401', async () => {
    const { token } = await createUserWithToken(server().platform);
    const cases: [object, string][] = [
      [{ message: 'no title' }, 'title'],
      [{ title: '   ', message: 'blank title' }, 'title'],
      [{ title: 'x', message: 'y', status: 'processing' }, 'status'],
      [{ title: 'x', message: 'y', link: 'https://evil.example/phish' }, 'link'],
      [{ title: 'x', message: 'y', link: '//evil.example/phish' }, 'link'],
      [{ title: 'x', message: 'y', link: 'javascript:alert(1)' }, 'link'],
      [{ title: 'x'.repeat(201), message: 'y' }, 'title'],
    ];
    for (const [body, field] of cases) {
      const response = await api(server(), 'POST', '/notifications/', token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const { detail } = response.json() as { detail: { loc: unknown[]; msg: string }[] };
      expect(detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['body', field] })]));
    }
    const linkIssue = (await api(server(), 'POST', '/notifications/', token, cases[3]![0])).json() as {
      detail: { msg: string }[];
    };
    expect(linkIssue.detail[0]?.msg).toBe('Must be a path inside the app');

    const guest = await api(server(), 'POST', '/notifications/', undefined, { title: 'x', message: 'y' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Not authenticated' });
    const forged = await api(server(), 'GET', '/notifications/', 'not-a-token');
    expect(forged.statusCode).toBe(401);
  });

  it("lists only the caller's notifications, newest first, with an optional limit", async () => {
    const alice = await createUserWithToken(server().platform);
    const bob = await createUserWithToken(server().platform);
    const made: Notification[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) {
      made.push(await createVia(server(), alice.token, { title: `Alice ${n}`, message: 'm' }));
    }
    await createVia(server(), bob.token, { title: 'Bob 1', message: 'm' });

    const all = await api(server(), 'GET', '/notifications/', alice.token);
    expect(all.statusCode).toBe(200);
    expect((all.json() as Notification[]).map((n) => n.title)).toEqual([
      'Alice 6',
      'Alice 5',
      'Alice 4',
      'Alice 3',
      'Alice 2',
      'Alice 1',
    ]);

    const limited = await api(server(), 'GET', '/notifications?limit=5', alice.token);
    expect(limited.statusCode).toBe(200);
    expect((limited.json() as Notification[]).map((n) => n.id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((n) => n.id),
    );

    const bobs = await api(server(), 'GET', '/notifications/', bob.token);
    expect((bobs.json() as Notification[]).map((n) => n.title)).toEqual(['Bob 1']);

    const fresh = await createUserWithToken(server().platform);
    expect((await api(server(), 'GET', '/notifications/', fresh.token)).json()).toEqual([]);

    for (const limit of ['0', '101', 'many']) {
      const response = await api(server(), 'GET', `/notifications/?limit=${limit}`, alice.token);
      expect(response.statusCode, limit).toBe(422);
      expect((response.json() as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual([
        'querystring',
        'limit',
      ]);
    }
  });

  it('changes a notification by id, and a new status makes it unread again', async () => {
    const { token } = await createUserWithToken(server().platform);
    const created = await createVia(server(), token, {
      title: 'Processing',
      message: 'Working',
      session_id: 's',
    });
    await api(server(), 'PATCH', `/notifications/${created.id}/read`, token);

    const response = await api(server(), 'PATCH', `/notifications/${created.id}`, token, {
      title: 'Video ready',
      message: 'Your video is ready',
      status: 'completed',
      link: '/projects',
      video_id: 'v-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...created,
      title: 'Video ready',
      message: 'Your video is ready',
      status: 'completed',
      read: false,
      link: '/projects',
      video_id: 'v-1',
    });

    const readAgain = await api(server(), 'PATCH', `/notifications/${created.id}`, token, { read: true });
    expect(readAgain.json()).toMatchObject({ read: true, status: 'completed' });
    // The same status is no news: the read state stays.
    const sameStatus = await api(server(), 'PATCH', `/notifications/${created.id}`, token, {
      status: 'completed',
    });
    expect(sameStatus.json()).toMatchObject({ read: true });
    const clearedLink = await api(server(), 'PATCH', `/notifications/${created.id}`, token, { link: null });
    expect(clearedLink.json()).toMatchObject({ link: null, title: 'Video ready' });

    const empty = await api(server(), 'PATCH', `/notifications/${created.id}`, token, {});
    expect(empty.statusCode).toBe(422);
    expect((empty.json() as { detail: { msg: string }[] }).detail[0]?.msg).toBe('Nothing to update');
    const badLink = await api(server(), 'PATCH', `/notifications/${created.id}`, token, {
      link: 'http://x.y',
    });
    expect(badLink.statusCode).toBe(422);
  });

  it('marks one notification read, idempotently', async () => {
    const { token } = await createUserWithToken(server().platform);
    const created = await createVia(server(), token, { title: 'Hello', message: 'World' });

    const first = await api(server(), 'PATCH', `/notifications/${created.id}/read`, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...created, read: true });
    const second = await api(server(), 'PATCH', `/notifications/${created.id}/read`, token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...created, read: true });
    expect(await storedRow(server(), created.id)).toMatchObject({ read: true });
  });

  it('answers 404 for unknown, malformed and other users’ ids, and changes nothing', async () => {
    const alice = await createUserWithToken(server().platform);
    const mallory = await createUserWithToken(server().platform);
    const secret = await createVia(server(), alice.token, { title: 'Private', message: 'Alice only' });

    const attempts = [
      api(server(), 'PATCH', `/notifications/${secret.id}`, mallory.token, { title: 'Hacked', read: true }),
      api(server(), 'PATCH', `/notifications/${secret.id}/read`, mallory.token),
      api(server(), 'PATCH', '/notifications/00000000-0000-4000-8000-000000000000', alice.token, {
        read: true,
      }),
      api(server(), 'PATCH', '/notifications/00000000-0000-4000-8000-000000000000/read', alice.token),
      api(server(), 'PATCH', '/notifications/not-a-uuid', alice.token, { read: true }),
      api(server(), 'PATCH', '/notifications/not-a-uuid/read', alice.token),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Notification not found' });
    }
    expect(await storedRow(server(), secret.id)).toMatchObject({ title: 'Private', read: false });
    expect((await api(server(), 'GET', '/notifications/', mallory.token)).json()).toEqual([]);
  });

  it("updates a job session's notifications of the caller only", async () => {
    const alice = await createUserWithToken(server().platform);
    const bob = await createUserWithToken(server().platform);
    const sessionId = `session-${Date.now()}`;
    const processing = await createVia(server(), alice.token, {
      title: 'Video processing',
      message: 'We will tell you when it is ready',
      session_id: sessionId,
    });
    const unrelated = await createVia(server(), alice.token, {
      title: 'Other',
      message: 'x',
      session_id: 'other',
    });
    // Bob knows (or guesses) the session id: his own notification of that id is his, Alice's is not.
    const bobs = await createVia(server(), bob.token, { title: 'Bob', message: 'x', session_id: sessionId });

    const response = await api(server(), 'PATCH', `/notifications/by-session/${sessionId}`, alice.token, {
      title: 'Video ready',
      message: 'Your video is ready',
      status: 'completed',
      link: '/projects',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        ...processing,
        title: 'Video ready',
        message: 'Your video is ready',
        status: 'completed',
        link: '/projects',
      },
    ]);
    expect(await storedRow(server(), unrelated.id)).toMatchObject({ title: 'Other', status: 'pending' });
    expect(await storedRow(server(), bobs.id)).toMatchObject({ title: 'Bob', status: 'pending' });

    const byMallory = await api(server(), 'PATCH', `/notifications/by-session/${sessionId}`, bob.token, {
      status: 'failed',
    });
    expect(byMallory.json()).toEqual([{ ...bobs, status: 'failed' }]);
    expect(await storedRow(server(), processing.id)).toMatchObject({ status: 'completed' });

    const none = await api(server(), 'PATCH', '/notifications/by-session/no-such-session', alice.token, {
      status: 'failed',
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const empty = await api(server(), 'PATCH', `/notifications/by-session/${sessionId}`, alice.token, {});
    expect(empty.statusCode).toBe(422);
  });

  it("marks all of the caller's notifications read and no one else's", async () => {
    const alice = await createUserWithToken(server().platform);
    const bob = await createUserWithToken(server().platform);
    const read = await createVia(server(), alice.token, { title: 'A1', message: 'm' });
    await api(server(), 'PATCH', `/notifications/${read.id}/read`, alice.token);
    await createVia(server(), alice.token, { title: 'A2', message: 'm' });
    await createVia(server(), alice.token, { title: 'A3', message: 'm' });
    const bobs = await createVia(server(), bob.token, { title: 'B1', message: 'm' });

    const response = await api(server(), 'PATCH', '/notifications/read-all', alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated_count: 2 });
    const list = (await api(server(), 'GET', '/notifications/', alice.token)).json() as Notification[];
    expect(list.map((n) => n.read)).toEqual([true, true, true]);
    expect(await storedRow(server(), bobs.id)).toMatchObject({ read: false });

    const again = await api(server(), 'PATCH', '/notifications/read-all/', alice.token);
    expect(again.json()).toEqual({ updated_count: 0 });
    expect((await api(server(), 'PATCH', '/notifications/read-all')).statusCode).toBe(401);
  });

  it("pushes every change to the owner's sockets at once, and to nobody else", async () => {
    const alice = await createUserWithToken(server().platform);
    const bob = await createUserWithToken(server().platform);
    const aliceSocket = await openSocket(server(), alice.token);
    const aliceSecondTab = await openSocket(server(), alice.token);
    const bobSocket = await openSocket(server(), bob.token);
    try {
      const created = await createVia(server(), alice.token, {
        title: 'Video processing',
        message: 'Working on it',
        session_id: 'push-session',
      });
      for (const socket of [aliceSocket, aliceSecondTab]) {
        const event = notificationSocketEventSchema.parse(
          await socket.next(NOTIFICATION_EVENT_TYPES.created),
        );
        expect(event.data).toEqual(created);
      }

      const [done] = (
        await api(server(), 'PATCH', '/notifications/by-session/push-session', alice.token, {
          status: 'completed',
          link: '/projects',
        })
      ).json() as Notification[];
      const updated = notificationSocketEventSchema.parse(
        await aliceSocket.next(NOTIFICATION_EVENT_TYPES.updated),
      );
      expect(updated.data).toEqual(done);

      await api(server(), 'PATCH', `/notifications/${created.id}/read`, alice.token);
      await api(server(), 'PATCH', `/notifications/${created.id}`, alice.token, { title: 'Renamed' });
      await createVia(server(), alice.token, { title: 'Second', message: 'm' });
      await api(server(), 'PATCH', '/notifications/read-all', alice.token);
      const readAll = notificationSocketEventSchema.parse(
        await aliceSocket.next(NOTIFICATION_EVENT_TYPES.readAll),
      );
      expect(readAll.data).toEqual({ updated_count: 1 });
      await settle(aliceSocket);
      const updates = eventsOf(aliceSocket, NOTIFICATION_EVENT_TYPES.updated).map(
        (message) => (message.data as Notification).title,
      );
      expect(updates).toEqual(['Video processing', 'Video processing', 'Renamed']);

      // Nothing that changed nothing is pushed: an already read one, an empty read-all.
      await api(server(), 'PATCH', `/notifications/${created.id}/read`, alice.token);
      await api(server(), 'PATCH', '/notifications/read-all', alice.token);
      await settle(aliceSocket);
      expect(eventsOf(aliceSocket, NOTIFICATION_EVENT_TYPES.updated)).toHaveLength(3);
      expect(eventsOf(aliceSocket, NOTIFICATION_EVENT_TYPES.readAll)).toHaveLength(1);

      await settle(bobSocket);
      expect(bobSocket.messages.map((message) => message.type)).toEqual(['ready', 'pong']);
    } finally {
      aliceSocket.close();
      aliceSecondTab.close();
      bobSocket.close();
    }
  });

  it('lets a job record a session outcome through the service, pushed like any change', async () => {
    const { user, token } = await createUserWithToken(server().platform);
    const socket = await openSocket(server(), token);
    const service = server().services.notifications;
    try {
      // The user sent the job to the background: its processing notification turns into the outcome.
      const processing = await service.create(user.id, {
        title: 'Video processing',
        message: 'Working',
        session_id: 'job-1',
      });
      const [outcome] = await service.recordSessionOutcome(user.id, 'job-1', {
        title: 'Video ready',
        message: 'Your video is ready',
        status: 'completed',
        link: '/projects',
        video_id: 'v-9',
      });
      expect(outcome).toEqual({
        ...processing,
        title: 'Video ready',
        message: 'Your video is ready',
        status: 'completed',
        link: '/projects',
        video_id: 'v-9',
      });
      expect((await socket.next(NOTIFICATION_EVENT_TYPES.updated)).data).toEqual(outcome);

      // The user stayed on the screen: no notification of that session yet, so one is created.
      const [created] = await service.recordSessionOutcome(user.id, 'job-2', {
        title: 'AI Studio Generation Failed',
        message: 'The render failed',
        status: 'failed',
        link: '/studio',
      });
      expect(created).toMatchObject({ session_id: 'job-2', status: 'failed', read: false, link: '/studio' });
      await settle(socket);
      expect(
        eventsOf(socket, NOTIFICATION_EVENT_TYPES.created).map((m) => (m.data as Notification).id),
      ).toEqual([processing.id, created!.id]);

      // The contract's rules hold for jobs too: no link out of the app.
      await expect(
        service.create(user.id, { title: 'x', message: 'y', link: 'https://evil.example' }),
      ).rejects.toThrow();
    } finally {
      socket.close();
    }
  });

  it('clips an oversized notification in its event but stores and answers it whole', async () => {
    const { token } = await createUserWithToken(server().platform);
    const socket = await openSocket(server(), token);
    try {
      const message = '€'.repeat(2000);
      const created = await createVia(server(), token, {
        title: 'Big',
        message,
        link: `/projects?${'q'.repeat(2000)}`,
      });
      expect(created.message).toBe(message);
      const event = notificationSocketEventSchema.parse(await socket.next(NOTIFICATION_EVENT_TYPES.created));
      const data = notificationEventDataSchema.parse(event.data);
      expect(data).toMatchObject({ id: created.id, title: 'Big', truncated: true, link: created.link });
      expect(data.message.length).toBeLessThan(message.length);
    } finally {
      socket.close();
    }
  });

  it.skipIf(target.kind !== 'postgres')(
    'delivers a notification created by a job in another process',
    async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const socket = await openSocket(server(), token);
      try {
        const worker = await startProcess(
          fixturePath('create-notification.ts'),
          { DATABASE_URL: server().config.databaseUrl ?? '', NOTIFICATION_USER_ID: user.id },
          'created',
        );
        expect(await exited(worker)).toBe(0);
        const event = notificationSocketEventSchema.parse(
          await socket.next(NOTIFICATION_EVENT_TYPES.created),
        );
        expect(event.data).toMatchObject({
          title: 'Your video is ready',
          status: 'completed',
          link: '/projects',
        });
        const list = (await api(server(), 'GET', '/notifications/', token)).json() as Notification[];
        expect(list).toEqual([event.data]);
      } finally {
        socket.close();
      }
    },
  );
});
