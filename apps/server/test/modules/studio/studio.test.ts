import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generationGateMessages,
  notificationSchema,
  serverDetailMessages,
  studioJobSchema,
  studioMessages,
  type StudioEvent,
  type StudioJob,
  type UploadAnswer,
} from '@reelcraft/contract';
import { storyboards, studioJobs, studioSteps, videos } from '../../../src/db-schema';
import { probeMedia } from '../../../src/media/media-probe';
import { ProviderError, type Providers } from '../../../src/providers';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { readEvents } from './read-events';
import { testImage, toneWav } from '../../fixtures/test-images';
import { silentAudio, withMatroskaDuration } from '../../fixtures/lying-audio';

const PROMPT = 'A red ceramic mug on a wooden table, steam rising, warm morning light';
const JOB = '/studio/veo/jobs';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, token, api: apiClient(server, token) };
}

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

async function uploadSubject(api: ApiClient): Promise<string> {
  const photo = await testImage('jpeg', 640, 480, { hue: 10 });
  const upload = await api.postForm(
    '/upload/signed-url',
    formData({ source: 'ai-studio' }, [
      { name: 'files', data: photo, filename: 'mug.jpg', type: 'image/jpeg' },
    ]),
  );
  expect(upload.status).toBe(200);
  return upload.json<UploadAnswer>().images[0]!.gcs_uri;
}

const post = (api: ApiClient, url: string, json: unknown, key?: string) =>
  api.request('POST', url, { json, ...(key ? { headers: { 'x-idempotency-key': key } } : {}) });

async function jobState(api: ApiClient, jobId: string): Promise<StudioJob> {
  const answer = await api.get(`${JOB}/${jobId}`);
  expect(answer.status).toBe(200);
  return studioJobSchema.parse(answer.json());
}

