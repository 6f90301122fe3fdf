import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeHeavy } from '../../helpers/each-database';
import { studioJobSchema, type StudioJob, type UploadAnswer } from '@reelcraft/contract';
import { serverRoot } from '../../../src/platform/paths';
import { lastMailTo, linkIn } from '../../helpers/mailbox';
import { exited, startProcess, waitFor } from '../../helpers/processes';
import { makeTempDir } from '../../helpers/test-platform';
import { testImage } from '../../fixtures/test-images';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const mainFile = path.join(serverRoot(), 'src', 'main.ts');
const PASSWORD = 'correct horse battery';

/*
 * The product as users run it, one process on the embedded database, killed while it makes a studio
 * job's candidates: the next start makes them again and the job reaches CANDIDATES_READY, having
 * taken one video.
 */
describeHeavy('a studio job when the server process dies during candidate generation', () => {
  const dataDir = makeTempDir();
  const running: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates its four candidates after the restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
    };
    const start = async () => {
      const child = await startProcess(mainFile, env, 'ReelCraft is up', 90_000);
      running.push(child);
      return child;
    };
    const call = async (
      method: string,
      route: string,
      options: { token?: string; body?: RequestInit['body']; type?: string } = {},
    ) => {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.type) headers['content-type'] = options.type;
      return fetch(`${base}/api/v1${route}`, { method, headers, body: options.body });
    };

    let server = await start();
    const email = 'studio-restart@example.com';
    const registered = await call('POST', '/auth/register', {
      type: 'application/json',
      body: JSON.stringify({
        email,
        password: PASSWORD,
        full_name: 'Stu Dio',
        phone_number: '',
        company_name: '',
        role: '',
      }),
    });
    expect(registered.status).toBe(201);
    const verifyToken = linkIn(lastMailTo(dataDir, email), `${base}/verify/`).slice(`${base}/verify/`.length);
    expect((await call('GET', `/verify/${verifyToken}`)).status).toBe(200);
    const login = await call('POST', '/auth/login', {
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams({ username: email, password: PASSWORD, grant_type: 'password' }).toString(),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

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
