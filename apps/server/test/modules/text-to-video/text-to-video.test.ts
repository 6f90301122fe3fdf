import fs from 'node:fs/promises';
import { generations, videos } from '../../../src/db-schema';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generationGateMessages,
  generationMessages,
  notificationSchema,
  textToVideoMessages,
  textToVideoSessionSchema,
  VIDEO_EVENT_TYPES,
  videoProgressEventDataSchema,
  type TextToVideoSession,
  type VideoProgressEventData,
} from '@reelcraft/contract';
import { eq } from 'drizzle-orm';
import { probeMedia } from '../../../src/media/media-probe';
import { ProviderError, type Providers } from '../../../src/providers';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import { storyboardRendered } from '../../helpers/storyboards';
import { createUserWithToken } from '../../helpers/users';

const PROMPT = 'A misty forest at sunrise with birds flying over a calm lake';

async function signedInClient(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, token, api: apiClient(server, token) };
}

async function remainingVideos(api: ApiClient): Promise<number> {
  const count = await api.get('/user/video-count');
  return count.json<{ remaining_videos: number }>().remaining_videos;
}

async function queuedRenders(server: TestServer): Promise<number> {
  const { rows } = await server.platform.database.executeSql<{ count: number }>(
    "SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'text-to-video.render'",
  );
  return rows[0]?.count ?? 0;
}

async function waitForOutcome(api: ApiClient, sessionId: string, timeoutMs = 90_000) {
  return waitFor(
    async () => {
      const answer = await api.get(`/text-to-video/sessions/${sessionId}`);
      const session = textToVideoSessionSchema.parse(answer.json());
      return session.status === 'processing' ? undefined : session;
    },
    `the text job ${sessionId} to finish`,
    timeoutMs,
  );
}

