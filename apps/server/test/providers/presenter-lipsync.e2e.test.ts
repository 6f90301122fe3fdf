import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avatarSchema,
  generationStateSchema,
  storyboardSchema,
  type GenerationState,
  type UploadAnswer,
} from '@reelcraft/contract';
import { probeMedia } from '../../src/media/media-probe';
import { testPortraitPhoto } from '../fixtures/test-images';
import { apiClient, formData, type ApiClient } from '../helpers/api-client';
import { waitFor } from '../helpers/processes';
import { startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { makeSampleMp4, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

/** The vendor's lip-synced clip: 3 s, recognisable by its length and size. */
const SYNCED = { seconds: 3, width: 640, height: 360 };

// The avatar presenter with a lip-sync vendor (sync, faked): the storyboard renders offline, and
// the joined video goes to the vendor once with the narration; an editor re-render does too.
describe('a presenter video lip-synced by sync (fake vendor)', () => {
  let vendor: FakeVendor;
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    const synced = await makeSampleMp4(SYNCED.seconds, `${SYNCED.width}x${SYNCED.height}`, 'lime');
    vendor = await startFakeVendor();
    let made = 0;
    vendor.on('POST /v2/generate', (_request, response) => {
      made += 1;
      sendJson(response, 201, { id: `gen-${made}`, status: 'PENDING' });
    });
    vendor.on(
      (request) => request.method === 'GET' && request.path.startsWith('/v2/generate/'),
      (request, response) =>
        sendJson(response, 200, {
          id: request.path.split('/').at(-1),
          status: 'COMPLETED',
          outputUrl: `${vendor.url}/cdn/out.mp4`,
        }),
    );
    vendor.on('GET /cdn/out.mp4', (_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(synced);
    });
    server = await startTestServer({
      listen: true,
      providers: 'configured',
      env: {
        LIP_SYNC_PROVIDER: 'sync',
        SYNC_API_KEY: 'sync-key',
        SYNC_BASE_URL: vendor.url,
        SYNC_POLL_INTERVAL_SECONDS: '0.05',
      },
    });
    const { token } = await createUserWithToken(server.platform);
    api = apiClient(server, token);
  });

  afterAll(async () => {
    await server?.close();
    await vendor?.close();
  });

  const completed = (sessionId: string) =>
    waitFor(
      async () => {
        const state = generationStateSchema.parse((await api.get(`/generations/${sessionId}`)).json());
        if (state.status === 'failed') throw new Error(`The render failed: ${state.error}`);
        return state.status === 'completed' ? state : undefined;
      },
      'the presenter video',
      240_000,
    );
  const vendorCalls = () => vendor.received.filter((request) => request.path === '/v2/generate');
  /** The finished video as stored, probed. */
  const probed = async (state: GenerationState) => {
    const { pathname, search } = new URL(state.video_url!, server.baseUrl);
    const answer = await fetch(`${server.baseUrl}${pathname}${search}`);
    expect(answer.status).toBe(200);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'presenter-sync-')), 'video.mp4');
    await fs.writeFile(file, Buffer.from(await answer.arrayBuffer()));
    return probeMedia(server.providers.mediaTools, file);
  };

  it('sends the joined video and its narration to the vendor once, and keeps the storyboard and captions', async () => {
    const upload = await api.postForm(
      '/upload/signed-url',
      formData({ source: 'ai-studio' }, [
        { name: 'files', data: await testPortraitPhoto(), filename: 'me.jpg', type: 'image/jpeg' },
      ]),
    );
    const photo = upload.json<UploadAnswer>().images[0]!.gcs_uri;
    const avatar = avatarSchema.parse(
      (await api.postJson('/avatars', { name: 'Ava', gcs_uri: photo })).json(),
    );
    const text = 'Hello! I am Ava. Let me show you around our new studio.';
    const started = await api.postJson(`/avatars/${avatar.id}/presenter-videos`, { text, voice_id: 'bella' });
    expect(started.status).toBe(201);
    const state = await completed(started.json<{ session_id: string }>().session_id);

    expect(vendorCalls()).toHaveLength(1);
    const inputs = (vendorCalls()[0]!.json() as { input: { type: string; url: string }[] }).input;
    expect(inputs.map((input) => input.type)).toEqual(['video', 'audio']);
    // The video is the vendor's (its size), made from a storyboard whose captions say the text.
    expect(state).toMatchObject({ project_type: 'avatar-presenter', storyboard_id: expect.any(String) });
    expect((await probed(state)).video).toMatchObject({ width: SYNCED.width, height: SYNCED.height });
    const vtt = (await api.get(`/videos/${state.video_id}/captions.vtt`)).body.toString();
    expect(vtt).toContain('Hello! I am Ava.');
    const board = storyboardSchema.parse((await api.get(`/storyboards/${state.storyboard_id}`)).json());
    expect(board).toMatchObject({ status: 'rendered', video_id: state.video_id });

    // An edit rendered from the storyboard editor is lip-synced again: one more vendor call.
    const saved = await api.request('PUT', `/storyboards/${board.id}`, {
      json: {
        version: board.version,
        title: board.title,
        aspect_ratio: board.aspect_ratio,
        voice_id: board.voice_id,
        music: board.music,
        captions: board.captions,
        language: board.language,
        scenes: [{ ...board.scenes[0]!, narration: 'Hello again! This is the new studio.' }],
      },
    });
    expect(saved.status, saved.body.toString()).toBe(200);
    const again = await api.postJson(`/storyboards/${board.id}/render`, {
      version: storyboardSchema.parse(saved.json()).version,
    });
    expect(again.status).toBe(202);
    await completed(again.json<{ session_id: string }>().session_id);
    expect(vendorCalls()).toHaveLength(2);
  });
});
