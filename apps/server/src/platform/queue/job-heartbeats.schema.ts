import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who is running which job, and when it last said so (issue 19). A worker writes its row when it
 * takes a job and refreshes it every few seconds; a row left stale means the worker died, and any
 * other worker hands the job back to the queue. The row is also the attempt's ownership: only the
 * worker whose row it is may complete or fail the job.
 */
export const jobHeartbeats = pgTable(
  'job_heartbeats',
  {
    /** pg-boss's job id (a job keeps its id across retries). */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** The process running it: `<host>-<pid>-<random>`. */
    workerId: text('worker_id').notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_heartbeats_beat_at_idx').on(table.beatAt)],
);