// No worker: jobs stay where the calls put them, so every out-of-turn call can be tried.
describeEachDatabase('studio calls', { work: false, listen: true }, (server) => {
  it('creates a job: one video reserved, a library row, and the job CREATED with no candidates yet', async () => {
    const { user, api } = await signedIn(server());
    const before = await remainingVideos(api);
    const subject = await uploadSubject(api);
    const created = await api.postJson(JOB, { prompt: PROMPT, subject_refs: [subject], seed: 5 });
    expect(created.status).toBe(201);
    const { job_id, workflow_id } = created.json<{ job_id: string; workflow_id: string }>();
    expect(job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(workflow_id).toEqual(expect.any(String));
    expect(await remainingVideos(api)).toBe(before - 1);
    expect(await jobState(api, job_id)).toMatchObject({
      job_id,
      workflow_id,
      status: 'CREATED',
      progress: 0,
      candidates: [],
      selected_candidate_id: null,
      final_video_url: null,
      error: null,
    });
    const rows = await server().platform.database.orm.select().from(videos).where(eq(videos.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ projectType: 'ai-studio', status: 'processing' })]);
  });

  it('refuses every call out of turn with the spec text', async () => {
    const { api } = await signedIn(server());
    const { job_id } = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>();
    const select = await post(api, `${JOB}/${job_id}/select`, { candidate_id: 'candidate-1' });
    expect(select.status).toBe(400);
    expect(select.json()).toEqual({ detail: serverDetailMessages.candidatesNotReady });
    const voiceover = await post(api, `${JOB}/${job_id}/voiceover`, { text: 'Hello there' });
    expect(voiceover.status).toBe(400);
    expect(voiceover.json()).toEqual({ detail: serverDetailMessages.videoNotReadyForVoiceover });
    const lipsync = await post(api, `${JOB}/${job_id}/lipsync`, {});
    expect(lipsync.json()).toEqual({ detail: serverDetailMessages.noAudioForLipsync });
    const extend = await post(api, `${JOB}/${job_id}/extend`, { additional_seconds: 4 });
    expect(extend.json()).toEqual({ detail: studioMessages.invalidExtension });
    const recorded = await api.postForm(
      `${JOB}/${job_id}/voiceover/recorded`,
      formData({}, [{ name: 'audio_file', data: Buffer.from('RIFF'), filename: 'a.wav', type: 'audio/wav' }]),
    );
    expect(recorded.status).toBe(400);
    expect(recorded.json()).toEqual({ detail: studioMessages.invalidRecordedAudio });
  });

  it("answers 404 for another user's job on every call, the event stream included", async () => {
    const owner = await signedIn(server());
    const { job_id } = (await owner.api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>();
    const stranger = await signedIn(server());
    const answers = [
      await stranger.api.get(`${JOB}/${job_id}`),
      await stranger.api.get(`${JOB}/${job_id}/assets`),
      await post(stranger.api, `${JOB}/${job_id}/voiceover`, { text: 'Hi' }),
      await post(stranger.api, `${JOB}/${job_id}/lipsync`, {}),
      await post(stranger.api, `${JOB}/${job_id}/extend`, { additional_seconds: 2 }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ detail: serverDetailMessages.jobNotFound });
    }
    const select = await post(stranger.api, `${JOB}/${job_id}/select`, { candidate_id: 'candidate-1' });
    expect(select.json()).toEqual({ detail: serverDetailMessages.jobOrCandidateNotFound });
    expect((await readEvents(server(), stranger.token, job_id, () => true)).status).toBe(404);
    expect((await stranger.api.get(`${JOB}/not-a-job`)).status).toBe(404);
    expect((await apiClient(server()).get(`${JOB}/${job_id}`)).status).toBe(401);
  });

  it("refuses another user's reference images, and answers 403 when no video is left", async () => {
    const owner = await signedIn(server());
    const subject = await uploadSubject(owner.api);
    const stranger = await signedIn(server());
    const foreign = await stranger.api.postJson(JOB, { prompt: PROMPT, subject_refs: [subject] });
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toEqual({ detail: serverDetailMessages.imageNotFound });

    const { quota } = server().services;
    for (let n = (await remainingVideos(stranger.api)) - 1; n >= 0; n -= 1) {
      await quota.reserveVideo(stranger.user.id, { reference: `used-${n}` });
    }
    const refused = await stranger.api.postJson(JOB, { prompt: PROMPT });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ detail: generationGateMessages.noVideosRemaining });
    expect(
      await server().platform.database.orm.select().from(videos).where(eq(videos.userId, stranger.user.id)),
    ).toEqual([]);
    expect((await stranger.api.postJson(JOB, { prompt: '' })).status).toBe(422);
  });

  it('measures a recorded voiceover by decoding it: a lying duration header does not pass 300 s', async () => {
    const { api } = await signedIn(server());
    const { job_id } = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>();
    const { orm } = server().platform.database;
    // A chosen video, as the candidates and the select call would leave the job.
    await orm.update(studioJobs).set({ status: 'VIDEO_READY' }).where(eq(studioJobs.id, job_id));
    const record = (data: Buffer) =>
      api.postForm(
        `${JOB}/${job_id}/voiceover/recorded`,
        formData({}, [{ name: 'audio_file', data, filename: 'take.webm', type: 'audio/webm' }]),
      );

    // 400 s of silent Opus: with its Duration patched to 5 s, without one, and honest.
    const long = await silentAudio('webm', 400);
    for (const hostile of [withMatroskaDuration(long, 5), withMatroskaDuration(long, null), long]) {
      const refused = await record(hostile);
      expect(refused.status).toBe(400);
      expect(refused.json()).toEqual({
        detail: `${studioMessages.invalidRecordedAudio} The audio is too long (at most 300 seconds).`,
      });
    }
    expect((await jobState(api, job_id)).status).toBe('VIDEO_READY');
    expect(await orm.select().from(studioSteps).where(eq(studioSteps.jobId, job_id))).toEqual([]);

    // A browser's recording has no Duration either; a short one is taken.
    const take = await record(withMatroskaDuration(await silentAudio('webm', 3), null));
    expect(take.status).toBe(200);
    expect(take.json()).toMatchObject({ status: 'VOICEOVER_READY', voiceover_audio_url: expect.any(String) });
  });
});

