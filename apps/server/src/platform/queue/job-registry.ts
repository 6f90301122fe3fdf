/**
 * Job name -> payload type. Each module that queues work adds its jobs by module augmentation:
 *
 *   declare module '../../platform/queue/job-registry' {
 *     interface JobPayloads { 'text-to-video.render': { id: string } }
 *   }
 *
 * Payloads carry ids, not state (STYLE.md 8): the handler reloads the row and is safe to run twice.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** Retries, backoff and the time limit of one kind of job, set in one place: its definition. */
export interface JobPolicy {
  /** Attempts after the first one. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * The longest one attempt may run. An attempt still active after this (its process died, or it
   * hangs) is failed and retried by the queue's maintenance.
   */
  timeLimitSeconds: number;
  /** How many of these one process runs at a time. */
  concurrency: number;
}

export interface JobContext {
  jobId: string;
  /** 0 for the first attempt. */
  retryCount: number;
  /** Aborted when the process shuts down; the job is then handed back to the queue. */
  signal: AbortSignal;
}

export interface JobDefinition<N extends string = string, P = unknown> {
  name: N;
  policy: JobPolicy;
  handler: (payload: P, context: JobContext) => Promise<void>;
  /**
   * Runs (in some worker, once or more) when the queue gave up on a job: its last attempt threw, or
   * its process died or overran the time limit, so the handler could not record the outcome itself.
   * Must do nothing when the handler already did.
   */
  onGaveUp?: (payload: P) => Promise<void>;
  /**
   * Runs when an attempt ended without an outcome and another attempt will follow: it threw, or its
   * worker went silent and the job was handed to another worker (the job shows "retrying").
   */
  onRetrying?: (payload: P) => Promise<void>;
}

/** The queue a job's given-up copies go to (pg-boss's dead-letter queue). */
export const gaveUpQueueName = (name: string) => `${name}.gave-up`;

export type RegisteredJob = {
  [N in JobName]: JobDefinition<N, JobPayloads[N]>;
}[JobName];

export const defaultJobPolicy: JobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  timeLimitSeconds: 15 * 60,
  concurrency: 1,
};

/** Declares a job with its handler; the policy starts from the defaults. */
export function defineJob<N extends JobName>(
  name: N,
  policy: Partial<JobPolicy>,
  handler: JobDefinition<N, JobPayloads[N]>['handler'],
  hooks: Pick<JobDefinition<N, JobPayloads[N]>, 'onGaveUp' | 'onRetrying'> = {},
): JobDefinition<N, JobPayloads[N]> {
  return { name, policy: { ...defaultJobPolicy, ...policy }, handler, ...hooks };
}

/** Checks the registry at boot: one handler per name, sane policies. Throws otherwise. */
export function validateJobRegistry(definitions: readonly JobDefinition[]): Map<string, JobDefinition> {
  const byName = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) {
      throw new Error(`Job "${definition.name}" has more than one handler`);
    }
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(definition.name)) {
      throw new Error(`Job name "${definition.name}" must be lowercase letters, digits, dots and dashes`);
    }
    const { policy } = definition;
    if (policy.timeLimitSeconds < 1 || policy.concurrency < 1 || policy.retryLimit < 0) {
      throw new Error(`Job "${definition.name}" has an invalid policy`);
    }
    byName.set(definition.name, definition);
  }
  return byName;
}