// Starting, reading and refusing: the jobs are queued but no worker takes them (nothing renders).
describeEachDatabase('text-to-video calls', { work: false, listen: true }, (server) => {
  it('starts a job from the multipart form and answers its state at once', async () => {
    const { user, api } = await signedInClient(server());
    const before = await remainingVideos(api);
    const started = await api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: PROMPT, duration: 15, seed: 7 }),
    );
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    expect(session_id).toMatch(/^[0-9a-f-]{36}$/);

    const state = await api.get(`/text-to-video/sessions/${session_id}`);
    expect(state.status).toBe(200);
    expect(state.json()).toEqual({
      session_id,
      status: 'processing',
      progress: 0,
      final_video_url: null,
      error: null,
      retrying: false,
    });
    // One video was taken, a library row is processing, and one render is queued.
    expect(await remainingVideos(api)).toBe(before - 1);
    const [video] = await server()
      .platform.database.orm.select()
      .from(videos)
      .where(eq(videos.sessionId, session_id));
    expect(video).toMatchObject({
      userId: user.id,
      projectType: 'text-to-video',
      status: 'processing',
      title: PROMPT,
    });
    const [generation] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, session_id));
    // A text video is a storyboard written from the prompt, rendered at once (issue 31).
    expect(generation).toMatchObject({
      kind: 'storyboard',
      input: { seed: 7, version: 1 },
      videoId: video?.id,
    });
    expect(await storyboardRendered(server(), generation!)).toMatchObject({ prompt: PROMPT, aspect: '16:9' });
    expect(video?.storyboardId).toBe((generation!.input as { storyboardId: string }).storyboardId);
  });

  it('fails a job the queue gave up on (its last attempt died) and gives its video back, once', async () => {
    const { api } = await signedInClient(server());
    const before = await remainingVideos(api);
    const started = await api.postForm('/text-to-video/sessions', formData({ prompt: PROMPT, duration: 15 }));
    const { session_id } = started.json<{ session_id: string }>();
    expect(await remainingVideos(api)).toBe(before - 1);
    const [row] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, session_id));
    const render = server().jobs.find((job) => job.name === 'storyboard.render')!;

    // What the queue does when the process running the last attempt died.
    await render.onGaveUp!({ id: row!.id });
    await render.onGaveUp!({ id: row!.id });

    expect((await api.get(`/text-to-video/sessions/${session_id}`)).json()).toMatchObject({
      status: 'failed',
      error: generationMessages.generationFailed,
    });
    expect(await remainingVideos(api)).toBe(before);
    const [video] = await server()
      .platform.database.orm.select()
      .from(videos)
      .where(eq(videos.sessionId, session_id));
    expect(video?.status).toBe('failed');
  });

  it('takes the JSON variant, and a repeated start with the same session_id takes no second video', async () => {
    const { api } = await signedInClient(server());
    const before = await remainingVideos(api);
    const body = { prompt: 'Neon city streets in the rain', duration: 30, session_id: 'client-chosen-1' };
    const first = await api.postJson('/text-to-video/sessions', body);
    const again = await api.postJson('/text-to-video/sessions', body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(first.json()).toEqual({ session_id: 'client-chosen-1' });
    expect(again.json()).toEqual({ session_id: 'client-chosen-1' });
    expect(await remainingVideos(api)).toBe(before - 1);
    // Another user may use the same id for a job of their own.
    const other = await signedInClient(server());
    expect((await other.api.postJson('/text-to-video/sessions', body)).status).toBe(201);
    expect((await other.api.get('/text-to-video/sessions/client-chosen-1')).json()).toMatchObject({
      status: 'processing',
    });
  });

  it('refuses invalid starts with the contract 422 and takes no video', async () => {
    const { api } = await signedInClient(server());
    const before = await remainingVideos(api);
    const blank = await api.postForm('/text-to-video/sessions', formData({ prompt: '   ', duration: 15 }));
    expect(blank.status).toBe(422);
    expect(blank.json()).toEqual({
      detail: [
        expect.objectContaining({ loc: ['body', 'prompt'], msg: textToVideoMessages.descriptionRequired }),
      ],
    });
    const duration = await api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: PROMPT, duration: 20 }),
    );
    expect(duration.status).toBe(422);
    expect(duration.json<{ detail: { loc: unknown[] }[] }>().detail[0]?.loc).toEqual(['body', 'duration']);
    const seed = await api.postJson('/text-to-video/sessions', { prompt: PROMPT, duration: 15, seed: -1 });
    expect(seed.status).toBe(422);
    const missing = await api.postJson('/text-to-video/sessions', {});
    expect(missing.status).toBe(422);
    const file = await api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: PROMPT, duration: 15 }, [
        { name: 'file', data: Buffer.from('x'), filename: 'x.txt' },
      ]),
    );
    expect(file.status).toBe(400);
    expect(await remainingVideos(api)).toBe(before);
  });

  it('answers 403 with the detail when no video is left, and queues nothing', async () => {
    const { user, api } = await signedInClient(server());
    const { quota } = server().services;
    for (let n = (await remainingVideos(api)) - 1; n >= 0; n -= 1) {
      await quota.reserveVideo(user.id, { reference: `used-up-${n}` });
    }
    const queued = await queuedRenders(server());
    const refused = await api.postForm('/text-to-video/sessions', formData({ prompt: PROMPT, duration: 15 }));
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ detail: generationGateMessages.noVideosRemaining });
    expect(await queuedRenders(server())).toBe(queued);
    const rows = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.userId, user.id));
    expect(rows).toEqual([]);
    const videoRows = await server()
      .platform.database.orm.select()
      .from(videos)
      .where(eq(videos.userId, user.id));
    expect(videoRows).toEqual([]);
  });

  it("never shows a user another user's job, and needs a token", async () => {
    const owner = await signedInClient(server());
    const started = await owner.api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: PROMPT, duration: 15 }),
    );
    const { session_id } = started.json<{ session_id: string }>();
    const stranger = await signedInClient(server());
    const peek = await stranger.api.get(`/text-to-video/sessions/${session_id}`);
    expect(peek.status).toBe(404);
    expect(peek.json()).toEqual({ detail: 'Session not found' });
    expect((await stranger.api.get('/text-to-video/sessions/no-such-session')).status).toBe(404);
    const anonymous = apiClient(server());
    expect((await anonymous.get(`/text-to-video/sessions/${session_id}`)).status).toBe(401);
    expect(
      (await anonymous.postJson('/text-to-video/sessions', { prompt: PROMPT, duration: 15 })).status,
    ).toBe(401);
  });
});

// The provider fails as a vendor would for an input it cannot use: no real render.
const refusingVideo = (shared: Providers): Providers => ({
  ...shared,
  video: {
    ...shared.video,
    fromStoryboard: async () => {
      throw new ProviderError('invalid_input', 'The description cannot be turned into a video.');
    },
  },
});

describeEachDatabase(
  'a text-to-video job that fails',
  { listen: true, providers: refusingVideo },
  (server) => {
    it('fails with a readable error, gives the video back and notifies the owner', async () => {
      const { user, api } = await signedInClient(server());
      const before = await remainingVideos(api);
      const started = await api.postForm(
        '/text-to-video/sessions',
        formData({ prompt: PROMPT, duration: 15 }),
      );
      const { session_id } = started.json<{ session_id: string }>();
      const session = await waitForOutcome(api, session_id);
      expect(session).toEqual({
        session_id,
        status: 'failed',
        progress: 0,
        final_video_url: null,
        error: 'The description cannot be turned into a video.',
        retrying: false,
      });
      expect(await remainingVideos(api)).toBe(before);
      const [video] = await server()
        .platform.database.orm.select()
        .from(videos)
        .where(eq(videos.userId, user.id));
      expect(video).toMatchObject({
        status: 'failed',
        error: 'The description cannot be turned into a video.',
      });
      // The job's state turns failed before its notice is written: wait for the notice.
      const notifications = await waitFor(
        async () => {
          const listed = (await api.get('/notifications'))
            .json<unknown[]>()
            .map((n) => notificationSchema.parse(n));
          return listed.length > 0 ? listed : undefined;
        },
        'the failure notice',
        30_000,
      );
      expect(notifications).toEqual([
        expect.objectContaining({
          status: 'failed',
          session_id,
          link: `/projects?open=${video!.id}`,
          title: 'Video creation failed',
        }),
      ]);
    });
  },
);

