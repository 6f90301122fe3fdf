import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../../helpers/databases';
import { apiClient } from '../../helpers/api-client';
import { startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { readEvents } from './read-events';

// An API instance that only serves HTTP and a worker that only renders, on one PostgreSQL database:
// the events the worker raises reach the stream open on the API instance.
describe.skipIf(!testDatabaseUrl)('a studio job streamed by one instance and worked by another', () => {
  let database: ScratchDatabase;
  let api: TestServer;
  let worker: TestServer;

  beforeAll(async () => {
    database = await createScratchDatabase(testDatabaseUrl ?? '');
    const env = { DATABASE_URL: database.url, JWT_SECRET: 'studio-instances-secret-0123456789abcdef' };
    api = await startTestServer({ listen: true, work: false, env });
    worker = await startTestServer({ work: true, env });
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await database?.drop();
  });

  it('streams the candidates as the worker makes them', async () => {
    const { token } = await createUserWithToken(api.platform);
    const created = await apiClient(api, token).postJson('/studio/veo/jobs', {
      prompt: 'A paper lantern floating over a river at dusk',
      duration_seconds: 2,
      seed: 9,
    });
    expect(created.status).toBe(201);
    const { job_id } = created.json<{ job_id: string }>();
    const { events } = await readEvents(
      api,
      token,
      job_id,
      (event) => event.type === 'state' && ['CANDIDATES_READY', 'FAILED'].includes(event.status),
    );
    expect(events.filter((event) => event.type === 'asset')).toHaveLength(4);
    expect(events.at(-1)).toMatchObject({ type: 'state', status: 'CANDIDATES_READY' });
  });
});
