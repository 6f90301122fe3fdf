import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Database, SqlExecutor } from '../db/database';

/** A job handed back to the queue because its worker went silent. */
export interface RecoveredJob {
  queue: string;
  id: string;
  data: unknown;
  /** `retry`: another attempt follows at once; `failed`: that was its last attempt. */
  state: 'retry' | 'failed';
}

/** Hands a stalled job back to the queue inside the recovering transaction (pg-boss `fail`). */
export type FailJob = (queue: string, id: string, tx: SqlExecutor) => Promise<void>;

/**
 * The heartbeats of running jobs (table `job_heartbeats`, decision 025). The row of a job is its
 * worker's claim on the current attempt: the worker refreshes it while the job runs and removes it
 * when it records the outcome; a worker that finds its row gone has lost the job to another worker
 * and must not record anything. Every statement that takes a row away (recording an outcome,
 * recovering a stalled job) deletes it first, so two of them never both succeed.
 */
export class JobHeartbeats {
  /** This process, as written in the rows it owns. */
  readonly workerId = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

  constructor(private readonly database: Database) {}

  /** Claims a job just fetched from the queue. */
  async claim(queue: string, jobId: string): Promise<void> {
    await this.database.executeSql(
      `INSERT INTO job_heartbeats (job_id, queue, worker_id, beat_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (job_id) DO UPDATE SET queue = EXCLUDED.queue, worker_id = EXCLUDED.worker_id, beat_at = now()`,
      [jobId, queue, this.workerId],
    );
  }

  /**
   * Says the job is still running here. False when the attempt is no longer this worker's to run:
   * its claim was taken away (it stalled) or the queue ended the attempt (its time limit passed).
   */
  async beat(jobId: string): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      `UPDATE job_heartbeats h SET beat_at = now()
       WHERE h.job_id = $1 AND h.worker_id = $2
         AND EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = h.queue AND j.id = h.job_id AND j.state = 'active')
       RETURNING h.job_id`,
      [jobId, this.workerId],
    );
    return rows.length > 0;
  }

  /**
   * Records an attempt's outcome if the job is still this worker's: `record` runs in the same
   * transaction as the release of the claim. Answers false (and records nothing) otherwise.
   */
  async settle(jobId: string, record: (tx: SqlExecutor) => Promise<void>): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      const { rows } = await tx.executeSql(
        'DELETE FROM job_heartbeats WHERE job_id = $1 AND worker_id = $2 RETURNING job_id',
        [jobId, this.workerId],
      );
      if (rows.length === 0) return false;
      await record(tx);
      return true;
    });
  }

  /**
   * Hands every job of `queues` whose worker has been silent for `stalledAfterSeconds` back to the
   * queue, to start again at once on any worker (or to give up, if that was its last attempt). A
   * job active with no heartbeat at all (its worker died between taking it and claiming it) counts
   * from when it started.
   */
  async recoverStalled(
    queues: readonly string[],
    stalledAfterSeconds: number,
    fail: FailJob,
  ): Promise<RecoveredJob[]> {
    if (queues.length === 0) return [];
    return this.database.transaction(async (tx) => {
      const silent = await tx.executeSql<{ queue: string; id: string }>(
        `DELETE FROM job_heartbeats
         WHERE queue = ANY($1::text[]) AND beat_at < now() - make_interval(secs => $2)
         RETURNING queue, job_id AS id`,
        [queues, stalledAfterSeconds],
      );
      const unclaimed = await tx.executeSql<{ queue: string; id: string }>(
        `SELECT j.name AS queue, j.id::text AS id FROM pgboss.job j
         WHERE j.state = 'active' AND j.name = ANY($1::text[])
           AND j.started_on < now() - make_interval(secs => $2)
           AND NOT EXISTS (SELECT 1 FROM job_heartbeats h WHERE h.job_id = j.id)
         FOR UPDATE SKIP LOCKED`,
        [queues, stalledAfterSeconds],
      );
      const recovered: RecoveredJob[] = [];
      for (const { queue, id } of [...silent.rows, ...unclaimed.rows]) {
        const { rows } = await tx.executeSql<{ state: string }>(
          "SELECT state FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'active'",
          [queue, id],
        );
        if (rows.length === 0) continue; // It ended meanwhile; its row was only left behind.
        await fail(queue, id, tx);
        // pg-boss waits its retry delay before another attempt; a dead worker's job starts at once.
        const retried = await tx.executeSql<{ state: 'retry' | 'failed'; data: unknown }>(
          `UPDATE pgboss.job SET start_after = CASE WHEN state = 'retry' THEN now() ELSE start_after END
           WHERE name = $1 AND id = $2 RETURNING state, data`,
          [queue, id],
        );
        const job = retried.rows[0];
        if (job) recovered.push({ queue, id, data: job.data, state: job.state });
      }
      return recovered;
    });
  }

  /** The embedded database belongs to one process: at its start, every claim is a dead one's. */
  async forgetAll(): Promise<void> {
    await this.database.executeSql('DELETE FROM job_heartbeats', []);
  }
}
