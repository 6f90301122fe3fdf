import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  avatarMessages,
  avatarPortraitSchema,
  avatarSchema,
  generationStateSchema,
  storyboardSchema,
  type Avatar,
  type AvatarPortrait,
  type GenerationState,
  type Storyboard,
  type UploadAnswer,
} from '@reelcraft/contract';
import { generations, storyboards } from '../../../src/db-schema';
import { probeMedia } from '../../../src/media/media-probe';
import type { JobContext } from '../../../src/platform/queue/job-registry';
import { PORTRAIT_GONE } from '../../../src/modules/avatars/presenter.kind';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase, describeHeavy } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testPortraitPhoto } from '../../fixtures/test-images';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

async function uploadPhoto(api: ApiClient): Promise<string> {
  const upload = await api.postForm(
    '/upload/signed-url',
    formData({ source: 'ai-studio' }, [
      { name: 'files', data: await testPortraitPhoto(), filename: 'me.jpg', type: 'image/jpeg' },
    ]),
  );
  expect(upload.status).toBe(200);
  return upload.json<UploadAnswer>().images[0]!.gcs_uri;
}

async function fetchBytes(server: TestServer, url: string): Promise<Buffer> {
  const { pathname, search } = new URL(url, server.baseUrl);
  const answer = await fetch(`${server.baseUrl}${pathname}${search}`);
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

async function portraits(api: ApiClient, subject: string): Promise<AvatarPortrait[]> {
  const answer = await api.postJson('/avatars/portraits', {
    prompt: 'friendly, blue',
    subject_ref: subject,
    seed: 4,
  });
  expect(answer.status).toBe(201);
  return answer.json<{ portraits: unknown[] }>().portraits.map((item) => avatarPortraitSchema.parse(item));
}

async function saveAvatar(api: ApiClient, gcsUri: string, name = 'Ava'): Promise<Avatar> {
  const answer = await api.postJson('/avatars', { name, gcs_uri: gcsUri });
  expect(answer.status).toBe(201);
  return avatarSchema.parse(answer.json());
}

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

/** Three scenes' worth of text (the presenter's scenes hold about two sentences each). */
const SCRIPT = [
  'Welcome to the spring update from our studio team.',
  'This month we rebuilt the editor, so every scene of a video can be changed on its own.',
  'Type a new line, press render, and only that scene is made again.',
  'We also added presenters: pick an avatar and write what it should say.',
  'It says your words to the camera, in your voice, with captions.',
  'Your clones and your avatars stay in your library, ready for the next video.',
  'Thanks for watching, and see you next month.',
].join(' ');

/** The words a WebVTT file says, cue after cue. */
const spokenIn = (vtt: string) =>
  vtt
    .split('\n')
    .filter((line) => line.trim() && line !== 'WEBVTT' && !/^\d+$/.test(line) && !line.includes('-->'))
    .join(' ');

async function storyboardOf(
  api: ApiClient,
  state: Pick<GenerationState, 'storyboard_id'>,
): Promise<Storyboard> {
  expect(state.storyboard_id).toEqual(expect.any(String));
  const answer = await api.get(`/storyboards/${state.storyboard_id}`);
  expect(answer.status).toBe(200);
  return storyboardSchema.parse(answer.json());
}

/** What a presenter storyboard's scenes are: the text in order, each the portrait speaking it. */
function expectPresenterScenes(board: Storyboard, avatar: Avatar, text: string) {
  expect(board.scenes.map((scene) => scene.narration).join(' ')).toBe(text);
  for (const scene of board.scenes) {
    expect(scene.visual.action).toBe('speak');
    expect(scene.visual.subjects).toEqual([{ kind: 'image', image_url: avatar.gcs_uri, label: avatar.name }]);
  }
}

describeEachDatabase('avatars', { listen: true, work: false }, (server) => {
  it('makes four portraits from a photo, saves one as an avatar, lists, renames and deletes it', async () => {
    const { api } = await signedIn(server());
    const subject = await uploadPhoto(api);
    const made = await portraits(api, subject);
    expect(made).toHaveLength(4);
    expect(new Set(made.map((portrait) => portrait.style)).size).toBe(4);
    const first = await sharp(await fetchBytes(server(), made[0]!.image_url)).metadata();
    expect(first).toMatchObject({ format: 'png', width: 768, height: 768 });

    const avatar = await saveAvatar(api, made[1]!.gcs_uri);
    expect(avatar).toMatchObject({ name: 'Ava', voice_id: null });
    expect(avatar.gcs_uri).not.toBe(made[1]!.gcs_uri);
    const fromUpload = await saveAvatar(api, subject, 'From my photo');
    expect((await api.get('/avatars')).json()).toEqual([
      expect.objectContaining({ id: fromUpload.id }),
      expect.objectContaining({ id: avatar.id }),
    ]);
    // Its image is the user's own upload now: the studio takes it as a subject reference.
    const studio = await api.postJson('/studio/veo/jobs', {
      prompt: 'Ava waves',
      subject_refs: [avatar.gcs_uri],
    });
    expect(studio.status).toBe(201);

    const renamed = await api.request('PATCH', `/avatars/${avatar.id}`, { json: { name: 'Ava Presenter' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toMatchObject({ id: avatar.id, name: 'Ava Presenter' });
    expect((await api.request('PATCH', `/avatars/${avatar.id}`, { json: { name: ' ' } })).status).toBe(422);

    const deleted = await api.request('DELETE', `/avatars/${avatar.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toMatchObject({ id: avatar.id, deleted_at: expect.any(String) });
    const gone = await fetch(`${server().baseUrl}${new URL(avatar.image_url, server().baseUrl).pathname}`);
    expect(gone.status).not.toBe(200);
    const again = await api.request('DELETE', `/avatars/${avatar.id}`);
    expect(again.status).toBe(404);
    expect(again.json()).toMatchObject({ detail: avatarMessages.avatarNotFound });
    expect((await api.get('/avatars')).json()).toEqual([expect.objectContaining({ id: fromUpload.id })]);
  });

  it("keeps users apart: another user's photo, portrait or avatar answers 404", async () => {
    const owner = await signedIn(server());
    const other = await signedIn(server());
    const subject = await uploadPhoto(owner.api);
    const [portrait] = await portraits(owner.api, subject);
    const avatar = await saveAvatar(owner.api, portrait!.gcs_uri);

    const foreignPhoto = await other.api.postJson('/avatars/portraits', { subject_ref: subject });
    expect(foreignPhoto.status).toBe(404);
    expect(foreignPhoto.json()).toMatchObject({ detail: avatarMessages.imageNotYours });
    expect((await other.api.postJson('/avatars', { name: 'x', gcs_uri: portrait!.gcs_uri })).status).toBe(
      404,
    );
    expect((await other.api.postJson('/avatars', { name: 'x', gcs_uri: avatar.gcs_uri })).status).toBe(404);
    expect((await other.api.get('/avatars')).json()).toEqual([]);
    expect(
      (await other.api.request('PATCH', `/avatars/${avatar.id}`, { json: { name: 'mine' } })).status,
    ).toBe(404);
    expect((await other.api.request('DELETE', `/avatars/${avatar.id}`)).status).toBe(404);
    const presenter = await other.api.postJson(`/avatars/${avatar.id}/presenter-videos`, { text: 'Hello' });
    expect(presenter.status).toBe(404);
    expect((await owner.api.get('/avatars')).json()).toHaveLength(1);
    expect((await apiClient(server()).get('/avatars')).status).toBe(401);
    expect((await owner.api.request('DELETE', '/avatars/not-a-uuid')).status).toBe(404);
  });

  it('refuses a presenter video without text, or with a voice the user cannot use', async () => {
    const { api } = await signedIn(server());
    const avatar = await saveAvatar(api, await uploadPhoto(api));
    const empty = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, { text: '   ' });
    expect(empty.status).toBe(422);
    const voice = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, {
      text: 'Hello',
      voice_id: 'clone-someone-else',
    });
    expect(voice.status).toBe(400);
    expect((await api.get('/videos')).json()).toMatchObject({ videos: [] });
  });

  it('writes a presenter video as a storyboard: the text in scenes, each the portrait speaking it', async () => {
    const { api } = await signedIn(server());
    const before = await remainingVideos(api);
    const avatar = await saveAvatar(api, await uploadPhoto(api));
    const started = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, {
      text: SCRIPT,
      voice_id: 'bella',
      aspect_ratio: '9:16',
    });
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const state = generationStateSchema.parse((await api.get(`/generations/${session_id}`)).json());
    expect(state).toMatchObject({ status: 'processing', project_type: 'avatar-presenter' });

    const board = await storyboardOf(api, state);
    expect(board.scenes.length).toBeGreaterThanOrEqual(3);
    expectPresenterScenes(board, avatar, SCRIPT);
    expect(board).toMatchObject({
      title: avatarMessages.presenterTitle('Ava'),
      aspect_ratio: '9:16',
      voice_id: 'bella',
      captions: { enabled: true },
      music: { volume: 0 },
      status: 'rendering',
      version: 1,
    });
    // The scene list is what the editor opens: the video's Edit finds the same storyboard.
    const opened = await api.postJson(`/videos/${state.video_id}/storyboard`, {});
    expect(storyboardSchema.parse(opened.json()).id).toBe(board.id);
    expect(await remainingVideos(api)).toBe(before - 1);
  });

  it('fails a presenter video whose avatar was deleted before it rendered, and gives the video back', async () => {
    const { api } = await signedIn(server());
    const before = await remainingVideos(api);
    const avatar = await saveAvatar(api, await uploadPhoto(api));
    const started = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, { text: 'Hello there.' });
    const { session_id } = started.json<{ session_id: string }>();
    expect((await api.request('DELETE', `/avatars/${avatar.id}`)).status).toBe(200);

    const [generation] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, session_id));
    const render = server().jobs.find((job) => job.name === 'avatar-presenter.render')!;
    const context: JobContext = { jobId: 'test', retryCount: 0, signal: new AbortController().signal };
    await render.handler({ id: generation!.id }, context);

    const state = generationStateSchema.parse((await api.get(`/generations/${session_id}`)).json());
    expect(state).toMatchObject({ status: 'failed', error: PORTRAIT_GONE, message: PORTRAIT_GONE });
    expect(await remainingVideos(api)).toBe(before);
  });
});

describeHeavy('a presenter video, rendered offline', () => {
  let server: TestServer;
  const scratch = makeTempDir();
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('renders the avatar speaking the narration, with a moving mouth, into My Projects', async () => {
    const { api } = await signedIn(server);
    const before = (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
    const [portrait] = await portraits(api, await uploadPhoto(api));
    const avatar = await saveAvatar(api, portrait!.gcs_uri);
    const text = 'Hello! I am Ava. Let me show you around our new studio in a few words.';
    const started = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, {
      text,
      voice_id: 'bella',
      aspect_ratio: '16:9',
    });
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const state = await waitFor(
      async () => {
        const answer = generationStateSchema.parse((await api.get(`/generations/${session_id}`)).json());
        return answer.status === 'processing' ? undefined : answer;
      },
      'the presenter video',
      120_000,
    );
    expect(state).toMatchObject({ status: 'completed', project_type: 'avatar-presenter', progress: 100 });
    // It was rendered from a storyboard of the text, which the captions say word for word.
    expectPresenterScenes(await storyboardOf(api, state), avatar, text);
    const vtt = await api.get(`/videos/${state.video_id}/captions.vtt`);
    expect(vtt.status).toBe(200);
    expect(spokenIn(vtt.body.toString())).toBe(text);

    const file = path.join(scratch, 'presenter.mp4');
    await fs.writeFile(file, await fetchBytes(server, state.video_url!));
    const probe = await probeMedia(server.providers.mediaTools, file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.durationSeconds).toBeGreaterThan(3);

    // The mouth moves: frames while speaking differ around the mouth, not only by the slow drift.
    const frameAt = async (seconds: number) => {
      const { execFile } = await import('node:child_process');
      const out = path.join(scratch, `frame-${seconds}.png`);
      await new Promise<void>((resolve, reject) =>
        execFile(
          server.providers.mediaTools.ffmpeg.command,
          ['-loglevel', 'error', '-y', '-ss', String(seconds), '-i', file, '-frames:v', '1', out],
          (error) => (error ? reject(error) : resolve()),
        ),
      );
      return sharp(out)
        .extract({ left: 540, top: 330, width: 200, height: 160 })
        .greyscale()
        .raw()
        .toBuffer();
    };
    const frames = await Promise.all([0.9, 1.3, 1.7, 2.1, 2.5].map(frameAt));
    const darkPixels = frames.map((pixels) => pixels.filter((value) => value < 60).length);
    expect(Math.max(...darkPixels) - Math.min(...darkPixels)).toBeGreaterThan(150);

    const listed = (await api.get('/videos')).json<{ videos: { title: string; project_type: string }[] }>();
    expect(listed.videos).toEqual([
      expect.objectContaining({
        title: avatarMessages.presenterTitle('Ava'),
        project_type: 'avatar-presenter',
      }),
    ]);
    expect((await api.get('/user/video-count')).json()).toMatchObject({ remaining_videos: before - 1 });
  });

  it('renders only the edited scene of a presenter video again, for free', async () => {
    const { user, api } = await signedIn(server);
    const [portrait] = await portraits(api, await uploadPhoto(api));
    const avatar = await saveAvatar(api, portrait!.gcs_uri);
    const before = await remainingVideos(api);
    const rendered = (sessionId: string) =>
      waitFor(
        async () => {
          const answer = generationStateSchema.parse((await api.get(`/generations/${sessionId}`)).json());
          if (answer.status === 'failed') throw new Error(`The render failed: ${answer.error}`);
          return answer.status === 'completed' ? answer : undefined;
        },
        'the presenter video',
        240_000,
      );
    /** The clip keys of the storyboard's last render. */
    const renderedKeys = async (id: string) => {
      const [row] = await server.platform.database.orm
        .select()
        .from(storyboards)
        .where(eq(storyboards.id, id));
      return row!.renderedSceneKeys;
    };

    const started = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, { text: SCRIPT });
    expect(started.status).toBe(201);
    const first = await rendered(started.json<{ session_id: string }>().session_id);
    const board = await storyboardOf(api, first);
    expectPresenterScenes(board, avatar, SCRIPT);
    expect(board).toMatchObject({ status: 'rendered', rendered_version: 1, video_id: first.video_id });
    const firstKeys = await renderedKeys(board.id);
    expect(firstKeys).toHaveLength(board.scenes.length);

    const narration = 'This month the editor changes one scene at a time.';
    const scenes = board.scenes.map((scene, index) => (index === 1 ? { ...scene, narration } : scene));
    const saved = await api.request('PUT', `/storyboards/${board.id}`, {
      json: {
        version: board.version,
        title: board.title,
        aspect_ratio: board.aspect_ratio,
        voice_id: board.voice_id,
        music: board.music,
        captions: board.captions,
        language: board.language,
        scenes,
      },
    });
    expect(saved.status, saved.body.toString()).toBe(200);
    const edited = storyboardSchema.parse(saved.json());
    expect(edited.pending_render).toEqual({ scene_ids: [board.scenes[1]!.id], videos_cost: 0 });
    const again = await api.postJson(`/storyboards/${board.id}/render`, { version: edited.version });
    expect(again.status).toBe(202);
    const second = await rendered(again.json<{ session_id: string }>().session_id);

    // One clip made again (the edited scene's), the others reused; no video taken for it.
    const secondKeys = await renderedKeys(board.id);
    expect(secondKeys.filter((key) => !firstKeys.includes(key))).toHaveLength(1);
    expect(secondKeys.indexOf(secondKeys.find((key) => !firstKeys.includes(key))!)).toBe(1);
    for (const key of secondKeys)
      expect(await server.platform.storage.exists(`scene-clips/${user.id}/${board.id}/${key}.mp4`)).toBe(
        true,
      );
    expect(await remainingVideos(api)).toBe(before - 1);
    const vtt = await api.get(`/videos/${second.video_id}/captions.vtt`);
    expect(spokenIn(vtt.body.toString())).toContain(narration);
  });
});
