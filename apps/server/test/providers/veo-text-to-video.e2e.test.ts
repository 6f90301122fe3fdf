import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  generationStateSchema,
  storyboardSchema,
  STORYBOARD_LIMITS,
  textToVideoSessionSchema,
  type GenerationState,
  type Storyboard,
} from '@reelcraft/contract';
import pino from 'pino';
import sharp from 'sharp';
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { probeMedia } from '../../src/media/media-probe';
import { createProviders, type Providers } from '../../src/providers';
import { clipLengths } from '../../src/providers/cloud/veo-client';
import { apiClient, formData, type ApiClient } from '../helpers/api-client';
import { waitFor } from '../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { voicedSeconds } from '../media/media-test-kit';
import { makeSampleMp4, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

const MODEL = 'veo-3.1-generate-preview';
const run = promisify(execFile);

// With VIDEO_PROVIDER=veo pointed at a fake Gemini API, every video is a storyboard whose scenes Veo
// films: one generation for each scene that renders, none for a scene whose clip is kept.
describe('videos through Veo (fake Gemini API), one generation a scene', () => {
  let vendor: FakeVendor;
  let providers: Providers;
  let server: TestServer;
  const scratch = makeTempDir();
  /** What each generation was asked, in the order the vendor received them. */
  const generations: { prompt: string; parameters: { durationSeconds: number; aspectRatio: string } }[] = [];
  /**
   * A generation of this prompt is pending until `failing.release`, then fails; the release comes
   * with the first download of another scene's footage.
   */
  const failing = { prompt: null as string | null, release: false, operations: new Set<string>() };

  beforeAll(async () => {
    // Solid magenta: where the footage is in a frame is plain to see.
    const sample = await makeSampleMp4(4, '640x360', 'magenta');
    vendor = await startFakeVendor();
    vendor.on(`POST /v1beta/models/${MODEL}:predictLongRunning`, (request, response) => {
      const body = request.json();
      generations.push({ prompt: body.instances[0].prompt, parameters: body.parameters });
      const name = `models/${MODEL}/operations/op-${generations.length}`;
      if (body.instances[0].prompt === failing.prompt) failing.operations.add(`/v1beta/${name}`);
      sendJson(response, 200, { name });
    });
    const polled = new Set<string>();
    vendor.on(
      (request) => request.method === 'GET' && request.path.startsWith(`/v1beta/models/${MODEL}/operations/`),
      (request, response) => {
        if (failing.operations.has(request.path)) {
          if (!failing.release) return sendJson(response, 200, { done: false });
          return sendJson(response, 200, { done: true, error: { code: 13, message: 'Internal error.' } });
        }
        // Each operation is pending at its first poll and done at the next.
        if (!polled.has(request.path)) {
          polled.add(request.path);
          return sendJson(response, 200, { done: false, metadata: { progressPercent: 40 } });
        }
        sendJson(response, 200, {
          done: true,
          response: {
            generateVideoResponse: {
              generatedSamples: [{ video: { uri: `${vendor.url}/v1beta/files/e2e:download?alt=media` } }],
            },
          },
        });
      },
    );
    vendor.on('GET /v1beta/files/e2e:download', (_request, response) => {
      if (failing.prompt !== null) failing.release = true;
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(sample);
    });
    // The configuration as the server reads it; the providers built from it as platform.ts does.
    const config = loadConfig({
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: 'e2e-key',
      VEO_BASE_URL: vendor.url,
      VEO_POLL_INTERVAL_SECONDS: '0.05',
    });
    providers = await createProviders({
      video: { kind: config.media.providers.video },
      cloud: config.media.cloud,
      media: { workDir: makeTempDir() },
      logger: pino({ level: 'silent' }),
    });
    server = await startTestServer({ listen: true, providers });
  });

  afterAll(async () => {
    await server?.close();
    await providers?.close();
    await vendor?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  async function signedIn(): Promise<ApiClient> {
    const { token } = await createUserWithToken(server.platform);
    return apiClient(server, token);
  }

  const finished = (api: ApiClient, sessionId: string) =>
    waitFor(
      async () => {
        const state = generationStateSchema.parse((await api.get(`/generations/${sessionId}`)).json());
        if (state.status === 'failed') throw new Error(`The render failed: ${state.error}`);
        return state.status === 'completed' ? state : undefined;
      },
      'the Veo render to finish',
      300_000,
    );

  /** The finished video's file, fetched as a player would. */
  async function download(state: GenerationState, name: string): Promise<string> {
    const { pathname, search } = new URL(state.video_url!);
    expect(state.video_url).not.toContain(vendor.url);
    const played = await fetch(`${server.baseUrl}${pathname}${search}`);
    expect(played.status).toBe(200);
    const file = path.join(scratch, name);
    await fs.writeFile(file, Buffer.from(await played.arrayBuffer()));
    return file;
  }

  /** The colour of a frame's top-left corner at `seconds` (the captions are at the bottom). */
  async function cornerAt(file: string, seconds: number): Promise<number[]> {
    const frame = path.join(scratch, `corner-${path.basename(file)}-${seconds.toFixed(2)}.png`);
    await run(providers.mediaTools.ffmpeg.command, [
      '-nostdin',
      '-ss',
      seconds.toFixed(2),
      '-i',
      file,
      '-frames:v',
      '1',
      '-y',
      frame,
    ]);
    const { data } = await sharp(frame)
      .extract({ left: 8, top: 8, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [...data.subarray(0, 3)];
  }
  const isMagenta = ([red, green, blue]: number[]) => red! > 190 && green! < 70 && blue! > 190;

  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9' ]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);

  const put = async (api: ApiClient, board: Storyboard, scenes: Storyboard['scenes'], extra = {}) => {
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
        ...extra,
      },
    });
    expect(saved.status, saved.body.toString()).toBe(200);
    return storyboardSchema.parse(saved.json());
  };

  const render = async (api: ApiClient, board: Storyboard) => {
    const started = await api.postJson(`/storyboards/${board.id}/render`, { version: board.version });
    expect(started.status, started.body.toString()).toBe(202);
    return finished(api, started.json<{ session_id: string }>().session_id);
  };

  it('films each scene of a storyboard once, then only the scene an edit changed', async () => {
    const api = await signedIn();
    const created = await api.postJson('/storyboards', {
      prompt: 'A lighthouse on a rocky coast in a storm at night',
      duration: 15,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const draft = storyboardSchema.parse(created.json());
    // With a cloud video provider, a draft says what each scene is filmed from, for the user to see.
    for (const scene of draft.scenes) {
      expect(scene.visual.prompt).toEqual(expect.any(String));
      expect(scene.visual.prompt!.length).toBeLessThanOrEqual(STORYBOARD_LIMITS.maxScenePromptChars);
      expect(scene.visual.prompt).toContain('lighthouse');
    }
    // Without music, what silencedetect hears is the narration alone.
    const board = await put(api, draft, draft.scenes, { music: { ...draft.music, volume: 0 } });

    const before = generations.length;
    const first = await render(api, board);
    expect(first.storyboard_id).toBe(board.id);
    const firstCalls = generations.slice(before);
    expect(firstCalls).toHaveLength(board.scenes.length);
    expect(firstCalls.map((call) => call.prompt).sort()).toEqual(
      board.scenes.map((scene) => scene.visual.prompt).sort(),
    );
    for (const call of firstCalls) {
      expect(clipLengths(MODEL)).toContain(call.parameters.durationSeconds);
      expect(call.parameters.aspectRatio).toBe('16:9');
    }

    const file = await download(first, 'storyboard.mp4');
    const probe = await probeMedia(providers.mediaTools, file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    const seconds = probe.durationSeconds ?? 0;
    const planned = board.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    expect(seconds).toBeGreaterThan(planned * 0.6);
    // The fake's clips last 4 seconds; every scene shows its footage to its end (looped if longer).
    const sceneSeconds = seconds / board.scenes.length;
    for (const index of board.scenes.keys()) {
      expect(isMagenta(await cornerAt(file, sceneSeconds * (index + 0.5)))).toBe(true);
    }
    expect(isMagenta(await cornerAt(file, seconds - 0.3))).toBe(true);
    // The narration is heard over the footage, and the captions are its words.
    const voiced = await voicedSeconds(file, seconds);
    expect(voiced / seconds, `${voiced.toFixed(1)} s of ${seconds.toFixed(1)} s voiced`).toBeGreaterThan(0.7);
    const vtt = await api.get(`/videos/${first.video_id}/captions.vtt`);
    expect(vtt.status).toBe(200);
    const cues = parseSync(vtt.body.toString()).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    expect(words(cues.map((cue) => cue.text).join(' '))).toEqual(
      words(board.scenes.map((scene) => scene.narration).join(' ')),
    );

    // A new narration for scene 2: that scene renders again (its speech and captions), but shows the
    // footage it was filmed with: nothing is filmed.
    const rendered = storyboardSchema.parse((await api.get(`/storyboards/${board.id}`)).json());
    const narration = 'The beam of the lighthouse sweeps over the breaking waves below.';
    const edited = await put(
      api,
      rendered,
      rendered.scenes.map((scene, index) => (index === 1 ? { ...scene, narration } : scene)),
    );
    expect(edited.pending_render).toEqual({ scene_ids: [edited.scenes[1]!.id], videos_cost: 0 });
    const second = await render(api, edited);
    expect(generations.slice(before + board.scenes.length)).toEqual([]);
    const secondVtt = (await api.get(`/videos/${second.video_id}/captions.vtt`)).body.toString();
    expect(secondVtt).toContain('The beam of the lighthouse');
    const secondFile = await download(second, 'narrated.mp4');
    const secondSeconds = (await probeMedia(providers.mediaTools, secondFile)).durationSeconds ?? 0;
    for (const index of edited.scenes.keys()) {
      const at = (secondSeconds / edited.scenes.length) * (index + 0.5);
      expect(isMagenta(await cornerAt(secondFile, at)), `scene ${index + 1} shows its footage`).toBe(true);
    }

    // A new scene prompt for scene 3: one more generation, of that prompt.
    const prompt = 'A keeper climbs the spiral stairs of the lighthouse with a lantern.';
    const reprompted = await put(
      api,
      edited,
      edited.scenes.map((scene, index) =>
        index === 2 ? { ...scene, visual: { ...scene.visual, prompt } } : scene,
      ),
    );
    await render(api, reprompted);
    expect(generations.slice(before + board.scenes.length)).toEqual([expect.objectContaining({ prompt })]);
  }, 900_000);

  it('keeps the footage filmed before a render failed: the retry films only what was not filmed', async () => {
    const { user, token } = await createUserWithToken(server.platform);
    const api = apiClient(server, token);
    const created = await api.postJson('/storyboards', {
      prompt: 'A red kite over green hills on a windy afternoon',
      duration: 15,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const board = storyboardSchema.parse(created.json());
    const [first, second] = board.scenes;
    failing.prompt = second!.visual.prompt;
    failing.release = false;
    const before = generations.length;
    const started = await api.postJson(`/storyboards/${board.id}/render`, { version: board.version });
    expect(started.status, started.body.toString()).toBe(202);
    const { session_id } = started.json<{ session_id: string }>();
    // The second scene fails once the first scene's footage is downloaded.
    const failed = await waitFor(
      async () => {
        const state = generationStateSchema.parse((await api.get(`/generations/${session_id}`)).json());
        return state.status === 'failed' ? state : undefined;
      },
      'the render to fail',
      300_000,
    );
    expect(failed.error).toEqual(expect.any(String));
    // The first scene finished filming before the render failed, and its footage is kept.
    const kept = `scene-clips/${user.id}/${board.id}/footage-${first!.id}.mp4`;
    expect(await server.platform.storage.exists(kept)).toBe(true);
    const firstAttempt = generations.slice(before).map((call) => call.prompt);
    expect(firstAttempt).toContain(first!.visual.prompt);

    failing.prompt = null;
    const retried = storyboardSchema.parse((await api.get(`/storyboards/${board.id}`)).json());
    await render(api, retried);
    const retry = generations.slice(before + firstAttempt.length).map((call) => call.prompt);
    expect(retry).toContain(second!.visual.prompt);
    expect(retry).not.toContain(first!.visual.prompt);
  }, 900_000);

  it('makes a text video as a storyboard filmed scene by scene, editable afterwards', async () => {
    expect(providers.video.kind).toBe('veo');
    const api = await signedIn();
    const before = generations.length;
    const started = await api.postForm(
      '/text-to-video/sessions',
      formData({ prompt: 'A lighthouse in a storm at night', duration: 15, seed: 3 }),
    );
    expect(started.status).toBe(201);
    const { session_id } = started.json<{ session_id: string }>();
    const session = await waitFor(
      async () => {
        const state = textToVideoSessionSchema.parse(
          (await api.get(`/text-to-video/sessions/${session_id}`)).json(),
        );
        return state.status === 'processing' ? undefined : state;
      },
      'the Veo text job to finish',
      300_000,
    );
    expect(session).toMatchObject({ status: 'completed', error: null });
    const state = await finished(api, session_id);
    expect(state.storyboard_id).toEqual(expect.any(String));
    const board = storyboardSchema.parse((await api.get(`/storyboards/${state.storyboard_id}`)).json());
    expect(board).toMatchObject({ status: 'rendered', video_id: state.video_id });
    const calls = generations.slice(before);
    expect(calls).toHaveLength(board.scenes.length);
    expect(calls.map((call) => call.prompt).sort()).toEqual(
      board.scenes.map((scene) => scene.visual.prompt).sort(),
    );
    expect(
      vendor.received.find((request) => request.path.endsWith(':predictLongRunning'))!.headers,
    ).toMatchObject({
      'x-goog-api-key': 'e2e-key',
    });

    const file = await download(state, 'text.mp4');
    const probe = await probeMedia(providers.mediaTools, file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(probe.audio).not.toBeNull();
    const listed = (await api.get('/videos')).json<{
      videos: { id: string; status: string; thumbnail_url: string | null; storyboard_id: string | null }[];
    }>();
    expect(listed.videos).toEqual([
      expect.objectContaining({
        id: state.video_id,
        status: 'completed',
        thumbnail_url: expect.any(String),
        storyboard_id: board.id,
      }),
    ]);
  }, 600_000);
});
