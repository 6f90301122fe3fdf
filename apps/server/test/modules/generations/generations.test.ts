import { eq } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { z } from 'zod';
import {
  generationStateSchema,
  generationMessages,
  notificationSchema,
  textToVideoMessages,
  type GenerationState,
} from '@reelcraft/contract';
import { generations, videos } from '../../../src/db-schema';
import { createGenerations, defineGenerationKind } from '../../../src/modules/generations';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

const PROMPT = 'A paper boat drifting down a rainy street';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

async function startTextVideo(api: ApiClient): Promise<string> {
  const started = await api.postForm('/text-to-video/sessions', formData({ prompt: PROMPT, duration: 15 }));
  expect(started.status).toBe(201);
  return started.json<{ session_id: string }>().session_id;
}

const activeAnswer = z.object({ generation: generationStateSchema.nullable() });

// No worker takes the jobs: generations stay running until a test ends them.
describeEachDatabase('the generation core', { work: false, listen: true }, (server) => {
  it('answers the running generation of a kind, so a reloaded screen resumes it', async () => {
    const { api } = await signedIn(server());
    const none = await api.get('/generations/active?project_type=text-to-video');
    expect(none.status).toBe(200);
    expect(none.json()).toEqual({ generation: null });

    const sessionId = await startTextVideo(api);
    const active = activeAnswer.parse(
      (await api.get('/generations/active?project_type=text-to-video')).json(),
    );
    expect(active.generation).toEqual({
      session_id: sessionId,
      project_type: 'text-to-video',
      status: 'processing',
      progress: 0,
      stage: 'file_processing',
      message: textToVideoMessages.progressInitializing,
      video_id: expect.any(String),
      video_url: null,
      error: null,
      retrying: false,
      storyboard_id: expect.any(String),
    });
    // Another kind has none running; another user sees none; a guest is refused.
    expect((await api.get('/generations/active?project_type=image-to-video')).json()).toEqual({
      generation: null,
    });
    const stranger = await signedIn(server());
    expect((await stranger.api.get('/generations/active?project_type=text-to-video')).json()).toEqual({
      generation: null,
    });
    expect((await apiClient(server()).get('/generations/active?project_type=text-to-video')).status).toBe(
      401,
    );
    expect((await api.get('/generations/active?project_type=movies')).status).toBe(422);
  });

  it('sends a generation to the background once, and its outcome replaces the pending notice', async () => {
    const { api } = await signedIn(server());
    const sessionId = await startTextVideo(api);
    const sent = await api.postJson(`/generations/${sessionId}/background`, {});
    expect(sent.status).toBe(200);
    const pending = notificationSchema.parse(sent.json());
    expect(pending).toMatchObject({
      status: 'pending',
      session_id: sessionId,
      // The video's own viewer, not the projects list (issue 36).
      link: `/projects?open=${pending.video_id}`,
      title: 'Video generation in progress',
      message: `"${PROMPT}" is being created. We will notify you when it is ready.`,
    });
    // Asked again (a double click), the same notification answers.
    expect((await api.postJson(`/generations/${sessionId}/background`, {})).json()).toEqual(pending);

    // The job ends (here: the queue gives up on it): the pending notice becomes the outcome.
    const [row] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, sessionId));
    await server().jobs.find((job) => job.name === 'text-to-video.render')!.onGaveUp!({ id: row!.id });
    const listed = (await api.get('/notifications'))
      .json<unknown[]>()
      .map((n) => notificationSchema.parse(n));
    expect(listed).toEqual([
      expect.objectContaining({
        id: pending.id,
        status: 'failed',
        session_id: sessionId,
        title: generationMessages.creationFailed,
      }),
    ]);
    // After the end, the outcome is what "send to background" answers; nothing new is made.
    expect((await api.postJson(`/generations/${sessionId}/background`, {})).json()).toMatchObject({
      id: pending.id,
      status: 'failed',
    });
    expect((await api.get('/notifications')).json<unknown[]>()).toHaveLength(1);
  });

  it('shows an interrupted generation as retrying until its next attempt reports progress', async () => {
    const { api } = await signedIn(server());
    const sessionId = await startTextVideo(api);
    const [row] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, sessionId));
    const render = server().jobs.find((job) => job.name === 'text-to-video.render')!;
    const state = async () => (await api.get(`/generations/${sessionId}`)).json<GenerationState>();
    expect(await state()).toMatchObject({ status: 'processing', retrying: false });

    // What the queue calls when the worker running it went silent and another attempt follows.
    await render.onRetrying!({ id: row!.id });
    expect(await state()).toMatchObject({
      status: 'processing',
      retrying: true,
      message: generationMessages.retrying,
    });
    const session = await api.get(`/text-to-video/sessions/${sessionId}`);
    expect(session.json()).toMatchObject({ status: 'processing', retrying: true });

    // The next attempt's first progress clears it.
    await server().services.videos.recordProgress(row!.videoId, {
      progress: 5,
      stage: 'video_generation',
      stageProgress: {},
    });
    expect(await state()).toMatchObject({ retrying: false, progress: 5 });
  });

  it("answers 404 for another user's or an unknown session, 401 without a token", async () => {
    const owner = await signedIn(server());
    const sessionId = await startTextVideo(owner.api);
    const stranger = await signedIn(server());
    const peek = await stranger.api.postJson(`/generations/${sessionId}/background`, {});
    expect(peek.status).toBe(404);
    expect(peek.json()).toEqual({ detail: 'Session not found' });
    expect((await stranger.api.postJson('/generations/no-such-session/background', {})).status).toBe(404);
    expect((await apiClient(server()).postJson(`/generations/${sessionId}/background`, {})).status).toBe(401);
    expect((await stranger.api.get('/notifications')).json()).toEqual([]);
  });

  /** A generation core with one kind the queue has no handler for. */
  function unqueueableCore() {
    const { platform, services } = server();
    const kind = defineGenerationKind({
      name: 'unregistered',
      projectType: 'text-to-video',
      input: z.object({ prompt: z.string() }),
      message: () => null,
      render: () => Promise.reject(new Error('never rendered')),
    });
    const { service } = createGenerations({
      config: platform.config,
      database: platform.database,
      queue: platform.queue,
      bus: platform.bus,
      storage: platform.storage,
      videos: services.videos,
      quota: services.quota,
      notifications: services.notifications,
      kinds: [kind],
      logger: pino({ level: 'silent' }),
    });
    return { kind, service };
  }

  it('starts in one transaction: when the job cannot be queued, nothing is kept and no video is taken', async () => {
    const { user, api } = await signedIn(server());
    const before = await remainingVideos(api);
    const { kind, service } = unqueueableCore();
    // Sending the job fails inside the start's transaction, after the quota and rows were written.
    await expect(
      service.start(kind, { userId: user.id, title: PROMPT, input: { prompt: PROMPT } }),
    ).rejects.toThrow('No handler is registered for job "unregistered.render"');

    expect(await remainingVideos(api)).toBe(before);
    const { orm } = server().platform.database;
    expect(await orm.select().from(videos).where(eq(videos.userId, user.id))).toEqual([]);
    expect(await orm.select().from(generations).where(eq(generations.userId, user.id))).toEqual([]);
  });

  it('refuses a session id already used by another kind of video, taking nothing', async () => {
    const { user, api } = await signedIn(server());
    const body = { prompt: PROMPT, duration: 15, session_id: 'shared-id-1' };
    expect((await api.postJson('/text-to-video/sessions', body)).status).toBe(201);
    const before = await remainingVideos(api);
    const { kind, service } = unqueueableCore();
    await expect(
      service.start(kind, {
        userId: user.id,
        sessionId: 'shared-id-1',
        title: PROMPT,
        input: { prompt: PROMPT },
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await remainingVideos(api)).toBe(before);
  });
});
