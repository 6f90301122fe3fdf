import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoryboardScene } from '@reelcraft/contract';
import type { VettedImage } from '../../src/media/image-intake';
import { probeMedia } from '../../src/media/media-probe';
import { ProviderError } from '../../src/providers';
import { createVeoClient, SAFETY_MESSAGE } from '../../src/providers/cloud/veo-client';
import { createVeoSceneFootage } from '../../src/providers/cloud/veo-scene-footage';
import {
  createVeoVideoProvider,
  veoClipPlan,
  type VeoSettings,
} from '../../src/providers/cloud/veo-video-provider';
import { composeScenePrompt } from '../../src/providers/video/scene-prompt';
import { makeSampleMp4, mediaTools, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

const KEY = 'test-gemini-key-123';
let sample: Buffer;
let workDir: string;
let vendor: FakeVendor;

beforeAll(async () => {
  sample = await makeSampleMp4(2);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-test-'));
});
afterAll(() => fs.rm(workDir, { recursive: true, force: true }));
beforeEach(async () => {
  vendor = await startFakeVendor();
});
afterEach(() => vendor.close());

async function geminiVeo(settings: Partial<VeoSettings> = {}) {
  return createVeoVideoProvider({
    settings: {
      backend: 'gemini',
      model: 'veo-3.1-generate-preview',
      apiKey: KEY,
      baseUrl: vendor.url,
      pollIntervalMs: 20,
      backoffMs: 10,
      ...settings,
    },
    tools: await mediaTools(),
    workDir,
  });
}

/** The Gemini API: start, one pending poll, then done with a file link that wants the key. */
function fakeGeminiVeo(
  done: (base: string) => unknown = (base) => ({
    generateVideoResponse: {
      generatedSamples: [{ video: { uri: `${base}/v1beta/files/abc123:download?alt=media` } }],
    },
  }),
) {
  let polls = 0;
  vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) =>
    sendJson(response, 200, { name: 'models/veo-3.1-generate-preview/operations/op-1' }),
  );
  vendor.on('GET /v1beta/models/veo-3.1-generate-preview/operations/op-1', (_request, response) => {
    polls += 1;
    if (polls < 2) return sendJson(response, 200, { name: 'op-1', done: false });
    sendJson(response, 200, { name: 'op-1', done: true, response: done(vendor.url) });
  });
  vendor.on('GET /v1beta/files/abc123:download', (request, response) => {
    if (request.headers['x-goog-api-key'] !== KEY)
      return sendJson(response, 403, { error: { message: 'no key' } });
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(sample.length) });
    response.end(sample);
  });
}

describe('the clips a Veo video is chained from', () => {
  it('covers the length with 8-second clips and the shortest clip that covers the rest', () => {
    expect(veoClipPlan('veo-3.1-generate-preview', 8)).toEqual([8]);
    expect(veoClipPlan('veo-3.1-generate-preview', 5)).toEqual([6]);
    expect(veoClipPlan('veo-3.1-generate-preview', 15)).toEqual([8, 8]);
    expect(veoClipPlan('veo-3.1-generate-preview', 30)).toEqual([8, 8, 8, 6]);
    expect(veoClipPlan('veo-3.1-generate-preview', 60)).toEqual([8, 8, 8, 8, 8, 8, 8, 4]);
    expect(veoClipPlan('veo-2.0-generate-001', 15)).toEqual([8, 7]);
  });

  it('keeps every clip at 8 seconds for 1080p', () => {
    expect(veoClipPlan('veo-3.1-generate-preview', 30, true)).toEqual([8, 8, 8, 8]);
  });
});

