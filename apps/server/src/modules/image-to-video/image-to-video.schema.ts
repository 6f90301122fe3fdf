import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  generationJobStatusSchema,
  type GenerationJobStatus,
  type ImageVideoSettings,
  type ImageVideoStage,
} from '@reelcraft/contract';
import { users } from '../users';
import { videos } from '../videos';

const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export type ImageVideoJobStage = ImageVideoStage | 'completed';

/**
 * An image-to-video job (spec 001 section 3, Image job status): its inputs (storage URIs in the
 * owner's upload area), settings, stage and progress, and the library video it makes. Its id is the
 * `session_id` the client follows.
 */
export const imageVideoSessions = pgTable(
  'image_video_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    modelPlatform: text('model_platform').notNull(),
    settings: jsonb('settings').$type<ImageVideoSettings>().notNull(),
    seed: integer('seed').notNull(),
    /** The images in slot order. */
    imageUris: jsonb('image_uris').$type<string[]>().notNull(),
    lastFrameUri: text('last_frame_uri'),
    voiceSampleUri: text('voice_sample_uri'),
    status: text('status').$type<GenerationJobStatus>().notNull().default('processing'),
    currentStage: text('current_stage').$type<ImageVideoJobStage>().notNull().default('file_processing'),
    /** Percent, 0..100, of the whole job. */
    progress: integer('progress').notNull().default(0),
    /** Percent per stage reached so far. */
    stageProgress: jsonb('stage_progress')
      .$type<Partial<Record<ImageVideoStage, number>>>()
      .notNull()
      .default({}),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** The quota reservation to give back if the job fails. */
    reservationId: text('reservation_id'),
    /** Why it failed, for the owner; no internals. */
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'image_video_sessions_status_check',
      sql.raw(`"status" in (${sqlList(generationJobStatusSchema.options)})`),
    ),
    index('image_video_sessions_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export type ImageVideoSessionRow = typeof imageVideoSessions.$inferSelect;
export type NewImageVideoSessionRow = typeof imageVideoSessions.$inferInsert;
