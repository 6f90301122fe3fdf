import fs from 'node:fs/promises';
import path from 'node:path';
import { textToVideoSessionSchema } from '@reelcraft/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { probeMedia } from '../../src/media/media-probe';
import { createProviders, type Providers } from '../../src/providers';
import { apiClient, formData } from '../helpers/api-client';
import { waitFor } from '../helpers/processes';
import { makeTempDir, startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { makeSampleMp4, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

// A text-to-video job with VIDEO_PROVIDER=veo pointed at a fake Gemini API ends with a playable
// video in the library.
describe('a text-to-video job through Veo (fake Gemini API)', () => {
  let vendor: FakeVendor;
  let providers: Providers;
  let server: TestServer;
  const scratch = makeTempDir();

  beforeAll(async () => {
    const sample = await makeSampleMp4(4, '640x360');
    vendor = await startFakeVendor();
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (_request, response) =>
      sendJson(response, 200, { name: 'models/veo-3.1-generate-preview/operations/e2e' }),
    );
    let polls = 0;
    vendor.on('GET /v1beta/models/veo-3.1-generate-preview/operations/e2e', (_request, response) => {
      polls += 1;
      if (polls < 2) return sendJson(response, 200, { done: false, metadata: { progressPercent: 40 } });
      sendJson(response, 200, {
        done: true,
        response: {
          generateVideoResponse: {
            generatedSamples: [{ video: { uri: `${vendor.url}/v1beta/files/e2e:download?alt=media` } }],
          },
        },
      });
    });
    vendor.on('GET /v1beta/files/e2e:download', (_request, response) => {
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

  it('completes with a playable MP4 in the library', async () => {
    expect(providers.video.kind).toBe('veo');
    const { token } = await createUserWithToken(server.platform);
    const api = apiClient(server, token);
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
      60_000,
    );
    expect(session).toMatchObject({ status: 'completed', error: null });
    expect(vendor.received[0]!.headers['x-goog-api-key']).toBe('e2e-key');
    expect(vendor.received[0]!.json().instances[0].prompt).toContain('lighthouse');

    const { pathname, search } = new URL(session.final_video_url!);
    expect(session.final_video_url).not.toContain(vendor.url);
    const played = await fetch(`${server.baseUrl}${pathname}${search}`);
    expect(played.status).toBe(200);
    const file = path.join(scratch, 'played.mp4');
    await fs.writeFile(file, Buffer.from(await played.arrayBuffer()));
    const probe = await probeMedia(providers.mediaTools, file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    // 15 seconds is chained from two clips; the fake's last 4 seconds each.
    expect(vendor.received.filter((request) => request.path.endsWith(':predictLongRunning'))).toHaveLength(2);
    expect(probe.durationSeconds).toBeGreaterThan(7.5);

    const listed = (await api.get('/videos')).json<{
      videos: { status: string; thumbnail_url: string | null }[];
    }>();
    expect(listed.videos).toEqual([
      expect.objectContaining({ status: 'completed', thumbnail_url: expect.any(String) }),
    ]);
  });
});
