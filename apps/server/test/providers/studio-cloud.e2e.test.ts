import { studioJobSchema, type StudioJob } from '@reelcraft/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client';
import { waitFor } from '../helpers/processes';
import { startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { makeSampleAudio, makeSampleMp4, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

// The studio with its cloud providers, each pointed at a fake of its vendor's API: Veo (Gemini API,
// one operation per candidate), ElevenLabs speech and sync lip-sync.
describe('an AI Studio job with Veo, ElevenLabs and sync (fake vendors)', () => {
  let vendor: FakeVendor;
  let server: TestServer;
  let api: ApiClient;
  const generated: string[] = [];

  beforeAll(async () => {
    const [clip, speech] = await Promise.all([makeSampleMp4(4, '640x360'), makeSampleAudio('mp3', 2)]);
    vendor = await startFakeVendor();
    vendor.on('POST /v1beta/models/veo-3.1-generate-preview:predictLongRunning', (request, response) => {
      generated.push(request.body.toString());
      sendJson(response, 200, { name: `models/veo-3.1-generate-preview/operations/op-${generated.length}` });
    });
    vendor.on(
      (request) => request.method === 'GET' && request.path.includes('/operations/op-'),
      (request, response) =>
        sendJson(response, 200, {
          done: true,
          response: {
            generateVideoResponse: {
              generatedSamples: [
                {
                  video: {
                    uri: `${vendor.url}/v1beta/files/${request.path.split('/').at(-1)}:download?alt=media`,
                  },
                },
              ],
            },
          },
        }),
    );
    vendor.on(
      (request) => request.method === 'GET' && request.path.startsWith('/v1beta/files/'),
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'video/mp4' });
        response.end(clip);
      },
    );
    vendor.on(
      (request) => request.method === 'POST' && request.path.startsWith('/v1/text-to-speech/'),
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        response.end(speech);
      },
    );
    vendor.on('POST /v2/generate', (_request, response) =>
      sendJson(response, 201, { id: 'gen-1', status: 'PENDING' }),
    );
    vendor.on('GET /v2/generate/gen-1', (_request, response) =>
      sendJson(response, 200, { id: 'gen-1', status: 'COMPLETED', outputUrl: `${vendor.url}/cdn/out.mp4` }),
    );
    vendor.on('GET /cdn/out.mp4', (_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(clip);
    });
    server = await startTestServer({
      listen: true,
      providers: 'configured',
      env: {
        VIDEO_PROVIDER: 'veo',
        GEMINI_API_KEY: 'veo-key',
        VEO_BASE_URL: vendor.url,
        VEO_POLL_INTERVAL_SECONDS: '0.05',
        SPEECH_PROVIDER: 'elevenlabs',
        ELEVENLABS_API_KEY: 'eleven-key',
        ELEVENLABS_BASE_URL: vendor.url,
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

  const state = async (jobId: string) =>
    studioJobSchema.parse((await api.get(`/studio/veo/jobs/${jobId}`)).json());
  const until = (jobId: string, done: (job: StudioJob) => boolean, what: string) =>
    waitFor(
      async () => {
        const job = await state(jobId);
        return done(job) || job.status === 'FAILED' ? job : undefined;
      },
      what,
      60_000,
    );

  it('makes four candidates with four Veo operations, narrates with ElevenLabs and lip-syncs with sync', async () => {
    const created = await api.postJson('/studio/veo/jobs', {
      prompt: 'A silver watch on black marble',
      seed: 40,
    });
    expect(created.status).toBe(201);
    const { job_id } = created.json<{ job_id: string }>();
    const ready = await until(job_id, (job) => job.status === 'CANDIDATES_READY', 'the Veo candidates');
    expect(ready).toMatchObject({ status: 'CANDIDATES_READY', error: null });
    expect(ready.candidates).toHaveLength(4);
    // The Gemini API makes one video per operation: one per candidate, each with its own seed.
    expect(
      generated.map((body) => (JSON.parse(body) as { parameters: { seed: number } }).parameters.seed),
    ).toEqual([40, 41, 42, 43]);

    expect(
      (await api.postJson(`/studio/veo/jobs/${job_id}/select`, { candidate_id: ready.candidates[0]!.id }))
        .status,
    ).toBe(200);
    const voiceover = await api.postJson(`/studio/veo/jobs/${job_id}/voiceover`, {
      text: 'Time, beautifully kept.',
    });
    expect(voiceover.status).toBe(200);
    const tts = vendor.received.find((request) => request.path.startsWith('/v1/text-to-speech/'))!;
    expect(tts.headers['xi-api-key']).toBe('eleven-key');

    expect((await api.postJson(`/studio/veo/jobs/${job_id}/lipsync`, {})).status).toBe(202);
    const complete = await until(job_id, (job) => job.status === 'COMPLETE', 'the sync lip-sync');
    expect(complete).toMatchObject({ status: 'COMPLETE', error: null, final_video_url: expect.any(String) });
    const syncStart = vendor.received.find((request) => request.path === '/v2/generate')!;
    expect(syncStart.json()).toMatchObject({ model: 'sync-1.6.0' });
    const library = (await api.get('/videos')).json<{ videos: { project_type: string; status: string }[] }>();
    expect(library.videos).toEqual([
      expect.objectContaining({ project_type: 'ai-studio', status: 'completed' }),
    ]);
  });
});
