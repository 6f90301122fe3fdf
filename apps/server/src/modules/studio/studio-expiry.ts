import { STUDIO_ABANDONED_AFTER_DAYS, studioJobTexts, type StudioJobStatus } from '@reelcraft/contract';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { Generations } from '../generations';
import type { StudioEventLog } from './studio-events';
import type { StudioRepository } from './studio.repository';
import type { StudioJobRow } from './studio.schema';

export const STUDIO_EXPIRE_JOB = 'ai-studio.expire';

declare module '../../platform/queue/job-registry' {
  interface JobPayloads {
    /** `id`: the studio job's id. */
    'ai-studio.expire': { id: string };
  }
}

/** The states in which a job waits for its user: candidates to pick, a chosen clip to export. */
export const WAITING_FOR_USER: readonly StudioJobStatus[] = [
  'CANDIDATES_READY',
  'VIDEO_READY',
  'VOICEOVER_READY',
];

const ABANDONED_AFTER_MS = STUDIO_ABANDONED_AFTER_DAYS * 24 * 60 * 60 * 1000;
/** A job due but busy (a step runs) is looked at again this much later. */
const BUSY_RECHECK_SECONDS = 60 * 60;

export interface StudioExpiryDeps {
  repository: StudioRepository;
  events: StudioEventLog;
  finisher: Pick<Generations['finisher'], 'failById'>;
  queue: Pick<JobQueue, 'send'>;
}

/**
 * Abandoned studio jobs (docs/decisions/037): a job left waiting for its user more than
 * STUDIO_ABANDONED_AFTER_DAYS after its last step fails with `studioJobTexts.expired`, and its
 * reserved video goes back to the plan (the library row fails with that reason). A queued check
 * does it when the time comes; every read of the job does it too, so a lost check or a process
 * that does not work jobs never leaves one stranded.
 */
export class StudioExpiry {
  constructor(private readonly deps: StudioExpiryDeps) {}

  /** When the job expires if left as it is; null when it does not wait for its user. */
  expiresAt(job: StudioJobRow): Date | null {
    if (!WAITING_FOR_USER.includes(job.status)) return null;
    return new Date(job.updatedAt.getTime() + ABANDONED_AFTER_MS);
  }

  /** Queues the check for the moment the job would expire. */
  async schedule(job: StudioJobRow, notBefore = 0): Promise<void> {
    const at = this.expiresAt(job);
    if (!at) return;
    const seconds = Math.max(notBefore, Math.ceil((at.getTime() - Date.now()) / 1000), 1);
    await this.deps.queue.send(STUDIO_EXPIRE_JOB, { id: job.id }, { startAfterSeconds: seconds });
  }

  /** Expires the job if it is due; answers the job as it is now. */
  async expireIfDue(job: StudioJobRow): Promise<StudioJobRow> {
    const at = this.expiresAt(job);
    if (!at || at.getTime() > Date.now()) return job;
    const expired = await this.deps.repository.expireJob(
      job.id,
      WAITING_FOR_USER,
      new Date(Date.now() - ABANDONED_AFTER_MS),
      studioJobTexts.expired,
    );
    if (!expired) return (await this.deps.repository.findJobById(job.id)) ?? job;
    await this.giveBack(expired);
    await this.deps.events.emit(expired, { type: 'error', message: studioJobTexts.expired });
    await this.deps.events.emit(expired, {
      type: 'state',
      status: 'FAILED',
      message: studioJobTexts.expired,
    });
    return expired;
  }

  /**
   * The queued check: expires the job when due; when the user took a step since, checks again when
   * the job would expire now. Safe to run twice.
   */
  async check(jobId: string): Promise<void> {
    const job = await this.deps.repository.findJobById(jobId);
    if (!job) return;
    // An expiry whose give-back failed half-way (the video is given back once whatever the retries).
    if (job.status === 'FAILED' && job.error === studioJobTexts.expired) return this.giveBack(job);
    const now = await this.expireIfDue(job);
    if (now.status === 'FAILED') return;
    const at = this.expiresAt(now);
    // Due but busy: a step runs, whose end is a step of the user's.
    if (at) await this.schedule(now, at.getTime() <= Date.now() ? BUSY_RECHECK_SECONDS : 0);
  }

  private async giveBack(job: StudioJobRow): Promise<void> {
    await this.deps.finisher.failById(job.generationId, studioJobTexts.expired);
  }
}
