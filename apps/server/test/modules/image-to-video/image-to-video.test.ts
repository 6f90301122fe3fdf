import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generationGateMessages,
  generationMessages,
  imageToVideoMessages,
  imageToVideoSessionSchema,
  recentVideoSessionSchema,
  serverDetailMessages,
  storyboardSchema,
  type ImageToVideoSession,
  type UploadAnswer,
} from '@reelcraft/contract';
import { generations, videos } from '../../../src/db-schema';
import { uploadKeyPrefix } from '../../../src/modules/library';
import { probeMedia } from '../../../src/media/media-probe';
import {
  apiClient,
  formData,
  type ApiClient,
  type FormFields,
  type FormFile,
} from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { incompressiblePng, testImage } from '../../fixtures/test-images';
import { silentAudio, withMp3FrameCount } from '../../fixtures/lying-audio';

const PROMPT = 'Our new running shoe, fast and light, on a city track at dawn';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

const file = (name: string, data: Buffer, filename: string, type = 'image/jpeg'): FormFile => ({
  name,
  data,
  filename,
  type,
});

const start = (api: ApiClient, fields: FormFields, files: FormFile[] = []) =>
  api.postForm('/image-to-video/sessions', formData(fields, files));

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

let photos: Buffer[];
beforeAll(async () => {
  photos = await Promise.all([
    testImage('jpeg', 800, 600, { hue: 20 }),
    testImage('png', 600, 800, { hue: 140 }),
    testImage('jpeg', 500, 500, { hue: 260 }),
  ]);
});

