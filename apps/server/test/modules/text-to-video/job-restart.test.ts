import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeHeavy } from '../../helpers/each-database';
import { textToVideoSessionSchema, type TextToVideoSession } from '@reelcraft/contract';
import { probeMedia } from '../../../src/media/media-probe';
import { exited, waitFor } from '../../helpers/processes';
import { embeddedProduct, signUpAndSignIn, type EmbeddedProduct } from '../../helpers/product-process';
import { makeTempDir, testProviders } from '../../helpers/test-platform';

/*
 * The product as users run it: one process on the embedded database. The process is killed (no
 * chance to hand its job back) while it renders; the next start of the product finishes the job.
 */
describeHeavy('a text-to-video job when the server process dies mid-render', () => {
  const dataDir = makeTempDir();
  let product: EmbeddedProduct | undefined;
  afterAll(async () => {
    product?.killAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is rendered again from the start after a restart and completes, taking one video', async () => {
    product = await embeddedProduct(dataDir);
    const { base, call, start } = product;

    let server = await start();
    // Sign up as a new user does: register, follow the mailed link, sign in.
    const token = await signUpAndSignIn(base, dataDir, 'restart@example.com');

    const form = new FormData();
    form.append('prompt', 'Waves rolling onto a quiet beach under a starry night sky');
    form.append('duration', '15');
    const started = await call('POST', '/text-to-video/sessions', { token, body: form });
    expect(started.status).toBe(201);
    const { session_id: sessionId } = (await started.json()) as { session_id: string };
    const state = async (): Promise<TextToVideoSession> =>
      textToVideoSessionSchema.parse(
        await (await call('GET', `/text-to-video/sessions/${sessionId}`, { token })).json(),
      );

    // Killed while it renders: nothing is handed back to the queue.
    const midRender = await waitFor(
      async () => {
        const session = await state();
        if (session.status !== 'processing')
          throw new Error(`The job ended before the kill: ${session.status}`);
        return session.progress >= 5 ? session : undefined;
      },
      'the render to be under way',
      60_000,
    );
    server.kill('SIGKILL');
    await exited(server);
    expect(midRender.progress).toBeLessThan(100);

    server = await start();
    const session = await waitFor(
      async () => {
        const current = await state();
        return current.status === 'processing' ? undefined : current;
      },
      'the job to complete after the restart',
      120_000,
    );
    expect(session).toMatchObject({ status: 'completed', progress: 100, error: null });

    const download = await call('GET', `/proxy/video?url=${encodeURIComponent(session.final_video_url!)}`, {
      token,
    });
    expect(download.status).toBe(200);
    const file = path.join(dataDir, 'downloaded.mp4');
    fs.writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const probe = await probeMedia((await testProviders()).mediaTools, file);
    // As long as its narration, which is written for the 15 s asked (decision 035).
    expect(probe.durationSeconds).toBeGreaterThan(15 * 0.75);
    expect(probe.durationSeconds).toBeLessThan(15 * 1.25);

    // The retried job took no second video: the free plan's 3, minus this one.
    const count = (await (await call('GET', '/user/video-count', { token })).json()) as {
      remaining_videos: number;
    };
    expect(count.remaining_videos).toBe(2);
    const listed = (await (await call('GET', '/videos', { token })).json()) as {
      videos: { status: string }[];
    };
    expect(listed.videos).toEqual([expect.objectContaining({ status: 'completed' })]);

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
  }, 300_000);
});
