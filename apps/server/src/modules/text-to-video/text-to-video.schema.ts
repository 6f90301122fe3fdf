import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  generationJobStatusSchema,
  type GenerationJobStatus,
  type ImageVideoStage,
} from '@reelcraft/contract';
import { users } from '../users';
import { videos } from '../videos';

const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export type VideoJobStage = ImageVideoStage | 'completed';

/**
 * A text-to-video job (spec 001 section 3, Text job): what was asked, how far the render is, and
 * the library video it makes. The client follows it by `session_id`.
 */
export const textVideoSessions = pgTable(
  'text_video_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ours (a UUID), or the one a JSON start chose to make its retries idempotent; unique per user. */
    sessionId: text('session_id').notNull(),
    prompt: text('prompt').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Given, or drawn at the start, so every attempt renders the same video. */
    seed: integer('seed').notNull(),
    status: text('status').$type<GenerationJobStatus>().notNull().default('processing'),
    /** Percent, 0..100. */
    progress: integer('progress').notNull().default(0),
    stage: text('stage').$type<VideoJobStage>().notNull().default('file_processing'),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** The quota reservation to give back if the job fails. */
    reservationId: text('reservation_id'),
    /** Why it failed, for the owner; no internals. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'text_video_sessions_status_check',
      sql.raw(`"status" in (${sqlList(generationJobStatusSchema.options)})`),
    ),
    uniqueIndex('text_video_sessions_user_session_idx').on(table.userId, table.sessionId),
    index('text_video_sessions_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export type TextVideoSessionRow = typeof textVideoSessions.$inferSelect;
export type NewTextVideoSessionRow = typeof textVideoSessions.$inferInsert;