// The provider fails as a vendor would (offline, candidates are storyboards it renders): the job
// fails readably and gives its video back.
const refusingCandidates = (shared: Providers): Providers => ({
  ...shared,
  video: {
    ...shared.video,
    candidates: async () => {
      throw new ProviderError('invalid_input', 'These candidates cannot be made.');
    },
    fromStoryboard: async () => {
      throw new ProviderError('invalid_input', 'These candidates cannot be made.');
    },
  },
});

describeEachDatabase(
  'a studio job whose candidates fail',
  { listen: true, providers: refusingCandidates },
  (server) => {
    it('is FAILED with the reason, streamed, notified, and its video given back', async () => {
      const { token, api } = await signedIn(server());
      const before = await remainingVideos(api);
      const { job_id } = (await api.postJson(JOB, { prompt: PROMPT })).json<{ job_id: string }>();
      const { events } = await readEvents(
        server(),
        token,
        job_id,
        (event) => event.type === 'state' && event.status === 'FAILED',
      );
      // The reason reaches the stream whenever it connects: in the live error event, and in the
      // FAILED state a late reader is sent (workers take the job at once, so it may fail first).
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'state',
          status: 'FAILED',
          message: 'These candidates cannot be made.',
        }),
      );
      expect(await jobState(api, job_id)).toMatchObject({
        status: 'FAILED',
        error: 'These candidates cannot be made.',
      });
      await waitFor(
        async () => ((await remainingVideos(api)) === before ? true : undefined),
        'the video given back',
        10_000,
      );
      const notifications = (await api.get('/notifications'))
        .json<unknown[]>()
        .map((n) => notificationSchema.parse(n));
      expect(notifications).toContainEqual(
        expect.objectContaining({
          title: studioMessages.generationFailedTitle,
          status: 'failed',
          link: '/studio',
        }),
      );
    });
  },
);

