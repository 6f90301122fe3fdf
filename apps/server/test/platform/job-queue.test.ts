import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/database';
import { JobQueue } from '../../src/platform/queue/job-queue';
import { defineJob } from '../../src/platform/queue/job-registry';
import { givingUpJob } from '../fixtures/giving-up-job';
import { createRecordingTables, recordingJob } from '../fixtures/recording-job';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../helpers/databases';
import { exited, fixturePath, startProcess, waitFor } from '../helpers/processes';
import { makeTempDir } from '../helpers/test-platform';

const silent = pino({ level: process.env.QUEUE_TEST_LOG ?? 'silent' });

function queueFor(database: Database): JobQueue {
  return new JobQueue({
    database,
    jobs: [recordingJob(database)],
    logger: silent,
    maintenanceIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
}

async function doneBy(database: Database, key: string): Promise<number | undefined> {
  const { rows } = await database.executeSql<{ pid: number }>(
    'SELECT pid FROM queue_test_done WHERE key = $1',
    [key],
  );
  return rows[0]?.pid;
}

describe('job registry', () => {
  it('refuses two handlers for one job at boot', async () => {
    const database = await openDatabase({});
    try {
      const job = recordingJob(database);
      expect(() => new JobQueue({ database, jobs: [job, job], logger: silent })).toThrow(
        'Job "test.record" has more than one handler',
      );
    } finally {
      await database.close();
    }
  });

  it('refuses to send a job no handler is registered for', async () => {
    const database = await openDatabase({});
    const queue = new JobQueue({ database, jobs: [], logger: silent });
    try {
      await queue.start({ work: false });
      await expect(queue.send('test.record', { key: 'x' })).rejects.toThrow('No handler is registered');
    } finally {
      await queue.stop();
      await database.close();
    }
  });

  it('refuses an invalid policy', () => {
    const bad = defineJob('test.record', { timeLimitSeconds: 0 }, async () => undefined);
    expect(() => new JobQueue({ database: {} as Database, jobs: [bad as never], logger: silent })).toThrow(
      'invalid policy',
    );
  });
});

describe('job queue on PGlite', () => {
  it('calls the give-up hook when the last attempt fails or overruns, and not when it completes', async () => {
    const database = await openDatabase({});
    await database.migrate();
    const queue = new JobQueue({
      database,
      jobs: [await givingUpJob(database)],
      logger: silent,
      maintenanceIntervalSeconds: 1,
      pollingIntervalSeconds: 0.5,
    });
    const gaveUp = async () =>
      (
        await database.executeSql<{ key: string }>('SELECT key FROM queue_test_gave_up ORDER BY key')
      ).rows.map((row) => row.key);
    try {
      await queue.start({ work: true });
      await queue.send('test.give-up', { key: 'completes', outcome: 'complete' });
      await queue.send('test.give-up', { key: 'hangs', outcome: 'hang' });
      await queue.send('test.give-up', { key: 'throws', outcome: 'throw' });
      // A process dying mid-attempt looks the same to the queue as the hang: the time limit passes.
      await waitFor(async () => ((await gaveUp()).length >= 2 ? true : undefined), 'both give-ups', 30_000);
      const { rows } = await database.executeSql<{ count: number }>(
        "SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'test.give-up' AND state = 'completed'",
      );
      expect(rows[0]?.count).toBe(1);
      expect(await gaveUp()).toEqual(['hangs', 'throws']);
    } finally {
      await queue.stop(1);
      await database.close();
    }
  });

  it('runs a job, and a running job handed back at shutdown completes after a restart', async () => {
    const dataDir = path.join(makeTempDir(), 'db');
    let database = await openDatabase({ pgliteDataDir: dataDir });
    await database.migrate();
    await createRecordingTables(database);
    let queue = queueFor(database);
    await queue.start({ work: true });

    await queue.send('test.record', { key: 'quick' });
    await waitFor(() => doneBy(database, 'quick'), 'the quick job');

    // A job still running when the process stops is aborted and handed back to the queue...
    await queue.send('test.record', { key: 'held', holdMs: 60_000 });
    await waitFor(async () => {
      const { rows } = await database.executeSql("SELECT 1 FROM queue_test_attempts WHERE key = 'held'");
      return rows[0];
    }, 'the held job to start');
    await queue.stop(1);
    expect(await doneBy(database, 'held')).toBeUndefined();
    await database.close();

    // ...and the next start of the product runs it to the end.
    database = await openDatabase({ pgliteDataDir: dataDir });
    queue = queueFor(database);
    await queue.start({ work: true });
    await waitFor(() => doneBy(database, 'held'), 'the held job after restart');
    const { rows } = await database.executeSql<{ retry_count: number }>(
      "SELECT retry_count FROM queue_test_attempts WHERE key = 'held' ORDER BY retry_count",
    );
    expect(rows.map((row) => row.retry_count)).toEqual([0, 1]);
    await queue.stop();
    await database.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});

describe('job heartbeats on PGlite', () => {
  it('hands a job whose heartbeat went stale to a worker again, and the stalled attempt records nothing', async () => {
    const database = await openDatabase({});
    await database.migrate();
    await createRecordingTables(database);
    const retried: string[] = [];
    const job = recordingJob(database, { timeLimitSeconds: 600 });
    const queue = new JobQueue({
      database,
      jobs: [{ ...job, onRetrying: async (payload) => void retried.push((payload as { key: string }).key) }],
      logger: silent,
      pollingIntervalSeconds: 0.5,
      heartbeatSeconds: 0.3,
      stalledAfterSeconds: 1.5,
    });
    try {
      await queue.start({ work: true });
      await queue.send('test.record', { key: 'stalled', holdMs: 120_000 });
      await waitFor(async () => {
        const { rows } = await database.executeSql(
          "SELECT 1 FROM job_heartbeats WHERE queue = 'test.record'",
        );
        return rows[0];
      }, 'the first attempt to claim the job');
      // What a worker that stopped answering leaves behind: its claim, last refreshed long ago. (Here
      // the claim is moved to a made-up worker, or this live one would refresh it.)
      await database.executeSql(
        "UPDATE job_heartbeats SET worker_id = 'dead-worker', beat_at = now() - interval '1 hour'",
      );

      // Well before its 600 s time limit, the job runs again and completes.
      await waitFor(() => doneBy(database, 'stalled'), 'the retried attempt', 20_000);
      const attempts = await database.executeSql<{ retry_count: number }>(
        "SELECT retry_count FROM queue_test_attempts WHERE key = 'stalled' ORDER BY retry_count",
      );
      expect(attempts.rows.map((row) => row.retry_count)).toEqual([0, 1]);
      // The first attempt noticed it lost the job (its next heartbeat) and stopped without a trace.
      const done = await database.executeSql("SELECT 1 FROM queue_test_done WHERE key = 'stalled'");
      expect(done.rows).toHaveLength(1);
      expect(retried).toEqual(['stalled']);
      await waitFor(async () => {
        const { rows } = await database.executeSql<{ state: string; retry_count: number }>(
          "SELECT state, retry_count FROM pgboss.job WHERE name = 'test.record'",
        );
        return rows[0]?.state === 'completed' ? rows[0] : undefined;
      }, 'the job to be recorded completed');
      const claims = await database.executeSql('SELECT 1 FROM job_heartbeats');
      expect(claims.rows).toHaveLength(0);
    } finally {
      await queue.stop(1);
      await database.close();
    }
  });

  it('wakes an idle worker as soon as a job is sent, not at its next poll', async () => {
    const database = await openDatabase({});
    await database.migrate();
    await createRecordingTables(database);
    const queue = new JobQueue({
      database,
      jobs: [recordingJob(database)],
      logger: silent,
      // Polling alone would take a minute to see the job.
      pollingIntervalSeconds: 60,
    });
    try {
      await queue.start({ work: true });
      await queue.send('test.record', { key: 'woken' });
      await waitFor(() => doneBy(database, 'woken'), 'the job, long before the next poll', 10_000);
    } finally {
      await queue.stop(1);
      await database.close();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('job queue across processes on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let sender: JobQueue;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!);
    database = await openDatabase({ url: scratch.url });
    await database.migrate();
    await createRecordingTables(database);
    sender = queueFor(database);
    await sender.start({ work: false });
  });

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await sender?.stop();
    await database?.close();
    await scratch?.drop();
  });

  it('runs a job sent by this process in a worker process', async () => {
    const worker = await startProcess(fixturePath('queue-worker.ts'), { DATABASE_URL: scratch.url });
    workers.push(worker);
    await sender.send('test.record', { key: 'cross' });
    const pid = await waitFor(() => doneBy(database, 'cross'), 'the worker to run the job');
    expect(pid).toBe(worker.pid);
    expect(pid).not.toBe(process.pid);
    worker.kill('SIGTERM');
    expect(await exited(worker)).toBe(0);
  });

  it('completes a job whose worker was killed mid-run once a worker runs again', async () => {
    const first = await startProcess(fixturePath('queue-worker.ts'), { DATABASE_URL: scratch.url });
    workers.push(first);
    await sender.send('test.record', { key: 'orphan', holdMs: 120_000 });
    await waitFor(async () => {
      const { rows } = await database.executeSql<{ pid: number }>(
        "SELECT pid FROM queue_test_attempts WHERE key = 'orphan'",
      );
      return rows[0]?.pid;
    }, 'the first attempt to start');

    first.kill('SIGKILL');
    await exited(first);
    expect(await doneBy(database, 'orphan')).toBeUndefined();

    const second = await startProcess(fixturePath('queue-worker.ts'), { DATABASE_URL: scratch.url });
    workers.push(second);
    const pid = await waitFor(
      () => doneBy(database, 'orphan'),
      'the restarted worker to finish the job',
      45_000,
    );
    expect(pid).toBe(second.pid);
    const { rows } = await database.executeSql<{ pid: number; retry_count: number }>(
      "SELECT pid, retry_count FROM queue_test_attempts WHERE key = 'orphan' ORDER BY retry_count",
    );
    expect(rows).toEqual([
      { pid: first.pid, retry_count: 0 },
      { pid: second.pid, retry_count: 1 },
    ]);
  });
  it("hands a killed worker's job to the other worker once its heartbeats stop, long before its time limit", async () => {
    // Only this test's two workers take the job.
    for (const earlier of workers.splice(0)) {
      earlier.kill('SIGTERM');
      await exited(earlier);
    }
    const timing = { RECORD_TIME_LIMIT_SECONDS: '600', HEARTBEAT_SECONDS: '1', STALLED_AFTER_SECONDS: '4' };
    const pair = [
      await startProcess(fixturePath('queue-worker.ts'), { DATABASE_URL: scratch.url, ...timing }),
      await startProcess(fixturePath('queue-worker.ts'), { DATABASE_URL: scratch.url, ...timing }),
    ];
    workers.push(...pair);
    await sender.send('test.record', { key: 'silent', holdMs: 120_000 });
    const firstPid = await waitFor(async () => {
      const { rows } = await database.executeSql<{ pid: number }>(
        "SELECT pid FROM queue_test_attempts WHERE key = 'silent'",
      );
      return rows[0]?.pid;
    }, 'the first attempt to start');
    const victim = pair.find((worker) => worker.pid === firstPid)!;
    const survivor = pair.find((worker) => worker.pid !== firstPid)!;
    victim.kill('SIGKILL');
    await exited(victim);

    const pid = await waitFor(() => doneBy(database, 'silent'), 'the other worker to finish the job', 30_000);
    expect(pid).toBe(survivor.pid);
    const { rows } = await database.executeSql<{ pid: number; retry_count: number }>(
      "SELECT pid, retry_count FROM queue_test_attempts WHERE key = 'silent' ORDER BY retry_count",
    );
    expect(rows).toEqual([
      { pid: victim.pid, retry_count: 0 },
      { pid: survivor.pid, retry_count: 1 },
    ]);
    survivor.kill('SIGTERM');
    expect(await exited(survivor)).toBe(0);
  });
});
