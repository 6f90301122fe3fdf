import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  projectTypeSchema,
  videoStatusSchema,
  type ImageVideoCurrentStage,
  type ImageVideoStage,
  type ProjectType,
  type VideoStatus,
} from '@reelcraft/contract';
import { users } from '../users/users.schema';
import { columnIn } from '../../platform/db/column-in';

/**
 * Every video a user makes, whatever the flow (text, images, studio, slides, chat): the creation
 * modules insert and update rows here, the dashboard and the library read them. Media are storage
 * URIs (DESIGN.md section 3), turned into signed URLs only when answered. While a generation makes
 * the video, this row is where its state lives (status, progress, stage, error): the one place the
 * job's status calls, live events and the library all read.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    projectType: text('project_type').$type<ProjectType>().notNull(),
    status: text('status').$type<VideoStatus>().notNull().default('pending'),
    videoUri: text('video_uri'),
    thumbnailUri: text('thumbnail_uri'),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** The job session that makes the video (text/image sessions, studio jobs). */
    sessionId: text('session_id'),
    /** Why it failed, for the owner; no internals. */
    error: text('error'),
    /** Percent, 0..100, of the generation making it. */
    progress: integer('progress').notNull().default(0),
    stage: text('stage').$type<ImageVideoCurrentStage>().notNull().default('file_processing'),
    /** Percent per stage reached so far. */
    stageProgress: jsonb('stage_progress')
      .$type<Partial<Record<ImageVideoStage, number>>>()
      .notNull()
      .default({}),
    /**
     * Its generation's last attempt was interrupted (the worker died, or the attempt failed and will
     * be tried again); cleared when the next attempt reports progress. Shown as "retrying".
     */
    retrying: boolean('retrying').notNull().default(false),
    /** The storyboard and the version it was rendered from (issue 31); null for videos made before. */
    storyboardId: uuid('storyboard_id'),
    storyboardVersion: integer('storyboard_version'),
    /**
     * What a search of the user's projects matches besides the title (issue 36): the whole prompt,
     * and for a storyboard video its title, narration and scene prompts, kept current by the
     * storyboards module on every save. Null for rows nothing described; the title still matches.
     */
    searchText: text('search_text'),
    /** Caption cues timed to the speech (seconds), for captions.vtt and captions.srt. */
    captions: jsonb('captions').$type<{ start: number; end: number; text: string }[]>(),
    /**
     * The captions are drawn into the picture (a storyboard's "Show captions in the video", a
     * voiceover's caption cards): a player offers no captions track over them, which would show
     * the words twice. The files stay downloadable.
     */
    captionsInPicture: boolean('captions_in_picture').notNull().default(false),
    /** When its generation ended, completed or failed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('videos_status_check', columnIn('status', videoStatusSchema.options)),
    check('videos_project_type_check', columnIn('project_type', projectTypeSchema.options)),
    index('videos_user_created_idx')
      .on(table.userId, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    index('videos_session_idx')
      .on(table.sessionId)
      .where(sql`${table.sessionId} is not null`),
  ],
);

export type VideoRow = typeof videos.$inferSelect;
export type NewVideoRow = typeof videos.$inferInsert;
