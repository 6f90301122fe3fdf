import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSyncNotice } from '../../../src/modules/vendor-webhooks';
import { createSyncLipSyncProvider } from '../../../src/providers/cloud/sync-lip-sync-provider';
import { makeTempDir, startTestServer, type TestServer } from '../../helpers/test-platform';
import {
  makeSampleAudio,
  makeSampleMp4,
  mediaTools,
  sendJson,
  startFakeVendor,
  type FakeVendor,
} from '../../providers/fake-vendor';

const SECRET = 'whsec_test_secret';

describe("sync's webhook", () => {
  let vendor: FakeVendor;
  let server: TestServer;
  const workDir = makeTempDir();

  beforeAll(async () => {
    vendor = await startFakeVendor();
    server = await startTestServer({
      listen: true,
      work: false,
      env: {
        LIP_SYNC_PROVIDER: 'sync',
        SYNC_API_KEY: 'sync-key',
        SYNC_BASE_URL: vendor.url,
        SYNC_WEBHOOK_SECRET: SECRET,
        PUBLIC_URL: 'https://reel.example',
        // Far longer than the test may take: only the webhook can end the wait.
        SYNC_POLL_INTERVAL_SECONDS: '120',
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await vendor?.close();
    await fs.rm(workDir, { recursive: true, force: true });
  });

  const notify = (body: string, signature?: string) =>
    fetch(`${server.baseUrl}/api/v1/webhooks/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'sync-signature': signature } : {}) },
      body,
    });

  it('wakes the polling job at once, which then asks sync itself', async () => {
    const sample = await makeSampleMp4(2);
    const clip = path.join(workDir, 'clip.mp4');
    await fs.writeFile(clip, sample);
    let finished = false;
    vendor.on('POST /v2/generate', (_request, response) =>
      sendJson(response, 201, { id: 'gen-web', status: 'PENDING' }),
    );
    vendor.on('GET /v2/generate/gen-web', (_request, response) =>
      sendJson(response, 200, { id: 'gen-web', status: 'COMPLETED', outputUrl: `${vendor.url}/cdn/out.mp4` }),
    );
    vendor.on('GET /cdn/out.mp4', (_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(sample);
    });
    const settings = server.config.media.cloud.sync!;
    const lipSync = createSyncLipSyncProvider({
      settings,
      tools: await mediaTools(),
      uploadForVendor: async () => ({ url: `${vendor.url}/storage/file?sig=1`, remove: async () => {} }),
      vendorNews: server.platform.vendorNews.subscribe,
      workDir,
    });
    const applying = lipSync
      .apply({ videoPath: clip, audio: await makeSampleAudio('wav', 1) })
      .finally(() => (finished = true));

    // sync delivers its notice once the generation is done; like sync, the test retries delivery.
    const answers: number[] = [];
    while (!finished) {
      if (vendor.received.some((request) => request.path === '/v2/generate')) {
        const body = JSON.stringify({ result: { id: 'gen-web', status: 'COMPLETED' }, error: null });
        answers.push((await notify(body, signSyncNotice(body, SECRET))).status);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const video = await applying;
    await video.release();

    expect(answers.every((status) => status === 200)).toBe(true);
    expect(vendor.received[0]!.json().webhookUrl).toBe('https://reel.example/api/v1/webhooks/sync');
    // The notice was not trusted: the job asked sync for the generation before downloading it.
    const paths = vendor.received.map((request) => request.path);
    expect(paths.indexOf('/v2/generate/gen-web')).toBeGreaterThan(0);
    expect(paths.indexOf('/cdn/out.mp4')).toBeGreaterThan(paths.indexOf('/v2/generate/gen-web'));
  });

  it('refuses a notice without a valid signature', async () => {
    const body = JSON.stringify({ result: { id: 'gen-x' } });
    for (const signature of [
      undefined,
      'garbage',
      signSyncNotice(body, 'another-secret'),
      signSyncNotice(`${body} `, SECRET),
      signSyncNotice(body, SECRET, Math.floor(Date.now() / 1000) - 3600),
    ]) {
      const answer = await notify(body, signature);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ detail: 'Invalid webhook signature' });
    }
  });

  it('answers 400 to a signed notice it cannot read', async () => {
    for (const body of ['not json', JSON.stringify({ result: {} }), JSON.stringify([1])]) {
      const answer = await notify(body, signSyncNotice(body, SECRET));
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ detail: 'Invalid webhook payload' });
    }
  });

  it('is not served when sync is not the lip-sync provider', async () => {
    const local = await startTestServer({ work: false });
    try {
      const answer = await local.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/sync',
        headers: { 'content-type': 'application/json' },
        payload: '{"id":"x"}',
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});