describe('Veo through the Gemini API', () => {
  it('starts the operation, polls it, downloads the sample with the key and returns a probed video', async () => {
    fakeGeminiVeo();
    const veo = await geminiVeo({ negativePrompt: 'blurry' });
    const stages: string[] = [];
    const video = await veo.fromText(
      { prompt: 'A red fox in snow', durationSeconds: 15, aspect: '9:16', fps: 24, quality: 'hd', seed: 42 },
      { onProgress: (report) => stages.push(report.stage) },
    );
    try {
      const start = vendor.received[0]!;
      expect(start.headers['x-goog-api-key']).toBe(KEY);
      expect(start.query.get('key')).toBeNull();
      const parameters = {
        aspectRatio: '9:16',
        durationSeconds: 8,
        resolution: '1080p',
        seed: 42,
        negativePrompt: 'blurry',
      };
      expect(start.json()).toEqual({ instances: [{ prompt: 'A red fox in snow' }], parameters });
      // 15 seconds is two 8-second clips, the second continuing from the first one's last frame.
      const starts = vendor.received.filter((request) => request.path.endsWith(':predictLongRunning'));
      expect(starts).toHaveLength(2);
      const second = starts[1]!.json();
      expect(second.parameters).toEqual(parameters);
      expect(second.instances[0].prompt).toBe('A red fox in snow');
      expect(second.instances[0].image.mimeType).toBe('image/jpeg');
      expect(
        vendor.received.filter((request) => request.path.includes('/operations/')).length,
      ).toBeGreaterThanOrEqual(3);
      const probe = await probeMedia(await mediaTools(), video.path);
      expect(probe.video?.codec).toBe('h264');
      expect(probe.audio).not.toBeNull();
      // The fake's clips last 2 seconds each: both are in the joined video.
      expect(video.durationSeconds).toBeGreaterThan(3.5);
      expect(video.width).toBe(320);
      expect(video.seed).toBe(42);
      expect((await fs.stat(video.thumbnailPath)).size).toBeGreaterThan(100);
      expect(stages).toContain('video_generation');
    } finally {
      await video.release();
    }
    await expect(fs.access(video.path)).rejects.toThrow();
  });

  it('sends the first image, the last frame and reference images as base64 JPEGs', async () => {
    fakeGeminiVeo();
    const veo = await geminiVeo();
    const png = await (
      await import('sharp')
    )
      .default({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const video = await veo.fromImages({
      images: [png, png],
      lastFrame: png,
      prompt: 'Product turntable',
      durationSeconds: 5,
      aspect: '16:9',
      quality: 'standard',
      mode: 'cinematic',
      seed: 7,
    });
    await video.release();
    const instance = vendor.received[0]!.json().instances[0];
    expect(instance.image.mimeType).toBe('image/jpeg');
    expect(Buffer.from(instance.image.bytesBase64Encoded, 'base64').subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    expect(instance.lastFrame.mimeType).toBe('image/jpeg');
    expect(instance.referenceImages).toHaveLength(1);
    expect(instance.referenceImages[0].referenceType).toBe('asset');
    // 5 seconds fits in one 6-second clip, cut to 5.
    expect(vendor.received[0]!.json().parameters).toMatchObject({ durationSeconds: 6, resolution: '720p' });
    expect(vendor.received.filter((request) => request.path.endsWith(':predictLongRunning'))).toHaveLength(1);
  });

  it('chains a longer video from images: the closing frame ends the last clip', async () => {
    fakeGeminiVeo();
    const veo = await geminiVeo();
    const sharp = (await import('sharp')).default;
    const image = (background: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
    const video = await veo.fromImages({
      images: [await image('#336699'), await image('#993366')],
      lastFrame: await image('#669933'),
      prompt: 'Product turntable',
      durationSeconds: 15,
      aspect: '16:9',
      quality: 'standard',
      mode: 'cinematic',
      seed: 7,
    });
    await video.release();
    const starts = vendor.received
      .filter((request) => request.path.endsWith(':predictLongRunning'))
      .map((request) => request.json());
    expect(starts.map((start) => start.parameters.durationSeconds)).toEqual([8, 8]);
    const [first, second] = starts.map((start) => start.instances[0]);
    expect(first.referenceImages).toHaveLength(1);
    expect(first.lastFrame).toBeUndefined();
    expect(second.referenceImages).toBeUndefined();
    expect(second.lastFrame.mimeType).toBe('image/jpeg');
    // The second clip starts from the first one's last frame, not from the user's first image.
    expect(second.image.bytesBase64Encoded).not.toBe(first.image.bytesBase64Encoded);
  });

  it('cuts a clip longer than asked to the length asked for', async () => {
    const long = await makeSampleMp4(5);
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) =>
      sendJson(response, 200, { name: 'models/veo-3.1-generate-preview/operations/op-5' }),
    );
    vendor.on('GET /v1beta/models/veo-3.1-generate-preview/operations/op-5', (_request, response) =>
      sendJson(response, 200, {
        done: true,
        response: {
          generateVideoResponse: {
            generatedSamples: [{ video: { bytesBase64Encoded: long.toString('base64') } }],
          },
        },
      }),
    );
    const veo = await geminiVeo();
    const video = await veo.fromText({
      prompt: 'Short',
      durationSeconds: 3,
      aspect: '16:9',
      fps: 24,
      quality: 'standard',
      seed: 1,
    });
    try {
      expect(vendor.received[0]!.json().parameters.durationSeconds).toBe(4);
      expect(video.durationSeconds).toBeGreaterThan(2.8);
      expect(video.durationSeconds).toBeLessThan(3.3);
    } finally {
      await video.release();
    }
  });

  it('cuts a square video from the landscape one', async () => {
    fakeGeminiVeo();
    const veo = await geminiVeo();
    const video = await veo.fromText({
      prompt: 'Square',
      durationSeconds: 8,
      aspect: '1:1',
      fps: 24,
      quality: 'standard',
      seed: 1,
    });
    await video.release();
    expect(vendor.received[0]!.json().parameters.aspectRatio).toBe('16:9');
    expect(video.width).toBe(video.height);
  });

  it('turns the safety filter answer into a clear error for the user', async () => {
    fakeGeminiVeo(() => ({
      generateVideoResponse: {
        raiMediaFilteredCount: 1,
        raiMediaFilteredReasons: ['Unsafe content detected.'],
      },
    }));
    const veo = await geminiVeo();
    const error = await veo
      .fromText({ prompt: 'x', durationSeconds: 8, aspect: '16:9', fps: 24, quality: 'standard', seed: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('invalid_input');
    expect((error as ProviderError).message).toMatch(/content safety filter/);
    expect((error as ProviderError).details).toContain('Unsafe content');
  });

  it('fails readably when the operation ends in an error', async () => {
    fakeGeminiVeo();
    vendor.on('GET /v1beta/models/veo-3.1-generate-preview/operations/op-1', (_request, response) =>
      sendJson(response, 200, { done: true, error: { code: 13, message: 'internal' } }),
    );
    const veo = await geminiVeo();
    await expect(
      veo.fromText({
        prompt: 'x',
        durationSeconds: 8,
        aspect: '16:9',
        fps: 24,
        quality: 'standard',
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'failed', message: 'The video service could not generate the video.' });
  });

  it('waits as Retry-After says on 429, then succeeds', async () => {
    fakeGeminiVeo();
    let attempts = 0;
    const times: number[] = [];
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) => {
      attempts += 1;
      times.push(Date.now());
      if (attempts === 1)
        return sendJson(response, 429, { error: { message: 'quota' } }, { 'retry-after': '1' });
      sendJson(response, 200, { name: 'models/veo-3.1-generate-preview/operations/op-1' });
    });
    const veo = await geminiVeo();
    const video = await veo.fromText({
      prompt: 'x',
      durationSeconds: 8,
      aspect: '16:9',
      fps: 24,
      quality: 'standard',
      seed: 1,
    });
    await video.release();
    expect(attempts).toBe(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  it('gives up on a 5xx after its retries with an unavailable error', async () => {
    let attempts = 0;
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) => {
      attempts += 1;
      sendJson(response, 503, { error: { message: 'overloaded' } });
    });
    const veo = await geminiVeo({ retries: 2 });
    await expect(
      veo.fromText({
        prompt: 'x',
        durationSeconds: 8,
        aspect: '16:9',
        fps: 24,
        quality: 'standard',
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(attempts).toBe(3);
  });

  it('times out a call the vendor never answers', async () => {
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', () => undefined);
    const veo = await geminiVeo({ requestTimeoutMs: 200, retries: 0 });
    await expect(
      veo.fromText({
        prompt: 'x',
        durationSeconds: 8,
        aspect: '16:9',
        fps: 24,
        quality: 'standard',
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'timed_out' });
  });

  it('times out an operation that never finishes', async () => {
    fakeGeminiVeo();
    vendor.on('GET /v1beta/models/veo-3.1-generate-preview/operations/op-1', (_request, response) =>
      sendJson(response, 200, { done: false }),
    );
    const veo = await geminiVeo({ operationTimeoutMs: 150 });
    await expect(
      veo.fromText({
        prompt: 'x',
        durationSeconds: 8,
        aspect: '16:9',
        fps: 24,
        quality: 'standard',
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'timed_out' });
  });

  it('maps a refused key to a message that does not leak it', async () => {
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) =>
      sendJson(response, 403, { error: { message: `API key ${KEY} not valid` } }),
    );
    const veo = await geminiVeo();
    const error = (await veo
      .fromText({ prompt: 'x', durationSeconds: 8, aspect: '16:9', fps: 24, quality: 'standard', seed: 1 })
      .catch((caught: unknown) => caught)) as ProviderError;
    expect(error.message).toBe('The video service rejected our credentials. Please contact support.');
    expect(error.message).not.toContain(KEY);
    expect(error.details).not.toContain(KEY);
  });

  it('makes one operation per candidate, each with its own seed', async () => {
    fakeGeminiVeo();
    const veo = await geminiVeo();
    const candidates = await veo.candidates({
      prompt: 'c',
      durationSeconds: 8,
      aspect: '16:9',
      fps: 24,
      seed: 10,
      count: 2,
    });
    try {
      expect(candidates).toHaveLength(2);
      const seeds = vendor.received
        .filter((request) => request.path.endsWith(':predictLongRunning'))
        .map((request) => request.json().parameters.seed);
      expect(seeds.sort()).toEqual([10, 11]);
      expect(new Set(candidates.map((candidate) => candidate.id)).size).toBe(2);
    } finally {
      await Promise.all(candidates.map((candidate) => candidate.release()));
    }
  });

  it('extends a clip from its last frame and joins the parts', async () => {
    fakeGeminiVeo();
    const veo = await geminiVeo();
    const source = path.join(workDir, 'source.mp4');
    await fs.writeFile(source, sample);
    const video = await veo.extend({ videoPath: source, additionalSeconds: 4, prompt: 'more', seed: 3 });
    try {
      expect(vendor.received[0]!.json().instances[0].image.mimeType).toBe('image/jpeg');
      expect(video.durationSeconds).toBeGreaterThan(3.5);
      const probe = await probeMedia(await mediaTools(), video.path);
      expect(probe.audio).not.toBeNull();
    } finally {
      await video.release();
    }
  });
});

describe('Veo through Vertex AI', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    client_email: 'veo@test-project.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    private_key_id: 'kid-1',
  };

  /** Vertex AI in the fake: the token, the model, and the bucket results are read back from. */
  const vertexVeo = async (storageUri: string) =>
    createVeoVideoProvider({
      settings: {
        backend: 'vertex',
        model: 'veo-3.1-generate-001',
        baseUrl: vendor.url,
        pollIntervalMs: 20,
        vertex: {
          project: 'test-project',
          location: 'us-central1',
          serviceAccount,
          tokenUrl: `${vendor.url}/token`,
          storageUri,
          storageBaseUrl: vendor.url,
        },
      },
      tools: await mediaTools(),
      workDir,
    });

  it('signs in with the service account, asks for 4 samples and reads the base64 videos', async () => {
    const base =
      '/v1/projects/test-project/locations/us-central1/publishers/google/models/veo-3.1-generate-001';
    let assertion = '';
    vendor.on('POST /token', async (request, response) => {
      const form = new URLSearchParams(request.body.toString());
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      assertion = form.get('assertion') ?? '';
      sendJson(response, 200, { access_token: 'ya29.token', expires_in: 3600, token_type: 'Bearer' });
    });
    vendor.on(`POST ${base}:predictLongRunning`, (_request, response) =>
      sendJson(response, 200, { name: `${base.slice(4)}/operations/op-9` }),
    );
    let polls = 0;
    vendor.on(`POST ${base}:fetchPredictOperation`, (_request, response) => {
      polls += 1;
      if (polls < 2) return sendJson(response, 200, { done: false });
      sendJson(response, 200, {
        done: true,
        response: {
          videos: Array.from({ length: 4 }, () => ({
            bytesBase64Encoded: sample.toString('base64'),
            mimeType: 'video/mp4',
          })),
        },
      });
    });
    const veo = await vertexVeo('gs://bucket/out');
    const candidates = await veo.candidates({
      prompt: 'Studio shot',
      durationSeconds: 8,
      aspect: '16:9',
      fps: 24,
      seed: 5,
    });
    try {
      expect(candidates).toHaveLength(4);
      const { payload, protectedHeader } = await jwtVerify(
        assertion,
        await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'),
        { audience: `${vendor.url}/token`, issuer: serviceAccount.client_email },
      );
      expect(payload.scope).toBe('https://www.googleapis.com/auth/cloud-platform');
      expect(protectedHeader.kid).toBe('kid-1');
      const start = vendor.received.find((request) => request.path.endsWith(':predictLongRunning'))!;
      expect(start.headers.authorization).toBe('Bearer ya29.token');
      expect(start.json().parameters).toMatchObject({
        sampleCount: 4,
        storageUri: 'gs://bucket/out',
        seed: 5,
      });
      const poll = vendor.received.find((request) => request.path.endsWith(':fetchPredictOperation'))!;
      expect(poll.json()).toEqual({ operationName: `${base.slice(4)}/operations/op-9` });
      // The token is fetched once and reused.
      expect(vendor.received.filter((request) => request.path === '/token')).toHaveLength(1);
    } finally {
      await Promise.all(candidates.map((candidate) => candidate.release()));
    }
  });

  it('reads results written to the storage bucket back with the service account', async () => {
    const base =
      '/v1/projects/test-project/locations/us-central1/publishers/google/models/veo-3.1-generate-001';
    vendor.on('POST /token', (_request, response) =>
      sendJson(response, 200, { access_token: 'ya29.bucket', expires_in: 3600, token_type: 'Bearer' }),
    );
    vendor.on(`POST ${base}:predictLongRunning`, (_request, response) =>
      sendJson(response, 200, { name: `${base.slice(4)}/operations/op-gcs` }),
    );
    vendor.on(`POST ${base}:fetchPredictOperation`, (_request, response) =>
      sendJson(response, 200, {
        done: true,
        response: { videos: [{ gcsUri: 'gs://reel-bucket/out/run 1/sample_0.mp4', mimeType: 'video/mp4' }] },
      }),
    );
    vendor.on('GET /storage/v1/b/reel-bucket/o/out%2Frun%201%2Fsample_0.mp4', (request, response) => {
      if (request.headers.authorization !== 'Bearer ya29.bucket' || request.query.get('alt') !== 'media') {
        return sendJson(response, 403, { error: { message: 'forbidden' } });
      }
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(sample);
    });
    const veo = await vertexVeo('gs://reel-bucket/out');
    const video = await veo.fromText({
      prompt: 'Bucket',
      durationSeconds: 8,
      aspect: '16:9',
      fps: 24,
      quality: 'standard',
      seed: 2,
    });
    try {
      expect(vendor.received[1]!.json().parameters.storageUri).toBe('gs://reel-bucket/out');
      expect(vendor.received.some((request) => request.path.startsWith('/storage/v1/b/reel-bucket/o/'))).toBe(
        true,
      );
      expect(video.durationSeconds).toBeGreaterThan(1.5);
    } finally {
      await video.release();
    }
  });
});

describe('storyboard scenes filmed by Veo', () => {
  const scene = (visual: Partial<StoryboardScene['visual']> = {}): StoryboardScene => ({
    id: 'scene-1',
    narration: 'The lighthouse beam sweeps across the dark water.',
    duration_seconds: 5,
    duration_fixed: false,
    transition: 'cut',
    visual: {
      subjects: [{ kind: 'illustration', id: 'lighthouse', label: 'lighthouse', tint: null }],
      setting: 'beach',
      time: 'night',
      weather: 'storm',
      camera: 'pull-back',
      action: 'hero',
      prompt: null,
      ...visual,
    },
  });

  async function footage() {
    return createVeoSceneFootage({
      client: createVeoClient({
        settings: {
          backend: 'gemini',
          model: 'veo-3.1-generate-preview',
          apiKey: KEY,
          baseUrl: vendor.url,
          pollIntervalMs: 20,
          backoffMs: 10,
        },
      }),
      settings: {},
      tools: await mediaTools(),
    });
  }

  it('films the scenes with a scene prompt, empty or written; a slide or portrait without one is shown as it is', async () => {
    const veo = await footage();
    expect(veo.films(scene({ prompt: 'A lighthouse in a storm at night' }))).toBe(true);
    expect(veo.films(scene({ prompt: '' }))).toBe(true);
    expect(veo.films(scene({ prompt: null }))).toBe(false);
  });

  async function film(
    filmed: StoryboardScene,
    options: { seconds?: number; width?: number; height?: number; images?: Map<string, VettedImage> } = {},
  ) {
    const dir = await fs.mkdtemp(path.join(workDir, 'scene-'));
    const file = await (
      await footage()
    ).film(
      {
        scene: filmed,
        seconds: options.seconds ?? 5,
        width: options.width ?? 1280,
        height: options.height ?? 720,
        fps: 24,
        seed: 77,
        speechPath: path.join(dir, 'speech.wav'),
        images: options.images ?? new Map(),
        dir,
      },
      {},
    );
    return { file, dir };
  }

  const starts = () =>
    vendor.received
      .filter((request) => request.path.endsWith(':predictLongRunning'))
      .map((request) => request.json());

  it('films a scene from a prompt composed of it, in the clip length that covers it', async () => {
    fakeGeminiVeo();
    const { file, dir } = await film(scene(), { seconds: 4.6 });
    expect(file.startsWith(dir)).toBe(true);
    expect((await probeMedia(await mediaTools(), file)).video?.codec).toBe('h264');
    const [start] = starts();
    expect(start.instances).toEqual([{ prompt: composeScenePrompt(scene()) }]);
    expect(start.instances[0].prompt).toMatch(/^A lighthouse on a beach at night, in a storm\./);
    expect(start.parameters).toEqual({
      aspectRatio: '16:9',
      durationSeconds: 6,
      resolution: '720p',
      seed: 77,
    });
    expect((await footage()).source).toBe('veo:veo-3.1-generate-preview');
  });

  it("uses the scene's own prompt, the user's image as the first frame, and the frame's shape", async () => {
    fakeGeminiVeo();
    const pixels = Buffer.alloc(64 * 48 * 3, 0x80);
    const image: VettedImage = {
      pixels,
      width: 64,
      height: 48,
      channels: 3,
      sourceFormat: 'png',
      hasAlpha: false,
    };
    const url = 'storage://uploads/user/photo.png';
    await film(
      scene({
        prompt: 'A keeper climbs the spiral stairs with a lantern.',
        subjects: [{ kind: 'image', image_url: url, label: 'Keeper' }],
      }),
      { seconds: 12, width: 720, height: 1280, images: new Map([[url, image]]) },
    );
    const [start] = starts();
    expect(start.instances[0].prompt).toBe('A keeper climbs the spiral stairs with a lantern.');
    expect(start.instances[0].image.mimeType).toBe('image/jpeg');
    expect(Buffer.from(start.instances[0].image.bytesBase64Encoded, 'base64').subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    // Longer than any clip: the longest, which the renderer loops.
    expect(start.parameters).toMatchObject({ aspectRatio: '9:16', durationSeconds: 8 });
  });

  it('fails with the safety message when the vendor filters the scene', async () => {
    fakeGeminiVeo(() => ({
      generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: ['Unsafe content.'] },
    }));
    await expect(film(scene())).rejects.toMatchObject({
      code: 'invalid_input',
      message: SAFETY_MESSAGE,
      details: 'Unsafe content.',
    });
  });

  it('says so when the vendor refuses the key', async () => {
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) =>
      sendJson(response, 403, { error: { message: 'denied' } }),
    );
    await expect(film(scene())).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The video service rejected our credentials. Please contact support.',
    });
  });
});