describeHeavy('the whole studio walk, rendered offline', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let jobId: string;
  let streamed: (StudioEvent & { id: number })[] = [];
  let before: number;
  const scratch = makeTempDir();

  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    owner = await signedIn(server);
    before = await remainingVideos(owner.api);
    const subject = await uploadSubject(owner.api);
    const created = await owner.api.postJson(JOB, {
      prompt: PROMPT,
      subject_refs: [subject],
      duration_seconds: 3,
      aspect: '16:9',
      fps: 24,
      seed: 21,
    });
    expect(created.status).toBe(201);
    jobId = created.json<{ job_id: string }>().job_id;
    ({ events: streamed } = await readEvents(
      server,
      owner.token,
      jobId,
      (event) => event.type === 'state' && ['CANDIDATES_READY', 'FAILED'].includes(event.status),
    ));
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('streams the state, progress and each of the four candidates as it is made', async () => {
    expect(streamed[0]).toMatchObject({ type: 'state' });
    const assets = streamed.filter((event) => event.type === 'asset');
    expect(assets).toHaveLength(4);
    const readyAt = streamed.findIndex(
      (event) => event.type === 'state' && event.status === 'CANDIDATES_READY',
    );
    expect(readyAt).toBeGreaterThan(streamed.indexOf(assets.at(-1)!));
    expect(
      streamed.some((event) => event.type === 'progress' && event.progress > 0 && event.progress < 1),
    ).toBe(true);
    // Event ids grow, so a reconnecting client can resume after any of them.
    const ids = streamed.slice(1).map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const job = await jobState(owner.api, jobId);
    expect(job.status).toBe('CANDIDATES_READY');
    expect(job.candidates.map((candidate) => candidate.id)).toEqual([
      'candidate-1',
      'candidate-2',
      'candidate-3',
      'candidate-4',
    ]);
    const sizes = new Set(job.candidates.map((candidate) => candidate.file_size_bytes));
    expect(sizes.size).toBe(4);
    const notifications = (await owner.api.get('/notifications')).json<{ title: string; link: string }[]>();
    expect(notifications).toContainEqual(
      expect.objectContaining({ title: studioMessages.candidatesReadyTitle, link: `/studio?job=${jobId}` }),
    );
  });

  it('replays what came after Last-Event-ID to a reconnecting client', async () => {
    const middle = streamed[Math.floor(streamed.length / 2)]!;
    const { events } = await readEvents(
      server,
      owner.token,
      jobId,
      (event) => event.type === 'step_complete',
      {
        lastEventId: middle.id,
        timeoutMs: 10_000,
      },
    );
    expect(events[0]!.id).toBeGreaterThan(middle.id);
    expect(events.filter((event) => event.type === 'asset').length).toBeLessThanOrEqual(4);
    expect(events.at(-1)).toMatchObject({ type: 'step_complete', step: { step_type: 'candidates' } });
  });

  it('selects a candidate, narrates it once per idempotency key, lip-syncs and delivers it to the library', async () => {
    const { api } = owner;
    const selected = await post(api, `${JOB}/${jobId}/select`, { candidate_id: 'candidate-3' });
    expect(selected.status).toBe(200);
    expect(selected.json()).toMatchObject({ status: 'VIDEO_READY', final_video_url: expect.any(String) });
    expect((await post(api, `${JOB}/${jobId}/select`, { candidate_id: 'candidate-9' })).status).toBe(404);

    // Extend the chosen clip by 2 s (once, whatever the retries), then narrate it.
    const extendBody = { additional_seconds: 2 };
    const extended = await post(api, `${JOB}/${jobId}/extend`, extendBody, 'extend-key-1');
    expect(extended.status).toBe(200);
    expect((await post(api, `${JOB}/${jobId}/extend`, extendBody, 'extend-key-1')).status).toBe(200);
    const afterExtension = await waitFor(
      async () => {
        const job = await jobState(api, jobId);
        const step = job.steps.find((item) => item.step_type === 'extend');
        return step && step.status !== 'running' ? { job, step } : undefined;
      },
      'the extension to finish',
      120_000,
    );
    expect(afterExtension.step.status).toBe('completed');
    const extendedFile = path.join(scratch, 'extended.mp4');
    const { pathname: extendedPath, search: extendedQuery } = new URL(
      afterExtension.step.output_urls[0]!,
      server.baseUrl,
    );
    await fs.writeFile(
      extendedFile,
      Buffer.from(await (await fetch(`${server.baseUrl}${extendedPath}${extendedQuery}`)).arrayBuffer()),
    );
    const extendedProbe = await probeMedia(server.providers.mediaTools, extendedFile);
    expect(extendedProbe.durationSeconds).toBeGreaterThan(4.5);

    // A recorded voiceover is vetted by its content: noise is refused, a real recording taken.
    const refused = await api.postForm(
      `${JOB}/${jobId}/voiceover/recorded`,
      formData({}, [
        { name: 'audio_file', data: Buffer.from('not audio at all'), filename: 'x.wav', type: 'audio/wav' },
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toContain(studioMessages.invalidRecordedAudio);
    const recorded = await api.postForm(
      `${JOB}/${jobId}/voiceover/recorded`,
      formData({}, [{ name: 'audio_file', data: toneWav(2), filename: 'take.wav', type: 'audio/wav' }]),
    );
    expect(recorded.status).toBe(200);
    expect(recorded.json()).toMatchObject({
      status: 'VOICEOVER_READY',
      voiceover_audio_url: expect.any(String),
    });

    // The synthesised voiceover replaces it.
    const body = { text: 'Meet the mug that makes every morning warmer.', voice_id: 'adam' };
    const first = await post(api, `${JOB}/${jobId}/voiceover`, body, 'voiceover-key-1');
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'VOICEOVER_READY',
      voiceover_audio_url: expect.any(String),
    });
    const again = await post(api, `${JOB}/${jobId}/voiceover`, body, 'voiceover-key-1');
    expect(again.json<{ voiceover_audio_url: string }>().voiceover_audio_url.split('?')[0]).toBe(
      first.json<{ voiceover_audio_url: string }>().voiceover_audio_url.split('?')[0],
    );

    const lipsync = await post(api, `${JOB}/${jobId}/lipsync`, {}, 'lipsync-key-1');
    expect(lipsync.status).toBe(202);
    expect(lipsync.json()).toMatchObject({ status: 'LIPSYNC_GENERATING' });
    expect((await post(api, `${JOB}/${jobId}/lipsync`, {}, 'lipsync-key-1')).status).toBe(202);
    const steps = await server.platform.database.orm
      .select()
      .from(studioSteps)
      .where(eq(studioSteps.jobId, jobId));
    // The recorded take and one synthesised voiceover, though that was asked twice.
    expect(steps.filter((step) => step.type === 'voiceover')).toHaveLength(2);
    expect(steps.filter((step) => step.type === 'extend')).toHaveLength(1);
    expect(steps.filter((step) => step.type === 'lipsync')).toHaveLength(1);
    // The extension recorded what it continued, so the export can make the clip again without captions.
    expect(steps.find((step) => step.type === 'extend')?.request).toMatchObject({
      from: expect.stringMatching(/candidate-3\.mp4$/),
    });

    const complete = await waitFor(
      async () => {
        const job = await jobState(api, jobId);
        return job.status === 'COMPLETE' || job.error ? job : undefined;
      },
      'the lip-sync to finish',
      180_000,
    );
    expect(complete).toMatchObject({ status: 'COMPLETE', error: null, selected_candidate_id: 'candidate-3' });
    // The export is the chosen storyboard (its extension included) narrated with the typed
    // voiceover, not the recorded take: its captions are those words.
    const [exportStep] = await server.platform.database.orm
      .select()
      .from(studioSteps)
      .where(and(eq(studioSteps.jobId, jobId), eq(studioSteps.type, 'lipsync')));
    const exported = (exportStep?.request as { storyboard: { id: string; version: number } }).storyboard;
    const [board] = await server.platform.database.orm
      .select()
      .from(storyboards)
      .where(eq(storyboards.id, exported.id));
    expect(board!.version).toBe(exported.version);
    expect(board!.content.scenes.map((scene) => scene.narration).join(' ')).toBe(body.text);
    expect(board!.content.voice_id).toBe('adam');
    const [finished] = await server.platform.database.orm
      .select()
      .from(videos)
      .where(eq(videos.userId, owner.user.id));
    expect(finished).toMatchObject({ storyboardId: exported.id, storyboardVersion: exported.version });
    expect(finished!.captions!.map((cue) => cue.text).join(' ')).toBe(body.text);

    // The delivered video plays, carries the narration, and is in the library; one video was used.
    // The signed URL names the public address; the test server listens on its own port.
    const { pathname, search } = new URL(complete.final_video_url!, server.baseUrl);
    const played = await fetch(`${server.baseUrl}${pathname}${search}`);
    expect(played.status).toBe(200);
    const file = path.join(scratch, 'final.mp4');
    await fs.writeFile(file, Buffer.from(await played.arrayBuffer()));
    const probe = await probeMedia(server.providers.mediaTools, file);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.audio?.codec).toBe('aac');
    const library = (await api.get('/videos')).json<{ videos: { project_type: string; status: string }[] }>();
    expect(library.videos).toEqual([
      expect.objectContaining({ project_type: 'ai-studio', status: 'completed' }),
    ]);
    expect(await remainingVideos(api)).toBe(before - 1);

    const assets = (await api.get(`${JOB}/${jobId}/assets`)).json<{
      assets: { asset_type: string; metadata: object }[];
    }>();
    expect(assets.assets.filter((asset) => asset.asset_type === 'video')).toHaveLength(5);
    // The video lasts as long as its narration: each scene its speech, the last word near the end.
    const lastWord = finished!.captions!.at(-1)!.end;
    expect(probe.durationSeconds!).toBeGreaterThan(lastWord);
    expect(probe.durationSeconds! - lastWord).toBeLessThan(1.2);
    expect(assets.assets).toContainEqual(expect.objectContaining({ asset_type: 'audio' }));
    const notifications = (await api.get('/notifications')).json<
      { title: string; link: string; status: string }[]
    >();
    expect(notifications).toContainEqual(
      // The finished video's notification opens it; only a failure goes back to the studio.
      expect.objectContaining({
        title: 'Your video is ready',
        link: `/projects?open=${finished!.id}`,
        status: 'completed',
      }),
    );
  });
});
