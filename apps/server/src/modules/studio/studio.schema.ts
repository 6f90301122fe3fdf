import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  studioJobStatusSchema,
  studioStepSchema,
  type StudioJobStatus,
  type StudioStep,
} from '@reelcraft/contract';
import { generations } from '../generations/generations.schema';
import { users } from '../users/users.schema';
import { columnIn } from '../../platform/db/column-in';

/**
 * An AI Studio job (spec 001 section 3, Studio job and workflow state): its request, where it is in
 * the studio's walk (docs/decisions/017), the media chosen so far, and the generation that holds
 * its reserved video and makes its library row.
 */
export const studioJobs = pgTable(
  'studio_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    status: text('status').$type<StudioJobStatus>().notNull().default('CREATED'),
    /** Candidate generation, 0..1. */
    progress: real('progress').notNull().default(0),
    /** Why the last step failed, for the owner; no internals. */
    error: text('error'),
    prompt: text('prompt').notNull(),
    fps: integer('fps').notNull(),
    aspect: text('aspect').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    seed: integer('seed').notNull(),
    voiceId: text('voice_id'),
    /** Storage URIs in the owner's upload area. */
    subjectRefs: jsonb('subject_refs').$type<string[]>().notNull(),
    styleRef: text('style_ref'),
    selectedCandidateId: text('selected_candidate_id'),
    /** The chosen clip (a candidate, or its extension): what the voiceover and lip-sync use. */
    videoUri: text('video_uri'),
    voiceoverUri: text('voiceover_uri'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('studio_jobs_status_check', columnIn('status', studioJobStatusSchema.options)),
    uniqueIndex('studio_jobs_generation_idx').on(table.generationId),
    index('studio_jobs_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/** One of a job's candidate clips (spec 001 section 3, Candidate). */
export const studioCandidates = pgTable(
  'studio_candidates',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => studioJobs.id, { onDelete: 'cascade' }),
    /** `candidate-1` .. `candidate-4`. */
    id: text('id').notNull(),
    uri: text('uri').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.id] })],
);

export type StudioStepType = StudioStep['step_type'];
export type StudioStepStatus = StudioStep['status'];

/**
 * The work a job did or does, one row per request: what the job's `steps` answer shows, and, with
 * the client's `X-Idempotency-Key`, what makes a retried request start its work once.
 */
export const studioSteps = pgTable(
  'studio_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => studioJobs.id, { onDelete: 'cascade' }),
    type: text('type').$type<StudioStepType>().notNull(),
    status: text('status').$type<StudioStepStatus>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** What the step asked for (seconds to add, the lip-sync model, ...). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    /** Storage URI of what it made. */
    outputUri: text('output_uri'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('studio_steps_type_check', columnIn('type', studioStepSchema.shape.step_type.options)),
    uniqueIndex('studio_steps_idempotency_idx')
      .on(table.jobId, table.type, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('studio_steps_job_idx').on(table.jobId, table.createdAt),
  ],
);

/**
 * Every event of a job's stream, kept so a client reconnecting with `Last-Event-ID` misses none;
 * the id is the SSE event id.
 */
export const studioEvents = pgTable(
  'studio_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => studioJobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('studio_events_job_idx').on(table.jobId, table.id)],
);

export type StudioJobRow = typeof studioJobs.$inferSelect;
export type NewStudioJobRow = typeof studioJobs.$inferInsert;
export type StudioCandidateRow = typeof studioCandidates.$inferSelect;
export type StudioStepRow = typeof studioSteps.$inferSelect;
export type StudioEventRow = typeof studioEvents.$inferSelect;
