import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  notificationSchema,
  serverDetailMessages,
  STUDIO_ABANDONED_AFTER_DAYS,
  studioJobSchema,
  studioJobTexts,
  type StudioEvent,
  type StudioJob,
  type StudioJobSummary,
  type UploadAnswer,
} from '@reelcraft/contract';
import { studioJobs, studioSteps, videos } from '../../../src/db-schema';
import type { Providers } from '../../../src/providers';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testImage } from '../../fixtures/test-images';
import { readEvents } from './read-events';

const JOB = '/studio/veo/jobs';
const PROMPT = 'A paper boat on a rainy street, reflections in the puddles';
const DAY_MS = 24 * 60 * 60 * 1000;

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, token, api: apiClient(server, token) };
}

const remainingVideos = async (api: ApiClient): Promise<number> =>
  (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;

async function jobState(api: ApiClient, jobId: string): Promise<StudioJob> {
  const answer = await api.get(`${JOB}/${jobId}`);
  expect(answer.status).toBe(200);
  return studioJobSchema.parse(answer.json());
}

async function listJobs(api: ApiClient, query = ''): Promise<StudioJobSummary[]> {
  const answer = await api.get(`${JOB}${query}`);
  expect(answer.status).toBe(200);
  return answer.json<{ jobs: StudioJobSummary[] }>().jobs;
}

// No worker: a job stays where the test puts it, as the candidates and the user's steps would leave it.
describeEachDatabase('resuming and expiring studio jobs', { work: false, listen: true }, (server) => {
  const orm = () => server().platform.database.orm;
  /** Puts the job where the candidates would leave it, its last step `daysAgo` days back. */
  const waitingSince = async (
    jobId: string,
    daysAgo: number,
    status: StudioJob['status'] = 'CANDIDATES_READY',
  ) =>
    orm()
      .update(studioJobs)
      .set({ status, progress: 1, updatedAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .where(eq(studioJobs.id, jobId));

  it("lists the user's jobs, the open ones alone when asked, and no one else's", async () => {
    const { api } = await signedIn(server());
    const first = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>().job_id;
    const second = (await api.postJson(JOB, { prompt: 'A lighthouse at dusk' })).json<{ job_id: string }>()
      .job_id;
    await waitingSince(first, 1);
    await orm().update(studioJobs).set({ status: 'COMPLETE' }).where(eq(studioJobs.id, second));

    const open = await listJobs(api, '?open=true');
    expect(open).toEqual([
      expect.objectContaining({
        job_id: first,
        status: 'CANDIDATES_READY',
        prompt: PROMPT,
        candidate_count: 0,
        selected_candidate_id: null,
        video_id: expect.any(String),
        error: null,
      }),
    ]);
    // It expires a week after its last step, as the screen says.
    const { updated_at, expires_at } = open[0]!;
    expect(Date.parse(expires_at!) - Date.parse(updated_at)).toBe(STUDIO_ABANDONED_AFTER_DAYS * DAY_MS);
    expect((await listJobs(api)).map((job) => job.job_id).sort()).toEqual([first, second].sort());
    expect((await listJobs(api)).find((job) => job.job_id === second)?.expires_at).toBeNull();

    // The job's own state says enough to resume it on another device.
    expect(await jobState(api, first)).toMatchObject({
      job_id: first,
      status: 'CANDIDATES_READY',
      prompt: PROMPT,
      subject_refs: [],
      style_ref: null,
      aspect: '16:9',
      fps: 24,
      duration_seconds: 8,
      video_id: open[0]!.video_id,
      expires_at,
    });

    const stranger = await signedIn(server());
    expect(await listJobs(stranger.api)).toEqual([]);
    expect((await apiClient(server()).get(JOB)).status).toBe(401);
  });

  it('expires a job left waiting a week: its video goes back, the library row fails, nothing goes on', async () => {
    const { api, user } = await signedIn(server());
    const before = await remainingVideos(api);
    const abandoned = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>().job_id;
    const recent = (await api.postJson(JOB, { prompt: 'A kite over the dunes' })).json<{ job_id: string }>()
      .job_id;
    expect(await remainingVideos(api)).toBe(before - 2);
    await waitingSince(abandoned, STUDIO_ABANDONED_AFTER_DAYS + 1);
    await waitingSince(recent, STUDIO_ABANDONED_AFTER_DAYS - 1, 'VOICEOVER_READY');

    // Listing the open jobs expires the abandoned one as it reads it: it is no longer open.
    expect((await listJobs(api, '?open=1')).map((job) => job.job_id)).toEqual([recent]);
    expect(await jobState(api, abandoned)).toMatchObject({
      status: 'FAILED',
      error: studioJobTexts.expired,
      expires_at: null,
    });
    expect((await jobState(api, recent)).status).toBe('VOICEOVER_READY');
    expect(await remainingVideos(api)).toBe(before - 1);
    const rows = await orm().select().from(videos).where(eq(videos.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'processing']);
    const select = await api.request('POST', `${JOB}/${abandoned}/select`, {
      json: { candidate_id: 'candidate-1' },
    });
    expect(select.status).toBe(400);
    expect(select.json()).toEqual({ detail: serverDetailMessages.candidatesNotReady });
    const notifications = (await api.get('/notifications'))
      .json<unknown[]>()
      .map((n) => notificationSchema.parse(n));
    expect(notifications).toContainEqual(
      expect.objectContaining({ status: 'failed', message: expect.stringContaining(studioJobTexts.expired) }),
    );
  });

  it('the queued check expires a job that is due with no one reading it, once', async () => {
    const { api, user } = await signedIn(server());
    const before = await remainingVideos(api);
    const jobId = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>().job_id;
    await waitingSince(jobId, STUDIO_ABANDONED_AFTER_DAYS + 1, 'VIDEO_READY');
    const check = server().jobs.find((job) => job.name === 'ai-studio.expire')!;
    const context = { jobId: 'check', retryCount: 0, signal: new AbortController().signal };
    await check.handler({ id: jobId }, context);
    await check.handler({ id: jobId }, context);
    const [row] = await orm().select().from(studioJobs).where(eq(studioJobs.id, jobId));
    expect(row).toMatchObject({ status: 'FAILED', error: studioJobTexts.expired });
    const [video] = await orm().select().from(videos).where(eq(videos.userId, user.id));
    expect(video).toMatchObject({ status: 'failed' });
    expect(await remainingVideos(api)).toBe(before);
  });

  it('does not expire a job whose step is still running, nor a job under way', async () => {
    const { api } = await signedIn(server());
    const extending = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>().job_id;
    const generating = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>().job_id;
    await waitingSince(extending, STUDIO_ABANDONED_AFTER_DAYS + 2, 'VIDEO_READY');
    await orm().insert(studioSteps).values({ jobId: extending, type: 'extend', status: 'running' });
    await orm()
      .update(studioJobs)
      .set({ updatedAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(studioJobs.id, generating));
    expect((await jobState(api, extending)).status).toBe('VIDEO_READY');
    expect((await jobState(api, generating)).status).toBe('CREATED');
  });
});

/**
 * A lip-sync vendor whose own progress falls (it starts a stage again), then the offline one, which
 * counts from 0 again: the user's bar must still only rise. Reports are paced past the progress
 * throttle's second, so each one reaches the stream.
 */
const fallingLipsync = (shared: Providers): Providers => ({
  ...shared,
  lipSync: {
    ...shared.lipSync,
    apply: async (request, options) => {
      for (const progress of [0.5, 0.2, 0.9, 0.3]) {
        options?.onProgress?.({ progress, stage: 'syncing' });
        await new Promise((resolve) => setTimeout(resolve, 1_100));
      }
      return shared.lipSync.apply(request, options);
    },
  },
});

describeHeavy('a studio job resumed from its notification, extended and lip-synced', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let jobId: string;

  beforeAll(async () => {
    server = await startTestServer({ listen: true, providers: fallingLipsync });
    owner = await signedIn(server);
    const photo = await testImage('jpeg', 640, 480, { hue: 200 });
    const upload = await owner.api.postForm(
      '/upload/signed-url',
      formData({ source: 'ai-studio' }, [
        { name: 'files', data: photo, filename: 'boat.jpg', type: 'image/jpeg' },
      ]),
    );
    const subject = upload.json<UploadAnswer>().images[0]!.gcs_uri;
    const created = await owner.api.postJson(JOB, {
      prompt: PROMPT,
      subject_refs: [subject],
      duration_seconds: 3,
      seed: 8,
    });
    jobId = created.json<{ job_id: string }>().job_id;
    await readEvents(
      server,
      owner.token,
      jobId,
      (event) => event.type === 'state' && ['CANDIDATES_READY', 'FAILED'].includes(event.status),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('links its Candidates Ready notification to the job, and lists it as waiting for a pick', async () => {
    // The notification follows the ready state.
    const ready = await waitFor(
      async () =>
        (await owner.api.get('/notifications'))
          .json<unknown[]>()
          .map((n) => notificationSchema.parse(n))
          .find((n) => n.title === 'AI Studio Candidates Ready'),
      'the Candidates Ready notification',
      60_000,
    );
    expect(ready.link).toBe(`/studio?job=${jobId}`);
    // The job's photos come back with it, to show on another device.
    const { subject_refs } = await jobState(owner.api, jobId);
    expect(subject_refs).toEqual([
      {
        gcs_uri: expect.stringMatching(/^local:\/\//),
        url: expect.any(String),
        filename: expect.stringMatching(/\.jpg$/),
      },
    ]);
    const [listed] = await listJobs(owner.api, '?open=true');
    expect(listed).toMatchObject({ job_id: jobId, status: 'CANDIDATES_READY', candidate_count: 4 });
    expect(listed!.preview_url).toEqual(expect.any(String));
  });

  it('queues the expiry check for a week later; a check that finds the job not due queues the next', async () => {
    const { database } = server.platform;
    const rows = await waitFor(
      async () => {
        const { rows: queued } = await database.executeSql<{ start_after: Date; created_on: Date }>(
          "SELECT start_after, created_on FROM pgboss.job WHERE name = 'ai-studio.expire' AND data->>'id' = $1",
          [jobId],
        );
        return queued.length > 0 ? queued : undefined;
      },
      'the expiry check to be queued',
      60_000,
    );
    expect(rows).toHaveLength(1);
    const delay = new Date(rows[0]!.start_after).getTime() - new Date(rows[0]!.created_on).getTime();
    expect(Math.abs(delay - STUDIO_ABANDONED_AFTER_DAYS * DAY_MS)).toBeLessThan(60_000);
    // Checked early (the user acted since), it only queues the next check.
    await server.platform.queue.send('ai-studio.expire', { id: jobId });
    await waitFor(
      async () => {
        const { rows: checks } = await database.executeSql<{ state: string }>(
          "SELECT state FROM pgboss.job WHERE name = 'ai-studio.expire' AND data->>'id' = $1",
          [jobId],
        );
        return checks.filter((check) => check.state === 'completed').length === 1 ? true : undefined;
      },
      'the early check to run',
      60_000,
    );
    const [row] = await database.orm.select().from(studioJobs).where(eq(studioJobs.id, jobId));
    expect(row!.status).toBe('CANDIDATES_READY');
    const { rows: waiting } = await database.executeSql<{ id: string }>(
      "SELECT id FROM pgboss.job WHERE name = 'ai-studio.expire' AND data->>'id' = $1 AND state = 'created'",
      [jobId],
    );
    expect(waiting).toHaveLength(2);
  });

  it('streams an extension whose progress rises, and hands over the longer clip', async () => {
    const { api } = owner;
    expect(
      (await api.request('POST', `${JOB}/${jobId}/select`, { json: { candidate_id: 'candidate-2' } })).status,
    ).toBe(200);
    const since = (await readEvents(server, owner.token, jobId, () => true)).events[0]!.id;
    const extended = await api.request('POST', `${JOB}/${jobId}/extend`, {
      json: { additional_seconds: 2 },
      headers: { 'x-idempotency-key': 'resume-extend-1' },
    });
    expect(extended.status).toBe(200);
    const { events } = await readEvents(
      server,
      owner.token,
      jobId,
      (event) => event.type === 'extension_complete' || event.type === 'error',
      { lastEventId: since },
    );
    expect(events.at(-1)).toMatchObject({ type: 'extension_complete', final_video_url: expect.any(String) });
    // The extension says how far it is, as the candidates and the lip-sync do, rising only.
    const progress = progressOf(events);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const job = await jobState(api, jobId);
    expect(job).toMatchObject({ status: 'VIDEO_READY', progress: 1 });
    expect(job.steps.find((step) => step.step_type === 'extend')).toMatchObject({ status: 'completed' });
  });

  it('never reports a lower lip-sync progress than it already did, though its provider does', async () => {
    const { api } = owner;
    const voiceover = await api.request('POST', `${JOB}/${jobId}/voiceover`, {
      json: { text: 'Fold it, float it, follow it down the street.' },
      headers: { 'x-idempotency-key': 'resume-voiceover-1' },
    });
    expect(voiceover.status).toBe(200);
    const since = (await readEvents(server, owner.token, jobId, () => true)).events[0]!.id;
    const lipsync = await api.request('POST', `${JOB}/${jobId}/lipsync`, {
      json: {},
      headers: { 'x-idempotency-key': 'resume-lipsync-1' },
    });
    expect(lipsync.status).toBe(202);
    const { events } = await readEvents(
      server,
      owner.token,
      jobId,
      (event) => event.type === 'workflow_complete' || event.type === 'lipsync_failed',
      { lastEventId: since },
    );
    expect(events.at(-1)).toMatchObject({ type: 'workflow_complete' });
    const progress = progressOf(events);
    // The vendor's 0.5 after the render's share, then its falls are not passed on.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await jobState(api, jobId)).toMatchObject({ status: 'COMPLETE', progress: 1, expires_at: null });
    expect(await listJobs(api, '?open=true')).toEqual([]);
  });
});

function progressOf(events: readonly StudioEvent[]): number[] {
  return events.flatMap((event) => (event.type === 'progress' ? [event.progress] : []));
}
