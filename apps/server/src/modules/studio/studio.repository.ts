import { and, asc, desc, eq, exists, gt, inArray, lte, not, notInArray } from 'drizzle-orm';
import type { StudioJobStatus } from '@reelcraft/contract';
import type { Orm } from '../../platform/db/database';
import {
  studioCandidates,
  studioEvents,
  studioJobs,
  studioSteps,
  type NewStudioJobRow,
  type StudioCandidateRow,
  type StudioEventRow,
  type StudioJobRow,
  type StudioStepRow,
} from './studio.schema';

export type StudioJobChanges = Partial<
  Pick<NewStudioJobRow, 'status' | 'progress' | 'error' | 'selectedCandidateId' | 'videoUri' | 'voiceoverUri'>
>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of studio jobs, their candidates, steps and events; no rules here. */
export class StudioRepository {
  constructor(private readonly orm: Orm) {}

  async insertJob(values: NewStudioJobRow, db: Orm = this.orm): Promise<StudioJobRow> {
    const [row] = await db.insert(studioJobs).values(values).returning();
    if (!row) throw new Error('Inserting a studio job returned no row');
    return row;
  }

  async findJobForUser(userId: string, id: string): Promise<StudioJobRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(studioJobs)
      .where(and(eq(studioJobs.id, id), eq(studioJobs.userId, userId)))
      .limit(1);
    return row;
  }

  async findJobById(id: string): Promise<StudioJobRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm.select().from(studioJobs).where(eq(studioJobs.id, id)).limit(1);
    return row;
  }

  async findJobByGeneration(generationId: string): Promise<StudioJobRow | undefined> {
    if (!UUID_PATTERN.test(generationId)) return undefined;
    const [row] = await this.orm
      .select()
      .from(studioJobs)
      .where(eq(studioJobs.generationId, generationId))
      .limit(1);
    return row;
  }

  async updateJob(id: string, changes: StudioJobChanges, db: Orm = this.orm): Promise<StudioJobRow> {
    const [row] = await db
      .update(studioJobs)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(studioJobs.id, id))
      .returning();
    if (!row) throw new Error(`Studio job ${id} vanished`);
    return row;
  }

  /** Inserts or replaces a candidate (a retried generation makes it again). */
  async saveCandidate(values: typeof studioCandidates.$inferInsert): Promise<void> {
    await this.orm
      .insert(studioCandidates)
      .values(values)
      .onConflictDoUpdate({
        target: [studioCandidates.jobId, studioCandidates.id],
        set: {
          uri: values.uri,
          durationSeconds: values.durationSeconds,
          width: values.width,
          height: values.height,
          sizeBytes: values.sizeBytes,
        },
      });
  }

  async listCandidates(jobId: string): Promise<StudioCandidateRow[]> {
    return this.orm
      .select()
      .from(studioCandidates)
      .where(eq(studioCandidates.jobId, jobId))
      .orderBy(asc(studioCandidates.id));
  }

  /** Inserts a step unless one of this type already holds the idempotency key; undefined then. */
  async insertStep(
    values: typeof studioSteps.$inferInsert,
    db: Orm = this.orm,
  ): Promise<StudioStepRow | undefined> {
    const [row] = await db.insert(studioSteps).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findStepByKey(
    jobId: string,
    type: StudioStepRow['type'],
    key: string,
  ): Promise<StudioStepRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(studioSteps)
      .where(
        and(eq(studioSteps.jobId, jobId), eq(studioSteps.type, type), eq(studioSteps.idempotencyKey, key)),
      )
      .limit(1);
    return row;
  }

  async findStep(id: string): Promise<StudioStepRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm.select().from(studioSteps).where(eq(studioSteps.id, id)).limit(1);
    return row;
  }

  async updateStep(
    id: string,
    changes: Partial<Pick<StudioStepRow, 'status' | 'outputUri' | 'error' | 'request'>>,
  ): Promise<void> {
    await this.orm
      .update(studioSteps)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(studioSteps.id, id));
  }

  /** The user's steps still running (an extension or a lip-sync queued or under way). */
  async listRunningStepsOf(userId: string): Promise<StudioStepRow[]> {
    const rows = await this.orm
      .select({ step: studioSteps })
      .from(studioSteps)
      .innerJoin(studioJobs, eq(studioJobs.id, studioSteps.jobId))
      .where(and(eq(studioJobs.userId, userId), eq(studioSteps.status, 'running')));
    return rows.map((row) => row.step);
  }

  /** The user's jobs, the last changed first; `open`: only those neither complete nor failed. */
  async listJobsOf(
    userId: string,
    { open, limit }: { open: boolean; limit: number },
  ): Promise<StudioJobRow[]> {
    return this.orm
      .select()
      .from(studioJobs)
      .where(
        and(
          eq(studioJobs.userId, userId),
          open ? notInArray(studioJobs.status, ['COMPLETE', 'FAILED']) : undefined,
        ),
      )
      .orderBy(desc(studioJobs.updatedAt), desc(studioJobs.id))
      .limit(limit);
  }

  /** Whether a step of the job is still running (an extension or a lip-sync). */
  async hasRunningStep(jobId: string): Promise<boolean> {
    const [row] = await this.orm
      .select({ id: studioSteps.id })
      .from(studioSteps)
      .where(and(eq(studioSteps.jobId, jobId), eq(studioSteps.status, 'running')))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Fails the job with `error` if it is still in one of `waiting`, unchanged since `cutoff` and runs
   * no step: answers the failed row, or undefined when it moved on (or another process expired it).
   */
  async expireJob(
    id: string,
    waiting: readonly StudioJobStatus[],
    cutoff: Date,
    error: string,
  ): Promise<StudioJobRow | undefined> {
    const [row] = await this.orm
      .update(studioJobs)
      .set({ status: 'FAILED', error, updatedAt: new Date() })
      .where(
        and(
          eq(studioJobs.id, id),
          inArray(studioJobs.status, [...waiting]),
          lte(studioJobs.updatedAt, cutoff),
          not(
            exists(
              this.orm
                .select({ id: studioSteps.id })
                .from(studioSteps)
                .where(and(eq(studioSteps.jobId, studioJobs.id), eq(studioSteps.status, 'running'))),
            ),
          ),
        ),
      )
      .returning();
    return row;
  }

  /** Fails every job of the user that is neither complete nor failed. */
  async failUnfinishedJobsOf(userId: string, error: string): Promise<void> {
    await this.orm
      .update(studioJobs)
      .set({ status: 'FAILED', error, updatedAt: new Date() })
      .where(and(eq(studioJobs.userId, userId), notInArray(studioJobs.status, ['COMPLETE', 'FAILED'])));
  }

  async listSteps(jobId: string): Promise<StudioStepRow[]> {
    return this.orm
      .select()
      .from(studioSteps)
      .where(eq(studioSteps.jobId, jobId))
      .orderBy(asc(studioSteps.createdAt), asc(studioSteps.id));
  }

  async insertEvent(values: typeof studioEvents.$inferInsert): Promise<StudioEventRow> {
    const [row] = await this.orm.insert(studioEvents).values(values).returning();
    if (!row) throw new Error('Inserting a studio event returned no row');
    return row;
  }

  /** The job's events after `afterId`, oldest first. */
  async listEventsAfter(jobId: string, afterId: number): Promise<StudioEventRow[]> {
    return this.orm
      .select()
      .from(studioEvents)
      .where(and(eq(studioEvents.jobId, jobId), gt(studioEvents.id, afterId)))
      .orderBy(asc(studioEvents.id));
  }

  async lastEventId(jobId: string): Promise<number> {
    const [row] = await this.orm
      .select({ id: studioEvents.id })
      .from(studioEvents)
      .where(eq(studioEvents.jobId, jobId))
      .orderBy(desc(studioEvents.id))
      .limit(1);
    return row?.id ?? 0;
  }
}