describeEachDatabase('image-to-video calls', { work: false, listen: true }, (server) => {
  it('fails a job the queue gave up on (its last attempt died) and gives its video back, once', async () => {
    const { api } = await signedIn(server());
    const before = await remainingVideos(api);
    const started = await start(api, { prompt: PROMPT }, [file('files', photos[0]!, 'a.jpg')]);
    const { session_id } = started.json<{ session_id: string }>();
    const render = server().jobs.find((job) => job.name === 'image-to-video.render')!;
    const [generation] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, session_id));

    await render.onGaveUp!({ id: generation!.id });
    await render.onGaveUp!({ id: generation!.id });

    const status = imageToVideoSessionSchema.parse(
      (await api.get(`/image-to-video/sessions/${session_id}`)).json(),
    );
    expect(status).toMatchObject({ status: 'failed', error_message: generationMessages.generationFailed });
    expect(await remainingVideos(api)).toBe(before);
  });

  it('starts a job from uploaded files and stored images, and answers the whole status at once', async () => {
    const { user, api } = await signedIn(server());
    const before = await remainingVideos(api);
    const upload = await api.postForm(
      '/upload/signed-url',
      formData({}, [file('files', photos[0]!, 'library.jpg')]),
    );
    const storedUri = upload.json<UploadAnswer>().images[0]!.gcs_uri;
    const started = await start(
      api,
      {
        prompt: PROMPT,
        model_platform: 'veo',
        source: 'image-to-video',
        existing_gcs_uris: JSON.stringify([storedUri]),
        extra_params: JSON.stringify({ quality: 'hd', mode: 'dynamic', aspect_ratio: '9:16', duration: 30 }),
        seed: 7,
      },
      [file('files', photos[1]!, 'b.png', 'image/png'), file('files', photos[2]!, 'c.jpg')],
    );
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    expect(await remainingVideos(api)).toBe(before - 1);

    const status = await api.get(`/image-to-video/sessions/${session_id}`);
    expect(status.status).toBe(200);
    const body = imageToVideoSessionSchema.parse(status.json());
    expect(body).toMatchObject({
      session_id,
      status: 'processing',
      current_stage: 'file_processing',
      progress: 0,
      error_message: null,
      output_video_url: null,
      video_urls: [],
      user_id: user.id,
      file_count: 3,
      model_platform: 'veo',
      extra_params: { quality: 'hd', mode: 'dynamic', aspect_ratio: '9:16', duration: 30 },
      message: imageToVideoMessages.stageFileProcessing,
      stages: {
        file_processing: 'processing',
        scene_generation: 'pending',
        video_generation: 'pending',
        final_combination: 'pending',
      },
    });
    expect(body.elapsed_time).toBeGreaterThanOrEqual(0);

    // The inputs are kept in the user's upload area, stored image first.
    const [row] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, session_id));
    const input = row?.input as { imageUris: string[]; seed: number };
    expect(input.imageUris[0]).toBe(storedUri);
    for (const uri of input.imageUris)
      expect(uri.startsWith(`local://${uploadKeyPrefix(user.id)}`)).toBe(true);
    expect(input.seed).toBe(7);

    // Named as the video is in the projects list (issue 36: the rows had no title), no thumbnail yet.
    const recent = await api.get('/image-to-video/sessions');
    const [project] = (await api.get('/videos/recent-projects')).json<{ id: string; title: string }[]>();
    expect(recent.json()).toEqual([
      {
        session_id,
        created_at: body.created_at,
        status: 'processing',
        videos: [],
        video_id: project!.id,
        title: project!.title,
        thumbnail_url: null,
      },
    ]);
  });

  it('takes the defaults when the settings are left out', async () => {
    const { api } = await signedIn(server());
    const started = await start(api, { prompt: PROMPT }, [file('files', photos[0]!, 'a.jpg')]);
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const body = imageToVideoSessionSchema.parse(
      (await api.get(`/image-to-video/sessions/${session_id}`)).json(),
    );
    expect(body.extra_params).toEqual({
      quality: 'standard',
      mode: 'cinematic',
      aspect_ratio: '16:9',
      duration: 15,
    });
    expect(body.model_platform).toBe('veo');
    const [row] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, session_id));
    expect(row?.input).toMatchObject({ seed: 42 });
  });

  it('answers the spec texts for a missing prompt or missing images', async () => {
    const { api } = await signedIn(server());
    const before = await remainingVideos(api);
    for (const fields of [{}, { prompt: '   ' }]) {
      const answer = await start(api, fields, [file('files', photos[0]!, 'a.jpg')]);
      expect(answer.status).toBe(400);
      expect(answer.json()).toEqual({ detail: serverDetailMessages.promptRequired });
    }
    for (const fields of [{ prompt: PROMPT }, { prompt: PROMPT, existing_gcs_uris: '[]' }]) {
      const answer = await start(api, fields);
      expect(answer.status).toBe(400);
      expect(answer.json()).toEqual({ detail: serverDetailMessages.filesRequired });
    }
    const json = await api.postJson('/image-to-video/sessions', { prompt: PROMPT });
    expect(json.status).toBe(415);
    expect(await remainingVideos(api)).toBe(before);
  });

  it('refuses bad files: type by content, size, count, last frame and voice sample', async () => {
    const { api } = await signedIn(server());
    const before = await remainingVideos(api);
    const expectRefusal = async (
      answer: Promise<{ status: number; json(): unknown }>,
      status: number,
      detail: string,
    ) => {
      const settled = await answer;
      expect(settled.status).toBe(status);
      expect(settled.json()).toEqual({ detail });
    };
    // A WebP is a fine upload elsewhere, but the image slots take JPEG, PNG and GIF.
    await expectRefusal(
      start(api, { prompt: PROMPT }, [file('files', await testImage('webp', 40, 40), 'a.jpg')]),
      400,
      imageToVideoMessages.invalidImageFiles,
    );
    await expectRefusal(
      start(api, { prompt: PROMPT }, [file('files', Buffer.from('MZ\x90\x00 not an image'), 'a.jpg')]),
      400,
      imageToVideoMessages.invalidImageFiles,
    );
    await expectRefusal(
      start(
        api,
        { prompt: PROMPT },
        Array.from({ length: 6 }, (_, n) => file('files', photos[0]!, `${n}.jpg`)),
      ),
      400,
      imageToVideoMessages.maxImagesAllowed(5),
    );
    await expectRefusal(
      start(api, { prompt: PROMPT }, [
        file('files', await incompressiblePng(2000, 2000), 'big.png', 'image/png'),
      ]),
      413,
      imageToVideoMessages.fileTooLarge,
    );
    await expectRefusal(
      start(api, { prompt: PROMPT }, [
        file('files', photos[0]!, 'a.jpg'),
        file('last_frame_image', await testImage('webp', 40, 40), 'end.webp'),
      ]),
      400,
      imageToVideoMessages.invalidLastFrame,
    );
    await expectRefusal(
      start(api, { prompt: PROMPT }, [
        file('files', photos[0]!, 'a.jpg'),
        file('voice_sample_file', photos[0]!, 'voice.mp3', 'audio/mpeg'),
      ]),
      400,
      imageToVideoMessages.invalidVoiceSample,
    );
    // A WAV header with a body that is no audio at all.
    const fakeWav = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), Buffer.alloc(64, 7)]);
    const probed = await start(api, { prompt: PROMPT }, [
      file('files', photos[0]!, 'a.jpg'),
      file('voice_sample_file', fakeWav, 'voice.wav', 'audio/wav'),
    ]);
    expect(probed.status).toBe(400);
    expect(probed.json<{ detail: string }>().detail).toMatch(/^Please select a valid audio file/);
    // 400 s of MP3 whose Info header counts ten frames: the length is what decodes (issue 37).
    const lying = withMp3FrameCount(await silentAudio('mp3', 400), 10);
    await expectRefusal(
      start(api, { prompt: PROMPT }, [
        file('files', photos[0]!, 'a.jpg'),
        file('voice_sample_file', lying, 'voice.mp3', 'audio/mpeg'),
      ]),
      400,
      `${imageToVideoMessages.invalidVoiceSample} The audio is too long (at most 300 seconds).`,
    );
    const other = await start(api, { prompt: PROMPT }, [file('avatar', photos[0]!, 'a.jpg')]);
    expect(other.status).toBe(400);

    const settings = await start(api, { prompt: PROMPT, extra_params: '{"duration": 60}' }, [
      file('files', photos[0]!, 'a.jpg'),
    ]);
    expect(settings.status).toBe(422);
    expect(settings.json<{ detail: { loc: unknown[] }[] }>().detail[0]?.loc).toEqual([
      'body',
      'extra_params',
      'duration',
    ]);
    const notJson = await start(api, { prompt: PROMPT, gcs_uris: 'local://x' }, [
      file('files', photos[0]!, 'a.jpg'),
    ]);
    expect(notJson.status).toBe(422);
    expect(await remainingVideos(api)).toBe(before);
  });

  it("refuses another user's stored images with 404, as a missing one", async () => {
    const owner = await signedIn(server());
    const upload = await owner.api.postForm(
      '/upload/signed-url',
      formData({}, [file('files', photos[0]!, 'mine.jpg')]),
    );
    const ownersUri = upload.json<UploadAnswer>().images[0]!.gcs_uri;
    const stranger = await signedIn(server());
    for (const field of ['existing_gcs_uris', 'gcs_uris', 'existing_uris']) {
      const answer = await start(stranger.api, { prompt: PROMPT, [field]: JSON.stringify([ownersUri]) });
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ detail: serverDetailMessages.imageNotFound });
    }
    const missing = await start(stranger.api, {
      prompt: PROMPT,
      existing_uris: JSON.stringify([`local://${uploadKeyPrefix(stranger.user.id)}nothing.jpg`]),
    });
    expect(missing.status).toBe(404);
  });

  it('answers 403 when no video is left and keeps nothing', async () => {
    const { user, api } = await signedIn(server());
    const { quota } = server().services;
    for (let n = (await remainingVideos(api)) - 1; n >= 0; n -= 1) {
      await quota.reserveVideo(user.id, { reference: `used-up-${n}` });
    }
    const refused = await start(api, { prompt: PROMPT }, [file('files', photos[0]!, 'a.jpg')]);
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ detail: generationGateMessages.noVideosRemaining });
    const rows = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.userId, user.id));
    expect(rows).toEqual([]);
    // The files are stored before the start's transaction and removed when it is refused.
    const kept = await fs
      .readdir(path.join(server().config.dataDir, 'objects', uploadKeyPrefix(user.id)))
      .catch(() => []);
    expect(kept).toEqual([]);
    expect(
      await server().platform.database.orm.select().from(videos).where(eq(videos.userId, user.id)),
    ).toEqual([]);
  });

  it("never shows a user another user's session or sessions, and needs a token", async () => {
    const owner = await signedIn(server());
    const started = await start(owner.api, { prompt: PROMPT }, [file('files', photos[0]!, 'a.jpg')]);
    const { session_id } = started.json<{ session_id: string }>();
    const stranger = await signedIn(server());
    const peek = await stranger.api.get(`/image-to-video/sessions/${session_id}`);
    expect(peek.status).toBe(404);
    expect(peek.json()).toEqual({ detail: 'Session not found' });
    expect((await stranger.api.get('/image-to-video/sessions/not-a-uuid')).status).toBe(404);
    expect((await stranger.api.get('/image-to-video/sessions')).json()).toEqual([]);
    const anonymous = apiClient(server());
    expect((await anonymous.get(`/image-to-video/sessions/${session_id}`)).status).toBe(401);
    expect((await anonymous.get('/image-to-video/sessions')).status).toBe(401);
    expect((await start(anonymous, { prompt: PROMPT }, [file('files', photos[0]!, 'a.jpg')])).status).toBe(
      401,
    );
  });
});

