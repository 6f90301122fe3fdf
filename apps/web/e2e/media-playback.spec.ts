import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createProviders, type RenderedVideo } from '../../server/src/providers';

// A video rendered by the offline engine plays in Chromium: the browser decodes it (readyState of
// at least HAVE_CURRENT_DATA) and its clock runs. No API serves renders yet, so the test renders a
// short clip itself and serves it from a small HTTP server that answers Range requests as storage does.

let video: RenderedVideo;
let server: http.Server;
let origin: string;

const PAGE = `<!doctype html><html><body style="margin:0;background:#000">
<video id="player" src="/video.mp4" muted playsinline autoplay controls width="360" height="360"></video>
</body></html>`;

function serveVideo(file: string) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    if (request.url !== '/video.mp4') {
      response.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) {
      response.writeHead(200, {
        'content-type': 'video/mp4',
        'content-length': size,
        'accept-ranges': 'bytes',
      });
      fs.createReadStream(file).pipe(response);
      return;
    }
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    response.writeHead(206, {
      'content-type': 'video/mp4',
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
      'accept-ranges': 'bytes',
    });
    fs.createReadStream(file, { start, end }).pipe(response);
  };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const providers = await createProviders({});
  try {
    video = await providers.video.fromText({
      prompt: 'A calm lake at sunrise with mist over the water',
      durationSeconds: 4,
      aspect: '1:1',
      fps: 24,
      quality: 'standard',
      seed: 7,
    });
  } finally {
    await providers.close();
  }
  server = http.createServer(serveVideo(video.path));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await video?.release();
});

test('a rendered MP4 plays in the browser', async ({ page }) => {
  await page.goto(origin);
  const player = page.locator('#player');
  await expect(player).toBeVisible();

  // HAVE_CURRENT_DATA (2) or better: Chromium decoded the H.264/AAC stream.
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const facts = await player.evaluate((element: HTMLVideoElement) => ({
    duration: element.duration,
    width: element.videoWidth,
    height: element.videoHeight,
    error: element.error?.message ?? null,
  }));
  expect(facts).toEqual({ duration: expect.closeTo(4, 1), width: 720, height: 720, error: null });

  await player.evaluate((element: HTMLVideoElement) => element.play());
  const start = await player.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(start + 0.5);
});
