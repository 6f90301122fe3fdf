import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { healthAnswerSchema, serverDetailMessages, textToVideoSessionSchema } from '@reelcraft/contract';
import { generations, videos } from '../../src/db-schema';
import { uploadKeyPrefix } from '../../src/modules/library';
import { RENDER_RETRY_LIMIT } from '../../src/modules/generations/render-job-policy';
import type { DatabaseTransaction } from '../../src/platform/db/database';
import type { JobContext } from '../../src/platform/queue/job-registry';
import { apiClient, formData, type ApiClient } from '../helpers/api-client';
import { describeEachDatabase } from '../helpers/each-database';
import { waitFor } from '../helpers/processes';
import { startTestServer, type TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { testImage } from '../fixtures/test-images';

// Issue 37: on a full data volume, uploads and a text-to-video start answered 500 with ENOSPC in
// the log, and /health stayed "ok".

const PROMPT = 'A lighthouse on a cliff at dusk with waves crashing below';

/** What a write to a full disk throws (Node's file system calls). */
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
/** What PostgreSQL (and the embedded PGlite) answers when its disk is full: SQLSTATE 53100. */
const diskFull = () =>
  Object.assign(new Error('could not extend file "base/5/16400": No space left on device'), {
    code: '53100',
    severity: 'ERROR',
  });

/** Every line the server logs, parsed. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, destination };
}
const PINO_ERROR = 50;
const PINO_WARN = 40;

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

/** The files in the user's upload area (the local driver keeps them under DATA_DIR/objects). */
function storedUploads(server: TestServer, userId: string): string[] {
  const dir = path.join(server.config.dataDir, 'objects', uploadKeyPrefix(userId));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const photo = async (filename: string) => ({
  name: 'files',
  data: await testImage('jpeg', 64, 48),
  filename,
  type: 'image/jpeg',
});

const outOfStorage = { detail: serverDetailMessages.outOfStorage };

const log = logCollector();

describeEachDatabase(
  'a full disk during a request',
  {
    listen: true,
    work: false,
    logDestination: log.destination,
    env: { LOG_LEVEL: 'warn', DISK_FREE_WARN_MB: '0', DISK_FREE_CRITICAL_MB: '0' },
    // The render fails as a render writing to a full work folder does.
    providers: (shared) => ({
      ...shared,
      video: {
        ...shared.video,
        fromStoryboard: async () => {
          throw enospc();
        },
      },
    }),
  },
  (server) => {
    let mark = 0;
    const errorsLogged = () => log.lines.slice(mark).filter((line) => line.level === PINO_ERROR);
    beforeEach(() => {
      mark = log.lines.length;
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('reports the free space of the disks with the other components, ready while there is room', async () => {
      const answer = await server().app.inject({ method: 'GET', url: '/api/v1/health' });
      const { status, body } = { status: answer.statusCode, body: healthAnswerSchema.parse(answer.json()) };
      expect(status).toBe(200);
      expect(body).toMatchObject({
        status: 'ok',
        database: { status: 'ok' },
        queue: { status: 'ok' },
        storage: { status: 'ok', free_bytes: expect.any(Number) },
      });
      expect(body.storage?.free_bytes).toBeGreaterThan(0);
      expect(body.storage?.detail).toBeUndefined();
    });

    it('answers an upload 507 with a clear text, keeps none of its files, and logs the cause once', async () => {
      const { user, api } = await signedIn(server());
      const { storage } = server().platform;
      const put = storage.put.bind(storage);
      // The first photo is stored, the second finds the disk full.
      vi.spyOn(storage, 'put')
        .mockImplementationOnce(put)
        .mockImplementation(async () => {
          throw enospc();
        });

      const answer = await api.postForm(
        '/upload/signed-url',
        formData({ source: 'image-to-video' }, [await photo('first.jpg'), await photo('second.jpg')]),
      );

      expect(answer.status).toBe(507);
      expect(answer.json()).toEqual(outOfStorage);
      expect(storedUploads(server(), user.id)).toEqual([]);
      const errors = errorsLogged();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: 'Request failed: out of disk space',
        err: expect.objectContaining({ code: 'ENOSPC' }),
      });
    });

    it.each([
      ['a file system (ENOSPC)', enospc],
      ['the database (disk_full)', diskFull],
    ])(
      'answers a text-to-video start 507 when %s finds the disk full, and takes no video',
      async (_what, error) => {
        const { user, api } = await signedIn(server());
        const before = await remainingVideos(api);
        const { database } = server().platform;
        const transaction = database.transaction.bind(database);
        // The quota and the rows are written; queuing the render job is the write that fails.
        vi.spyOn(database, 'transaction').mockImplementationOnce((work) =>
          transaction((tx) =>
            work({
              orm: tx.orm,
              executeSql: async () => {
                throw error();
              },
            } as DatabaseTransaction),
          ),
        );

        const answer = await api.postForm(
          '/text-to-video/sessions',
          formData({ prompt: PROMPT, duration: 15 }),
        );

        expect(answer.status).toBe(507);
        expect(answer.json()).toEqual(outOfStorage);
        expect(await remainingVideos(api)).toBe(before);
        const { orm } = server().platform.database;
        expect(await orm.select().from(videos).where(eq(videos.userId, user.id))).toEqual([]);
        expect(errorsLogged()).toHaveLength(1);
        // The disk has room again: the same start goes through.
        const again = await api.postForm(
          '/text-to-video/sessions',
          formData({ prompt: PROMPT, duration: 15 }),
        );
        expect(again.status).toBe(201);
      },
    );

    it('fails a render that finds the disk full with the clear text, after its retries, and gives the video back', async () => {
      const { user, api } = await signedIn(server());
      const before = await remainingVideos(api);
      const started = await api.postForm(
        '/text-to-video/sessions',
        formData({ prompt: PROMPT, duration: 15 }),
      );
      expect(started.status).toBe(201);
      const { session_id } = started.json<{ session_id: string }>();
      expect(await remainingVideos(api)).toBe(before - 1);
      const [row] = await server()
        .platform.database.orm.select()
        .from(generations)
        .where(eq(generations.userId, user.id));
      const job = server().jobs.find((definition) => definition.name === 'storyboard.render');
      if (!row || !job) throw new Error('The start queued no render');
      const attempt = (retryCount: number): JobContext => ({
        jobId: 'test',
        retryCount,
        signal: new AbortController().signal,
      });

      // While attempts remain the job goes back to the queue (a full disk may clear)...
      await expect(job.handler({ id: row.id }, attempt(0))).rejects.toMatchObject({ code: 'ENOSPC' });
      // ...and the last one fails the video with a text the user can act on.
      await job.handler({ id: row.id }, attempt(RENDER_RETRY_LIMIT));

      const session = textToVideoSessionSchema.parse(
        (await api.get(`/text-to-video/sessions/${session_id}`)).json(),
      );
      expect(session).toMatchObject({ status: 'failed', error: serverDetailMessages.outOfStorage });
      expect(await remainingVideos(api)).toBe(before);
    });
  },
);

describe('readiness and warnings about disk space', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  async function start(env: Record<string, string>, logDestination?: Writable) {
    const server = await startTestServer({ work: false, env, ...(logDestination ? { logDestination } : {}) });
    servers.push(server);
    return server;
  }
  const health = async (server: TestServer) => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    return { status: answer.statusCode, body: healthAnswerSchema.parse(answer.json()) };
  };

  it('is not ready (503, with the reason) below the critical threshold, and says so in the log', async () => {
    // More free space than any test machine has: every disk is "critically low".
    const critical = logCollector();
    const server = await start(
      { LOG_LEVEL: 'warn', DISK_FREE_WARN_MB: '1000000000', DISK_FREE_CRITICAL_MB: '1000000000' },
      critical.destination,
    );
    const { status, body } = await health(server);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'degraded',
      database: { status: 'ok' },
      queue: { status: 'ok' },
      storage: {
        status: 'error',
        detail: expect.stringMatching(
          /^Critically low disk space: \d+ MB free for stored files, database, render work files \(not ready below 1000000000 MB\)$/,
        ),
      },
    });
    // The check at start-up logged it already.
    const logged = await waitFor(
      async () => critical.lines.find((line) => line.component === 'disk-space'),
      'the disk space error in the log',
    );
    // Free space moves between two checks on a shared machine: the same text, give or take the figure.
    expect(logged).toMatchObject({
      level: PINO_ERROR,
      msg: expect.stringMatching(/^Critically low disk space: \d+ MB free for stored files/),
      volumes: [expect.objectContaining({ holds: ['stored files', 'database', 'render work files'] })],
    });
  });

  it('stays ready but warns in the log below the warning threshold', async () => {
    const low = logCollector();
    const server = await start(
      { LOG_LEVEL: 'warn', DISK_FREE_WARN_MB: '1000000000', DISK_FREE_CRITICAL_MB: '0' },
      low.destination,
    );
    const { status, body } = await health(server);
    expect(status).toBe(200);
    expect(body.storage).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^Low on disk space: \d+ MB free for /),
    });
    const logged = await waitFor(
      async () => low.lines.find((line) => line.component === 'disk-space'),
      'the low disk space warning in the log',
    );
    expect(logged).toMatchObject({
      level: PINO_WARN,
      msg: expect.stringMatching(/^Low on disk space: \d+ MB free for stored files/),
    });
  });
});

