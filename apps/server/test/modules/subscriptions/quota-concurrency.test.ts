import { eq } from 'drizzle-orm';
import { videoQuotaPeriods, videoReservations } from '../../../src/db-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationGateMessages } from '@reelcraft/contract';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../../helpers/databases';
import { startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { quotaTestRoutes } from './quota-test-routes';

const RACERS = 12;

/** Fires every request at once over real HTTP, spread over the given servers. */
async function race(servers: TestServer[], token: string, round: string): Promise<Response[]> {
  return Promise.all(
    Array.from({ length: RACERS }, (_, n) =>
      fetch(`${servers[n % servers.length]!.baseUrl}/test/quota/reserve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reference: `${round}-${n}` }),
      }),
    ),
  );
}

async function expectExactlyOneWinner(responses: Response[]): Promise<void> {
  const statuses = responses.map((response) => response.status).sort();
  expect(statuses).toEqual([200, ...Array<number>(RACERS - 1).fill(403)]);
  for (const response of responses.filter((r) => r.status === 403)) {
    expect(await response.json()).toEqual({ detail: generationGateMessages.noVideosRemaining });
  }
}

/** Leaves the user exactly one video: takes all but one of the free ones. */
async function leaveOneVideo(server: TestServer, userId: string): Promise<void> {
  const { quota } = server.services;
  const count = await quota.getVideoCount(userId);
  for (let n = 0; n < count.remaining_videos - 1; n += 1) {
    await quota.reserveVideo(userId, { reference: `setup-${n}` });
  }
  expect((await quota.getVideoCount(userId)).remaining_videos).toBe(1);
}

async function usage(server: TestServer, userId: string) {
  const orm = server.platform.database.orm;
  const periods = await orm.select().from(videoQuotaPeriods).where(eq(videoQuotaPeriods.userId, userId));
  const reservations = await orm.select().from(videoReservations).where(eq(videoReservations.userId, userId));
  return { used: periods.reduce((sum, period) => sum + period.used, 0), reservations: reservations.length };
}

describe('the last video, requested concurrently, on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      listen: true,
      work: false,
      extend: (app, _platform, services) => quotaTestRoutes(app, services),
    });
  });
  afterAll(async () => server?.close());

  it('is given to exactly one request', async () => {
    const { user, token } = await createUserWithToken(server.platform);
    await leaveOneVideo(server, user.id);
    await expectExactlyOneWinner(await race([server], token, 'pglite'));
    expect(await usage(server, user.id)).toEqual({ used: 3, reservations: 3 });
  });
});

// Two API instances with their own connection pools on one PostgreSQL database: the requests run
// in parallel on separate connections, as they would behind a load balancer.
describe.skipIf(!testDatabaseUrl)('the last video, requested concurrently, on PostgreSQL', () => {
  let database: ScratchDatabase;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(testDatabaseUrl ?? '');
    for (let n = 0; n < 2; n += 1) {
      servers.push(
        await startTestServer({
          listen: true,
          work: false,
          extend: (app, _platform, services) => quotaTestRoutes(app, services),
          env: { DATABASE_URL: database.url, JWT_SECRET: 'concurrency-test-secret-0123456789abcdef' },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
  });

  it('is given to exactly one request across two instances, round after round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { user, token } = await createUserWithToken(servers[0]!.platform);
      await leaveOneVideo(servers[0]!, user.id);
      await expectExactlyOneWinner(await race(servers, token, `round-${round}`));
      expect(await usage(servers[1]!, user.id)).toEqual({ used: 3, reservations: 3 });
    }
  });

  it('counts a first-ever burst of a new account right (the subscription row is created once)', async () => {
    const { user, token } = await createUserWithToken(servers[1]!.platform);
    const responses = await race(servers, token, 'fresh');
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(RACERS - 3).fill(403)]);
    expect(await usage(servers[0]!, user.id)).toEqual({ used: 3, reservations: 3 });
  });
});
