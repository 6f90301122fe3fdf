import PgBoss from 'pg-boss';
import type { Database, SqlExecutor } from '../db/database';
import { JobHeartbeats } from './job-heartbeats';
import type { JobContext, JobDefinition, JobName, JobPayloads } from './job-registry';
import { gaveUpQueueName, validateJobRegistry } from './job-registry';
import { QueueWakeups } from './queue-wakeups';

interface QueueLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The advisory lock around the queue's set-up (any number unlike the other locks of the product). */
const QUEUE_SETUP_LOCK_ID = 727_401_552;

/** The channel on which a sent job wakes the workers (its payload: the queue's name). */
const JOB_SENT_CHANNEL = 'reelcraft_job_sent';

export interface JobQueueOptions {
  database: Database;
  /** Job kinds known from the start; more may be added with `register` before `start`. */
  jobs?: readonly JobDefinition[];
  logger: QueueLogger;
  /** How often expired attempts are failed and retried, in seconds. */
  maintenanceIntervalSeconds?: number;
  /**
   * How often an idle worker asks for new jobs, in seconds. A job sent from any process wakes the
   * workers at once; polling finds what that missed (retries whose delay ran out).
   */
  pollingIntervalSeconds?: number;
  /** How often a running job's worker says it is alive (decision 025). */
  heartbeatSeconds?: number;
  /** A job whose worker has been silent this long is handed to another worker. */
  stalledAfterSeconds?: number;
}

const DEFAULT_HEARTBEAT_SECONDS = 5;
/** Issue 19: a killed render runs again on another worker within a minute. */
const DEFAULT_STALLED_AFTER_SECONDS = 30;

/** A job taken from the queue, as pg-boss answers it with its metadata. */
interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
}

/** A handler this process is running, to abort and hand back when it stops. */
interface RunningJob {
  queue: string;
  jobId: string;
  controller: AbortController;
  done: Promise<void>;
}

export interface SendOptions {
  /** Delay before the job may start. */
  startAfterSeconds?: number;
  /** At most one queued job per key (pg-boss singleton). */
  singletonKey?: string;
  /** Queue it inside this open transaction: the job exists only if the transaction commits. */
  transaction?: SqlExecutor;
}

/** Attempts and time limit of the hook that records a given-up job's outcome (a few quick writes). */
const GAVE_UP_RETRY_LIMIT = 5;
const GAVE_UP_TIME_LIMIT_SECONDS = 120;