/** Why a real small file system cannot be mounted here, or null when it can (root on Linux). */
function tmpfsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const noTmpfs = tmpfsUnavailable();

// A real full disk: a 1 MB tmpfs holds the stored files, filled to the last byte.
describe.skipIf(noTmpfs !== null)(
  `a real full disk for stored files${noTmpfs ? ` (skipped: ${noTmpfs})` : ''}`,
  () => {
    let server: TestServer;
    let objects: string;
    let mounted = false;

    beforeAll(async () => {
      server = await startTestServer({
        listen: true,
        work: false,
        env: { DISK_FREE_WARN_MB: '1', DISK_FREE_CRITICAL_MB: '1' },
      });
      objects = path.join(server.config.dataDir, 'objects');
      fs.mkdirSync(objects, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', objects]);
      mounted = true;
      try {
        fs.writeFileSync(path.join(objects, '.filler'), Buffer.alloc(2 * 1024 * 1024));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      expect(fs.statfsSync(objects).bavail).toBe(0);
    });
    afterAll(async () => {
      // Unmounted first: closing the server removes its DATA_DIR.
      if (mounted) execFileSync('umount', ['-l', objects]);
      await server?.close();
    });

    it('answers an upload 507 with the clear text and leaves no partial file', async () => {
      const { user, api } = await signedIn(server);
      const answer = await api.postForm('/upload/signed-url', formData({}, [await photo('full.jpg')]));
      expect(answer.status).toBe(507);
      expect(answer.json()).toEqual(outOfStorage);
      expect(storedUploads(server, user.id)).toEqual([]);
      const temporary = path.join(objects, '.tmp');
      expect(fs.existsSync(temporary) ? fs.readdirSync(temporary) : []).toEqual([]);
    });

    it('is not ready, naming the full disk, while the database and the queue are fine', async () => {
      const answer = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(answer.statusCode).toBe(503);
      expect(healthAnswerSchema.parse(answer.json())).toMatchObject({
        status: 'degraded',
        database: { status: 'ok' },
        queue: { status: 'ok' },
        storage: {
          status: 'error',
          free_bytes: 0,
          detail: 'Critically low disk space: 0 MB free for stored files (not ready below 1 MB)',
        },
      });
    });
  },
);
