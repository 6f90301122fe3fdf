import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSyncLipSyncProvider,
  type UploadForVendor,
} from '../../src/providers/cloud/sync-lip-sync-provider';
import {
  makeSampleAudio,
  makeSampleMp4,
  mediaTools,
  sendJson,
  startFakeVendor,
  type FakeVendor,
} from './fake-vendor';

let vendor: FakeVendor;
let clip: string;
let workDir: string;
let sample: Buffer;
let audio: Buffer;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sync-test-'));
  sample = await makeSampleMp4(2);
  audio = await makeSampleAudio('wav', 1);
  clip = path.join(workDir, 'clip.mp4');
  await fs.writeFile(clip, sample);
});
afterAll(() => fs.rm(workDir, { recursive: true, force: true }));
beforeEach(async () => {
  vendor = await startFakeVendor();
});
afterEach(() => vendor.close());

/** Serves the uploaded files from the fake server itself, as signed storage URLs would be. */
function uploads() {
  const removed: string[] = [];
  const offered: { path: string; contentType: string }[] = [];
  const upload: UploadForVendor = async (file) => {
    offered.push(file);
    const name = `/storage/${offered.length}`;
    return { url: `${vendor.url}${name}?signature=abc`, remove: async () => void removed.push(name) };
  };
  return { upload, removed, offered };
}

const provider = async (upload: UploadForVendor | undefined, webhookUrl?: string) =>
  createSyncLipSyncProvider({
    settings: { apiKey: 'sync-key', baseUrl: vendor.url, model: 'lipsync-2', pollIntervalMs: 20, webhookUrl },
    tools: await mediaTools(),
    uploadForVendor: upload,
    workDir,
  });

describe('sync lip-sync', () => {
  it('posts the URLs, polls until completed and copies the result home', async () => {
    let polls = 0;
    vendor.on('POST /v2/generate', (_request, response) =>
      sendJson(response, 201, { id: 'gen-1', status: 'PENDING' }),
    );
    vendor.on('GET /v2/generate/gen-1', (_request, response) => {
      polls += 1;
      if (polls === 1) return sendJson(response, 200, { id: 'gen-1', status: 'PROCESSING' });
      sendJson(response, 200, { id: 'gen-1', status: 'COMPLETED', outputUrl: `${vendor.url}/cdn/out.mp4` });
    });
    vendor.on('GET /cdn/out.mp4', (request, response) => {
      expect(request.headers['x-api-key']).toBeUndefined();
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(sample);
    });
    const { upload, removed, offered } = uploads();
    const video = await (
      await provider(upload, 'https://reelcraft.example/api/v1/webhooks/sync')
    ).apply({
      videoPath: clip,
      audio,
      model: 'sync-1.6.0',
    });
    try {
      const start = vendor.received[0]!;
      expect(start.headers['x-api-key']).toBe('sync-key');
      expect(start.json()).toEqual({
        model: 'sync-1.6.0',
        input: [
          { type: 'video', url: `${vendor.url}/storage/1?signature=abc` },
          { type: 'audio', url: `${vendor.url}/storage/2?signature=abc` },
        ],
        webhookUrl: 'https://reelcraft.example/api/v1/webhooks/sync',
      });
      expect(offered.map((file) => file.contentType)).toEqual(['video/mp4', 'audio/wav']);
      expect(removed.sort()).toEqual(['/storage/1', '/storage/2']);
      expect(video.path.startsWith(workDir)).toBe(true);
      expect(video.durationSeconds).toBeGreaterThan(1.5);
      expect(video.seed).toBeNull();
    } finally {
      await video.release();
    }
  });

  it('fails the job readably when sync reports FAILED', async () => {
    vendor.on('POST /v2/generate', (_request, response) =>
      sendJson(response, 201, { id: 'gen-2', status: 'PENDING' }),
    );
    vendor.on('GET /v2/generate/gen-2', (_request, response) =>
      sendJson(response, 200, { id: 'gen-2', status: 'FAILED', error: 'no face detected' }),
    );
    const { upload, removed } = uploads();
    await expect((await provider(upload)).apply({ videoPath: clip, audio })).rejects.toMatchObject({
      code: 'failed',
      message: 'Lip-sync processing failed',
      details: 'no face detected',
    });
    expect(removed).toHaveLength(2);
    // The model is the configured one when the request names none.
    expect(vendor.received[0]!.json().model).toBe('lipsync-2');
  });

  it('refuses to run without a way to share the files', async () => {
    await expect((await provider(undefined)).apply({ videoPath: clip, audio })).rejects.toMatchObject({
      code: 'unavailable',
    });
  });

  it('maps a refused key', async () => {
    vendor.on('POST /v2/generate', (_request, response) => sendJson(response, 401, { message: 'bad key' }));
    await expect((await provider(uploads().upload)).apply({ videoPath: clip, audio })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The lip-sync service rejected our credentials. Please contact support.',
    });
  });
});