describeHeavy('a real 15 s text-to-video render', () => {
  let server: TestServer;
  let api: ApiClient;
  let session: TextToVideoSession;
  let sessionId: string;
  const events: VideoProgressEventData[] = [];
  let before: number;
  const scratch = makeTempDir();

  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    ({ api } = await signedInClient(server));
    server.platform.bus.subscribe((_userId, event) => {
      if (event.type === VIDEO_EVENT_TYPES.progress)
        events.push(videoProgressEventDataSchema.parse(event.data));
    });
    before = await remainingVideos(api);
    const started = await api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: 'A red sports car racing along a coastal road at sunset', duration: 15, seed: 11 }),
    );
    expect(started.status).toBe(201);
    sessionId = started.json<{ session_id: string }>().session_id;
    session = await waitForOutcome(api, sessionId, 120_000);
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('completes with a signed URL of a valid 15 s MP4, stored for its owner', async () => {
    expect(session).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(session.final_video_url).toEqual(expect.any(String));
    // The signed URL plays without a token, as a <video> element loads it.
    const { pathname, search } = new URL(session.final_video_url!);
    const played = await fetch(`${server.baseUrl}${pathname}${search}`);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    const file = path.join(scratch, 'played.mp4');
    await fs.writeFile(file, Buffer.from(await played.arrayBuffer()));
    const probe = await probeMedia(server.providers.mediaTools, file);
    // As long as its narration, which is written for the 15 s asked (decision 035).
    expect(probe.durationSeconds).toBeGreaterThan(15 * 0.75);
    expect(probe.durationSeconds).toBeLessThan(15 * 1.25);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(probe.audio?.codec).toBe('aac');

    // The library shows it, completed, with its thumbnail; one video was used.
    const listed = (await api.get('/videos')).json<{
      videos: { status: string; thumbnail_url: string | null }[];
    }>();
    expect(listed.videos).toEqual([
      expect.objectContaining({
        status: 'completed',
        project_type: 'text-to-video',
        thumbnail_url: expect.any(String),
      }),
    ]);
    expect(await remainingVideos(api)).toBe(before - 1);
  });

  it('reported its progress as it went and notified the owner', async () => {
    const mine = events.filter((event) => event.session_id === sessionId);
    // The last event carries the finished video's URL: the screen needs no further call.
    expect(mine.at(-1)).toMatchObject({
      status: 'completed',
      progress: 100,
      stage: 'completed',
      video_url: expect.stringContaining('/'),
      message: textToVideoMessages.progressFinalizing,
    });
    const running = mine.filter((event) => event.status === 'processing');
    expect(running.length).toBeGreaterThan(2);
    expect(running.map((event) => event.progress)).toEqual(
      [...running.map((event) => event.progress)].sort((a, b) => a - b),
    );
    expect(new Set(running.map((event) => event.stage))).toContain('video_generation');
    const notifications = (await api.get('/notifications'))
      .json<unknown[]>()
      .map((n) => notificationSchema.parse(n));
    expect(notifications).toEqual([
      expect.objectContaining({
        status: 'completed',
        session_id: sessionId,
        video_id: expect.any(String),
      }),
    ]);
    // "View" opens the video the notification announces (issue 36).
    expect(notifications[0]!.link).toBe(`/projects?open=${notifications[0]!.video_id}`);
  });

  it('downloads through the proxy with ranges, for its owner only', async () => {
    const whole = await api.get(`/proxy/video?url=${encodeURIComponent(session.final_video_url!)}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="A_red_sports_car/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await api.get(`/proxy/video?url=${encodeURIComponent(session.final_video_url!)}`, {
      range: 'bytes=0-99',
    });
    expect(part.status).toBe(206);
    expect(part.body).toEqual(whole.body.subarray(0, 100));
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${whole.body.length}`);

    const stranger = await signedInClient(server);
    const refused = await stranger.api.get(
      `/proxy/video?url=${encodeURIComponent(session.final_video_url!)}`,
    );
    expect(refused.status).toBe(404);
    expect((await stranger.api.get(`/text-to-video/sessions/${sessionId}`)).status).toBe(404);
  });
});