const SAMPLE_SPEECH =
  'Hello, my name is Sam, and this is my voice sample for cloning. I am reading a few sentences, ' +
  'so that the product can learn how I speak, how high my voice is, and how fast I usually talk.';

describeHeavy('a real image-to-video render: three photos, 9:16, dynamic, with a voice sample', () => {
  let server: TestServer;
  let api: ApiClient;
  let session: ImageToVideoSession;
  const scratch = makeTempDir();

  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    ({ api } = await signedIn(server));
    const started = await start(
      api,
      {
        prompt: PROMPT,
        extra_params: JSON.stringify({
          quality: 'standard',
          mode: 'dynamic',
          aspect_ratio: '9:16',
          duration: 15,
        }),
      },
      [
        ...photos.map((photo, n) => file('files', photo, `photo-${n}.jpg`)),
        // A recording of someone speaking (the deep built-in voice stands in for the user).
        file(
          'voice_sample_file',
          (await server.providers.speech.synthesize({ text: SAMPLE_SPEECH, voiceId: 'adam' })).audio,
          'voice.wav',
          'audio/wav',
        ),
        file('last_frame_image', await testImage('png', 320, 240, { hue: 300 }), 'end.png', 'image/png'),
      ],
    );
    expect(started.status, started.body.toString()).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    session = await waitFor(
      async () => {
        const current = imageToVideoSessionSchema.parse(
          (await api.get(`/image-to-video/sessions/${session_id}`)).json(),
        );
        return current.status === 'processing' ? undefined : current;
      },
      'the image job to finish',
      120_000,
    );
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('completes every stage and plays a 15 s portrait video', async () => {
    expect(session).toMatchObject({
      status: 'completed',
      current_stage: 'completed',
      progress: 100,
      error_message: null,
      file_count: 3,
      message: imageToVideoMessages.stageCompleted,
      stages: {
        file_processing: 'completed',
        scene_generation: 'completed',
        video_generation: 'completed',
        final_combination: 'completed',
      },
    });
    expect(session.video_urls).toEqual([session.output_video_url]);
    const download = await api.get(`/proxy/video?url=${encodeURIComponent(session.output_video_url!)}`);
    expect(download.status).toBe(200);
    const saved = path.join(scratch, 'image-video.mp4');
    await fs.writeFile(saved, download.body);
    const probe = await probeMedia(server.providers.mediaTools, saved);
    // As long as its narration, written for the 15 s asked (decision 035).
    expect(probe.durationSeconds).toBeGreaterThan(15 * 0.75);
    expect(probe.durationSeconds).toBeLessThan(15 * 1.25);
    expect(probe.video).toMatchObject({ width: 720, height: 1280, codec: 'h264' });
  });

  it('narrates the prompt in a clone of the voice sample instead of playing the sample back', async () => {
    // The sample became one of the user's voices.
    const clones = (await api.get('/elevenlabs/voice-clones')).json<{
      voice_clones: { voice_id: string }[];
    }>().voice_clones;
    expect(clones).toHaveLength(1);
    const [video] = (await api.get('/videos/recent-projects')).json<
      { id: string; storyboard_id: string }[]
    >();
    const board = storyboardSchema.parse((await api.get(`/storyboards/${video!.storyboard_id}`)).json());
    expect(board.voice_id).toBe(clones[0]!.voice_id);
    // Each photo and the closing frame is a scene of its own, in order.
    expect(board.scenes.map((scene) => scene.visual.subjects[0]?.kind)).toEqual([
      'image',
      'image',
      'image',
      'image',
    ]);
    // The captions are the narration written for the prompt; the sample's words are not in it.
    const captions = await api.get(`/videos/${video!.id}/captions.vtt`);
    expect(captions.status).toBe(200);
    const said = captions.body.toString();
    expect(said).toMatch(/^WEBVTT/);
    expect(said).not.toMatch(/voice sample/i);
    for (const scene of board.scenes)
      expect(said).toContain(scene.narration.split(' ').slice(0, 2).join(' '));
  });

  it('lists the session with its video for the Recent Videos button', async () => {
    const recent = (await api.get('/image-to-video/sessions?limit=5')).json<unknown[]>();
    const projects = (await api.get('/videos/recent-projects')).json<
      { id: string; title: string; project_type: string; thumbnail_url: string | null }[]
    >();
    expect(projects).toEqual([expect.objectContaining({ project_type: 'image-to-video' })]);
    expect(recent.map((entry) => recentVideoSessionSchema.parse(entry))).toEqual([
      {
        session_id: session.session_id,
        created_at: session.created_at,
        status: 'completed',
        videos: [
          {
            status: 'completed',
            message: imageToVideoMessages.stageCompleted,
            error: null,
            output_video_url: expect.any(String),
          },
        ],
        video_id: projects[0]!.id,
        title: projects[0]!.title,
        thumbnail_url: expect.any(String),
      },
    ]);
    // The thumbnail is the video's own picture, fetched as a browser would: the signed URL alone.
    const { pathname, search } = new URL(recentVideoSessionSchema.parse(recent[0]).thumbnail_url!);
    const thumbnail = await server.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\//);
  });
});