/**
 * The product's job queue: pg-boss on the product's own database (PGlite or PostgreSQL), with a
 * typed registry of job kinds. Every process can send; processes with the worker role also work.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private definitions = new Map<string, JobDefinition>();
  private readonly heartbeats: JobHeartbeats;
  private readonly wakeups = new QueueWakeups();
  private readonly running = new Set<RunningJob>();
  private readonly slots: Promise<void>[] = [];
  private stopListening: (() => Promise<void>) | undefined;
  private stallCheck: NodeJS.Timeout | undefined;
  private started = false;
  private working = false;
  private lastError: Error | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.definitions = validateJobRegistry(options.jobs ?? []);
    this.heartbeats = new JobHeartbeats(options.database);
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => options.database.executeSql(text, values) },
      schema: 'pgboss',
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      monitorStateIntervalSeconds: 60,
    });
    this.boss.on('error', (error: Error) => {
      this.lastError = error;
      options.logger.error({ err: error }, 'Job queue error');
    });
  }

  /**
   * Declares the product's job kinds, once, before `start`: the handlers are built from services
   * that themselves send jobs, so they arrive after the queue exists. Checked like at boot.
   */
  register(definitions: readonly JobDefinition[]): void {
    if (this.started) throw new Error('Jobs are registered before the queue starts');
    this.definitions = validateJobRegistry([...this.definitions.values(), ...definitions]);
  }

  /** Creates the queue schema and the queues; with `work`, starts taking jobs. */
  async start({ work }: { work: boolean }): Promise<void> {
    // pg-boss's schema and queue creation deadlock when instances start at the same moment on a
    // fresh database (issue 19): one process at a time sets them up.
    await this.options.database.exclusively(QUEUE_SETUP_LOCK_ID, () => this.setUp());
    if (work) {
      await this.retryOrphanedJobs();
      this.stopListening = await this.options.database.listen(JOB_SENT_CHANNEL, (queue) =>
        this.wakeups.wake(queue),
      );
      this.working = true;
      for (const definition of this.definitions.values()) this.work(definition);
      const stalledAfter = this.options.stalledAfterSeconds ?? DEFAULT_STALLED_AFTER_SECONDS;
      this.stallCheck = setInterval(() => void this.recoverStalledJobs(), (stalledAfter * 1000) / 3);
      this.stallCheck.unref();
    }
    this.options.logger.info(
      { jobs: [...this.definitions.keys()], working: work },
      work ? 'Job queue started; working' : 'Job queue started; sending only',
    );
  }

  private async setUp(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      const { policy } = definition;
      const gaveUp = definition.onGaveUp ? gaveUpQueueName(definition.name) : undefined;
      if (gaveUp) {
        await this.ensureQueue({
          name: gaveUp,
          retryLimit: GAVE_UP_RETRY_LIMIT,
          retryDelay: 10,
          retryBackoff: true,
          expireInSeconds: GAVE_UP_TIME_LIMIT_SECONDS,
        });
      }
      await this.ensureQueue({
        name: definition.name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.timeLimitSeconds,
        ...(gaveUp ? { deadLetter: gaveUp } : {}),
      });
    }
  }

  private async ensureQueue(queue: PgBoss.Queue): Promise<void> {
    if (await this.boss.getQueue(queue.name)) await this.boss.updateQueue(queue.name, queue);
    else await this.boss.createQueue(queue.name, queue);
  }

  /** Queues a job; answers its id. The payload type follows from the job name. */
  async send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: SendOptions = {},
  ): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`No handler is registered for job "${name}"`);
    const id = await this.boss.send(name, payload as object, {
      startAfter: options.startAfterSeconds,
      singletonKey: options.singletonKey,
      ...(options.transaction ? { db: options.transaction } : {}),
    });
    if (!id) throw new Error(`Job "${name}" was not queued (a job with the same singleton key is waiting)`);
    // Inside a transaction the notification goes out when it commits, as the job becomes visible.
    const executor = options.transaction ?? this.options.database;
    await executor.executeSql('SELECT pg_notify($1, $2)', [JOB_SENT_CHANNEL, name]);
    return id;
  }

  /**
   * Cancels every job of `name` whose payload is `{ id }` and that has not ended: a waiting one never
   * starts, and a worker running one (on any process) sees at its next heartbeat that the job is no
   * longer its own, aborts the handler's signal and records nothing. Answers how many it found.
   */
  async cancel<N extends JobName>(name: N, id: string): Promise<number> {
    const { rows } = await this.options.database.executeSql<{ id: string }>(
      "SELECT id::text AS id FROM pgboss.job WHERE name = $1 AND data->>'id' = $2 AND state < 'completed'",
      [name, id],
    );
    if (rows.length === 0) return 0;
    await this.boss.cancel(
      name,
      rows.map((row) => row.id),
    );
    return rows.length;
  }

  /** State of the queue for the health check. */
  async health(): Promise<{ status: 'ok' | 'error'; detail?: string }> {
    if (!this.started) return { status: 'error', detail: 'not started' };
    try {
      await this.boss.getQueues();
      return { status: 'ok', detail: this.working ? 'working' : 'sending only' };
    } catch (error) {
      return { status: 'error', detail: (error as Error).message ?? String(this.lastError) };
    }
  }

  /**
   * Stops taking jobs; running handlers are asked to stop (their signal aborts) and, if still
   * running after `timeoutSeconds`, handed back to the queue to be retried elsewhere.
   */
  async stop(timeoutSeconds = 10): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.working = false;
    clearInterval(this.stallCheck);
    this.wakeups.wakeAll();
    await this.stopListening?.().catch(() => undefined);
    for (const job of this.running) job.controller.abort(new Error('The server is shutting down'));
    const ended = Promise.all([...this.slots, ...[...this.running].map((job) => job.done)]);
    const timedOut = await Promise.race([
      ended.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutSeconds * 1000).unref()),
    ]);
    // Handlers that ignore their signal: their jobs go back to the queue for another worker now.
    if (timedOut) {
      for (const job of this.running) {
        await this.settle(job.queue, job.jobId, new Error('The server stopped while the job ran'));
      }
    }
    await this.boss.stop({ graceful: true, timeout: timeoutSeconds * 1000, close: false, wait: true });
  }

  /**
   * The embedded database belongs to one process, so a job still active when that process starts
   * was left by a previous run that died (SIGKILL, power loss): retry it now instead of after its
   * time limit. On PostgreSQL another live worker may be running it; there the time limit decides.
   */
  private async retryOrphanedJobs(): Promise<void> {
    if (this.options.database.kind !== 'pglite') return;
    await this.heartbeats.forgetAll();
    const names = this.queueNames();
    if (names.length === 0) return;
    const { rows } = await this.options.database.executeSql<{ name: string; id: string }>(
      "SELECT name, id FROM pgboss.job WHERE state = 'active' AND name = ANY($1::text[])",
      [names],
    );
    for (const { name, id } of rows) {
      await this.boss.fail(name, id, { message: 'The process running this job stopped' });
      this.options.logger.warn({ job: name, jobId: id }, 'Retrying a job left active by a stopped process');
    }
  }

  /** Every queue this process works: each job kind's, and its give-up queue. */
  private queueNames(): string[] {
    return [...this.definitions.values()].flatMap((definition) =>
      definition.onGaveUp ? [definition.name, gaveUpQueueName(definition.name)] : [definition.name],
    );
  }

  /** Starts the job kind's slots (its concurrency) and, if it has one, its give-up queue's slot. */
  private work(definition: JobDefinition): void {
    const { onGaveUp } = definition;
    if (onGaveUp) {
      const gaveUp = gaveUpQueueName(definition.name);
      this.slots.push(
        this.runSlot(gaveUp, async (data) => {
          this.options.logger.warn({ job: definition.name, data }, 'The queue gave up on a job');
          await onGaveUp(data);
        }),
      );
    }
    for (let slot = 0; slot < definition.policy.concurrency; slot += 1) {
      this.slots.push(this.runSlot(definition.name, definition.handler, definition));
    }
  }

  /** One worker slot: takes a job, runs it, records the outcome; waits for a wake-up when idle. */
  private async runSlot(
    queue: string,
    handler: (data: unknown, context: JobContext) => Promise<void>,
    definition?: JobDefinition,
  ): Promise<void> {
    const pollMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    while (this.working) {
      let job: FetchedJob | undefined;
      try {
        [job] = (await this.boss.fetch(queue, { batchSize: 1, includeMetadata: true })) as FetchedJob[];
      } catch (error) {
        this.options.logger.warn({ queue, err: error }, 'Could not take a job from the queue');
      }
      if (!job) {
        await this.wakeups.wait(queue, pollMs);
        continue;
      }
      await this.runJob(queue, job, handler, definition);
    }
  }

  private async runJob(
    queue: string,
    job: FetchedJob,
    handler: (data: unknown, context: JobContext) => Promise<void>,
    definition?: JobDefinition,
  ): Promise<void> {
    const { logger } = this.options;
    const controller = new AbortController();
    let finish!: () => void;
    const running: RunningJob = {
      queue,
      jobId: job.id,
      controller,
      done: new Promise<void>((resolve) => (finish = resolve)),
    };
    this.running.add(running);
    const started = Date.now();
    const heartbeat = this.keepBeating(queue, job.id, controller);
    let failure: unknown;
    try {
      await this.heartbeats.claim(queue, job.id);
      await handler(job.data, { jobId: job.id, retryCount: job.retryCount, signal: controller.signal });
      logger.info({ job: queue, jobId: job.id, ms: Date.now() - started }, 'Job completed');
    } catch (error) {
      failure = error;
      logger.warn(
        { job: queue, jobId: job.id, retryCount: job.retryCount, err: error },
        'Job attempt failed',
      );
    } finally {
      clearInterval(heartbeat);
      this.running.delete(running);
    }
    try {
      const state = await this.settle(queue, job.id, failure);
      if (state === 'retry') await definition?.onRetrying?.(job.data);
    } catch (error) {
      // Its claim stays and goes stale: another worker hands the job back to the queue.
      logger.error({ job: queue, jobId: job.id, err: error }, 'Could not record a job attempt');
    } finally {
      finish();
    }
  }

  /** Refreshes the job's heartbeat; aborts the handler if another worker has taken the job over. */
  private keepBeating(queue: string, jobId: string, controller: AbortController): NodeJS.Timeout {
    const every = (this.options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) * 1000;
    return setInterval(() => {
      this.heartbeats.beat(jobId).then(
        (stillOurs) => {
          if (stillOurs || controller.signal.aborted) return;
          this.options.logger.warn({ job: queue, jobId }, 'The queue took the job back; stopping it here');
          controller.abort(
            new Error('The queue took the job back (stalled, over its time limit, or cancelled)'),
          );
        },
        (error: unknown) => this.options.logger.warn({ job: queue, jobId, err: error }, 'Heartbeat failed'),
      );
    }, every);
  }

  /**
   * Completes the job (no `failure`) or fails it (retried per its policy), if it is still this
   * worker's; answers the job's state after that, or undefined when it was not ours any more.
   */
  private async settle(queue: string, jobId: string, failure?: unknown): Promise<string | undefined> {
    let state: string | undefined;
    await this.heartbeats.settle(jobId, async (tx) => {
      if (failure === undefined) {
        await this.boss.complete(queue, jobId, {}, { db: tx });
        state = 'completed';
        return;
      }
      const current = await tx.executeSql<{ state: string }>(
        'SELECT state FROM pgboss.job WHERE name = $1 AND id = $2 FOR UPDATE',
        [queue, jobId],
      );
      // The queue already ended this attempt (its time limit passed): it decided what follows.
      if (current.rows[0]?.state !== 'active') return;
      const message = failure instanceof Error ? failure.message : String(failure);
      await this.boss.fail(queue, jobId, { message }, { db: tx });
      const { rows } = await tx.executeSql<{ state: string }>(
        'SELECT state FROM pgboss.job WHERE name = $1 AND id = $2',
        [queue, jobId],
      );
      state = rows[0]?.state;
    });
    return state;
  }

  /** Hands jobs whose worker went silent back to the queue (any working process does it). */
  private async recoverStalledJobs(): Promise<void> {
    const { logger } = this.options;
    try {
      const recovered = await this.heartbeats.recoverStalled(
        this.queueNames(),
        this.options.stalledAfterSeconds ?? DEFAULT_STALLED_AFTER_SECONDS,
        async (queue, id, tx) => {
          await this.boss.fail(queue, id, { message: 'Its worker stopped answering' }, { db: tx });
        },
      );
      for (const job of recovered) {
        logger.warn(
          { job: job.queue, jobId: job.id, state: job.state },
          'Handed back a job whose worker went silent',
        );
        if (job.state === 'retry') {
          this.wakeups.wake(job.queue);
          await this.definitions.get(job.queue)?.onRetrying?.(job.data);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'Could not look for stalled jobs');
    }
  }
}
