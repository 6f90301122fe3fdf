import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { describeHeavy } from '../../helpers/each-database';
import { studioJobSchema, type StudioJob, type UploadAnswer } from '@reelcraft/contract';
import { exited, waitFor } from '../../helpers/processes';
import { embeddedProduct, signUpAndSignIn, type EmbeddedProduct } from '../../helpers/product-process';
import { makeTempDir } from '../../helpers/test-platform';
import { testImage } from '../../fixtures/test-images';

/*
 * The product as users run it, one process on the embedded database, killed while it makes a studio
 * job's candidates: the next start makes them again and the job reaches CANDIDATES_READY, having
 * taken one video.
 */
describeHeavy('a studio job when the server process dies during candidate generation', () => {
  const dataDir = makeTempDir();
  let product: EmbeddedProduct | undefined;
  afterAll(async () => {
    product?.killAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates its four candidates after the restart', async () => {
    product = await embeddedProduct(dataDir);
    const { base, call, start } = product;
    let server = await start();
    const token = await signUpAndSignIn(base, dataDir, 'studio-restart@example.com');

    const form = new FormData();
    form.append(
      'files',
      new Blob([await testImage('jpeg', 640, 480)], { type: 'image/jpeg' }),
      'subject.jpg',
    );
    form.append('source', 'ai-studio');
    const upload = (await (
      await call('POST', '/upload/signed-url', { token, body: form })
    ).json()) as UploadAnswer;
    const created = await call('POST', '/studio/veo/jobs', {
      token,
      type: 'application/json',
      body: JSON.stringify({
        prompt: 'A brass compass on an old map',
        subject_refs: [upload.images[0]!.gcs_uri],
      }),
    });
    expect(created.status).toBe(201);
    const { job_id: jobId } = (await created.json()) as { job_id: string };
    const state = async (): Promise<StudioJob> =>
      studioJobSchema.parse(await (await call('GET', `/studio/veo/jobs/${jobId}`, { token })).json());

    // Killed while the candidates are being made: nothing is handed back to the queue.
    await waitFor(
      async () => {
        const job = await state();
        if (job.status !== 'CANDIDATES_GENERATING' && job.status !== 'CREATED') {
          throw new Error(`The candidates ended before the kill: ${job.status}`);
        }
        return job.progress >= 0.05 ? job : undefined;
      },
      'candidate generation to be under way',
      90_000,
    );
    server.kill('SIGKILL');
    await exited(server);

    server = await start();
    const ready = await waitFor(
      async () => {
        const job = await state();
        return ['CANDIDATES_READY', 'FAILED'].includes(job.status) ? job : undefined;
      },
      'the candidates after the restart',
      180_000,
    );
    expect(ready).toMatchObject({ status: 'CANDIDATES_READY', progress: 1, error: null });
    expect(ready.candidates).toHaveLength(4);
    const count = (await (await call('GET', '/user/video-count', { token })).json()) as {
      remaining_videos: number;
    };
    expect(count.remaining_videos).toBe(2);
  }, 400_000);
});
