import PgBoss from 'pg-boss';
import type { Database, SqlExecutor } from '../db/database';
import type { JobDefinition, JobName, JobPayloads } from './job-registry';
import { gaveUpQueueName, validateJobRegistry } from './job-registry';

interface QueueLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The advisory lock around the queue's set-up (any number unlike the other locks of the product). */
const QUEUE_SETUP_LOCK_ID = 727_401_552;

export interface JobQueueOptions {
  database: Database;
  /** Job kinds known from the start; more may be added with `register` before `start`. */
  jobs?: readonly JobDefinition[];
  logger: QueueLogger;
  /** How often expired attempts are failed and retried, in seconds. */
  maintenanceIntervalSeconds?: number;
  /** How often an idle worker asks for new jobs, in seconds. */
  pollingIntervalSeconds?: number;
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
  private readonly running = new Set<AbortController>();
  private started = false;
  private working = false;
  private lastError: Error | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.definitions = validateJobRegistry(options.jobs ?? []);
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
      for (const definition of this.definitions.values()) await this.work(definition);
      this.working = true;
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
    return id;
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
    for (const controller of this.running) controller.abort(new Error('The server is shutting down'));
    await this.boss.stop({ graceful: true, timeout: timeoutSeconds * 1000, close: false, wait: true });
  }

  /**
   * The embedded database belongs to one process, so a job still active when that process starts
   * was left by a previous run that died (SIGKILL, power loss): retry it now instead of after its
   * time limit. On PostgreSQL another live worker may be running it; there the time limit decides.
   */
  private async retryOrphanedJobs(): Promise<void> {
    if (this.options.database.kind !== 'pglite') return;
    const names = [...this.definitions.values()].flatMap((definition) =>
      definition.onGaveUp ? [definition.name, gaveUpQueueName(definition.name)] : [definition.name],
    );
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

  private async work(definition: JobDefinition): Promise<void> {
    const { logger, pollingIntervalSeconds } = this.options;
    const { onGaveUp } = definition;
    if (onGaveUp) {
      await this.boss.work(
        gaveUpQueueName(definition.name),
        { batchSize: 1, pollingIntervalSeconds: pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          logger.warn({ job: definition.name, data: job.data }, 'The queue gave up on a job');
          await onGaveUp(job.data);
        },
      );
    }
    for (let slot = 0; slot < definition.policy.concurrency; slot += 1) {
      await this.boss.work(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds: pollingIntervalSeconds ?? 2, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const controller = new AbortController();
          this.running.add(controller);
          const started = Date.now();
          try {
            await definition.handler(job.data, {
              jobId: job.id,
              retryCount: job.retryCount,
              signal: controller.signal,
            });
            logger.info({ job: definition.name, jobId: job.id, ms: Date.now() - started }, 'Job completed');
          } catch (error) {
            logger.warn(
              { job: definition.name, jobId: job.id, retryCount: job.retryCount, err: error },
              'Job attempt failed',
            );
            throw error;
          } finally {
            this.running.delete(controller);
          }
        },
      );
    }
  }
}
