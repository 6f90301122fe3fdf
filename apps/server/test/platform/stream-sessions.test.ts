import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, studioEventSchema, type StudioEvent } from '@reelcraft/contract';
import { runAdminCommand } from '../../src/admin/admin-commands';
import { generations } from '../../src/db-schema';
import { AccountTokensRepository } from '../../src/modules/auth/account-tokens.repository';
import { hashSecretToken, newSecretToken } from '../../src/modules/auth/secret-token';
import { TokenService } from '../../src/platform/auth/token-service';
import type { Providers } from '../../src/providers';
import { apiClient, formData } from '../helpers/api-client';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../helpers/databases';
import { waitFor } from '../helpers/processes';
import { startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';

const JWT_SECRET = 'stream-sessions-test-secret-of-32-characters';
/** How long a stream may outlive its session: the fix ends it in well under a second. */
const STREAM_END_CEILING_MS = 30_000;

/** Resolves with `promise`, or rejects naming `what` when it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Still waiting after ${ms} ms for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Renders the worker started and that have not ended: each ends only when its job is stopped. */
interface BlockedRender {
  prompt: string;
  /** Resolves when the worker aborts the render (its job was cancelled or the server stops). */
  stopped: Promise<void>;
}

/** The video provider renders nothing: every render waits until its signal aborts. */
function blockingVideo(renders: BlockedRender[]) {
  const block = (prompt: string, signal: AbortSignal | undefined): Promise<never> => {
    let stop!: () => void;
    renders.push({ prompt, stopped: new Promise<void>((resolve) => (stop = resolve)) });
    return new Promise<never>((_, reject) => {
      signal?.addEventListener(
        'abort',
        () => {
          stop();
          reject(new Error('Render stopped'));
        },
        { once: true },
      );
    });
  };
  return (shared: Providers): Providers => ({
    ...shared,
    video: {
      ...shared.video,
      // Text videos are storyboards: the title is the prompt's (issue 31).
      fromStoryboard: (request, options) => block(request.storyboard.title, options?.signal),
      candidates: (request, options) => block(request.prompt, options?.signal),
    },
  });
}

interface OpenStream {
  events: StudioEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Every stream the tests opened: closed at the end, so one that never ended cannot hold a server. */
const opened: OpenStream[] = [];

/** Opens a studio job's event stream as the web app does and collects its events until it ends. */
async function openStream(server: TestServer, token: string, jobId: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}${API_BASE_PATH}/studio/veo/jobs/${jobId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: StudioEvent[] = [];
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data:'));
          buffer = buffer.slice(end + 2);
          if (data) events.push(studioEventSchema.parse(JSON.parse(data.slice(5))));
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  ended.catch(() => undefined);
  const stream = { events, ended, close: () => controller.abort() };
  opened.push(stream);
  // The stream is open once its first event (the job's state) arrived.
  await waitFor(async () => events[0], 'the first event of the stream', STREAM_END_CEILING_MS);
  return stream;
}

async function createStudioJob(server: TestServer, token: string): Promise<string> {
  const created = await apiClient(server, token).postJson('/studio/veo/jobs', {
    prompt: `A paper lantern over a river at dusk ${crypto.randomUUID()}`,
    duration_seconds: 2,
    seed: 5,
  });
  expect(created.status).toBe(201);
  return created.json<{ job_id: string }>().job_id;
}

/** The state of the user's one generation (its video's) and where the queue holds its render job. */
async function generationOf(server: TestServer, userId: string, jobName: string) {
  const { orm } = server.platform.database;
  const rows = await orm.select().from(generations).where(eq(generations.userId, userId));
  expect(rows).toHaveLength(1);
  const video = await server.services.videos.findById(rows[0]!.videoId);
  const jobs = await server.platform.database.executeSql<{ state: string }>(
    "SELECT state FROM pgboss.job WHERE name = $1 AND data->>'id' = $2",
    [jobName, rows[0]!.id],
  );
  return { video, jobStates: jobs.rows.map((row) => row.state) };
}

const targets = [
  { name: 'PGlite, one instance', postgres: false },
  ...(testDatabaseUrl ? [{ name: 'PostgreSQL, two instances', postgres: true }] : []),
];

// Issue 37 item 1: a stream opened on instance A ends when the session ends through instance B
// (password reset, account deleted) or when its token expires, as /ws does; and a deleted account's
// renders, running on the worker B, stop. On PGlite one instance plays both parts.
describe.each(targets)('sessions and long-lived streams on $name', ({ postgres }) => {
  let database: ScratchDatabase | undefined;
  let a: TestServer;
  let b: TestServer;
  const renders: BlockedRender[] = [];

  beforeAll(async () => {
    database = postgres ? await createScratchDatabase(testDatabaseUrl ?? '') : undefined;
    const env = { JWT_SECRET, ...(database ? { DATABASE_URL: database.url } : {}) };
    b = await startTestServer({ listen: true, work: true, env, providers: blockingVideo(renders) });
    a = database ? await startTestServer({ listen: true, work: false, env }) : b;
  }, 120_000);
  afterAll(async () => {
    for (const stream of opened.splice(0)) stream.close();
    if (a !== b) await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('ends a studio event stream when the password is reset on another instance', async () => {
    const { user, token } = await createUserWithToken(a.platform);
    const jobId = await createStudioJob(a, token);
    const stream = await openStream(a, token, jobId);

    const resetToken = newSecretToken();
    await new AccountTokensRepository(b.platform.database.orm).insert({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: hashSecretToken(resetToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await apiClient(b).postJson('/auth/reset-password', {
      token: resetToken,
      new_password: 'a brand new password',
    });
    expect(reset.status).toBe(200);

    await within(stream.ended, STREAM_END_CEILING_MS, 'the stream to end after the password reset');
    // Opened again with the old token, it is refused.
    const again = await apiClient(a, token).get(`/studio/veo/jobs/${jobId}/events`);
    expect(again.status).toBe(401);
  }, 90_000);

  it("ends a deleted account's streams, leaves other users' open, and stops its renders", async () => {
    const doomed = await createUserWithToken(a.platform);
    const other = await createUserWithToken(a.platform);
    const jobId = await createStudioJob(a, doomed.token);
    const otherJobId = await createStudioJob(a, other.token);
    const stream = await openStream(a, doomed.token, jobId);
    const otherStream = await openStream(a, other.token, otherJobId);

    // The administration command, run with instance B's services.
    const output: string[] = [];
    const code = await runAdminCommand(['delete-user', doomed.user.email], b.services, {
      out: (line) => output.push(line),
      err: (line) => output.push(line),
    });
    expect(code, output.join('\n')).toBe(0);

    await within(stream.ended, STREAM_END_CEILING_MS, 'the stream to end after the account was deleted');
    let otherEnded = false;
    void otherStream.ended.then(() => (otherEnded = true));
    // Another user's stream is left alone: a job event still reaches it.
    const otherJob = await b.services.studio.get(other.user.id, otherJobId);
    await b.services.studioEvents.emit(
      { id: otherJobId, userId: other.user.id },
      { type: 'state', status: otherJob.status, message: 'still here' },
    );
    await waitFor(
      async () =>
        otherStream.events.find((event) => event.type === 'state' && event.message === 'still here'),
      'the other user to receive an event',
      STREAM_END_CEILING_MS,
    );
    expect(otherEnded).toBe(false);
    otherStream.close();

    // The deleted account's studio job ended with its generation, whose render job is cancelled.
    const job = await a.services.studio.get(doomed.user.id, jobId);
    expect(job.status).toBe('FAILED');
    const generation = await generationOf(a, doomed.user.id, 'ai-studio.render');
    expect(generation.video?.status).toBe('failed');
    expect(generation.jobStates).toEqual(['cancelled']);
  }, 90_000);

  it('ends a studio event stream when its token expires', async () => {
    const { user, token } = await createUserWithToken(a.platform);
    const jobId = await createStudioJob(a, token);
    // A token of the servers' own secret that lives 6 s, as ACCESS_TOKEN_TTL_SECONDS=6 would issue.
    const shortLived = await new TokenService(JWT_SECRET, 6).issue(user.id);
    const { expiresAt } = await a.platform.tokens.verify(shortLived.access_token);
    const stream = await openStream(a, shortLived.access_token, jobId);

    await within(stream.ended, 6_000 + STREAM_END_CEILING_MS, 'the stream to end when its token expired');
    // It lived as long as its token, not less.
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt * 1000 - 1_000);
    const again = await apiClient(a, shortLived.access_token).get(`/studio/veo/jobs/${jobId}/events`);
    expect(again.status).toBe(401);
  }, 90_000);

  it("stops a deleted account's render running on another instance, and its generation fails", async () => {
    const { user, token } = await createUserWithToken(a.platform);
    const marker = crypto.randomUUID();
    const prompt = `A lighthouse in a storm at night ${marker}`;
    const started = await apiClient(a, token).postForm(
      '/text-to-video/sessions',
      formData({ prompt, duration: 15, seed: 3 }),
    );
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const render = await waitFor(
      async () => renders.find((item) => item.prompt.includes(marker)),
      'the worker to start the render',
      60_000,
    );

    await a.services.users.deleteAccount(user.id);

    // The worker stops the render (the job is cancelled) and the generation has ended as failed.
    await within(render.stopped, STREAM_END_CEILING_MS, 'the worker to stop the render');
    const generation = await generationOf(a, user.id, 'storyboard.render');
    expect(generation.video).toMatchObject({
      sessionId: session_id,
      status: 'failed',
      error: 'Cancelled: the account was deleted.',
    });
    expect(generation.jobStates).toEqual(['cancelled']);
    // No other attempt starts: the one render of the prompt is all the worker ever began.
    expect(renders.filter((item) => item.prompt.includes(marker))).toHaveLength(1);
  }, 120_000);
});
