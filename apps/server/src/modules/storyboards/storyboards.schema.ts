import {
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  index,
  check,
} from 'drizzle-orm/pg-core';
import { storyboardStatusSchema, type StoryboardContent, type StoryboardStatus } from '@reelcraft/contract';
import { columnIn } from '../../platform/db/column-in';
import type { SceneFormat } from '../../providers/video/storyboard-scenes';
import { users } from '../users/users.schema';

/**
 * A storyboard (issue 31, docs/decisions/035): the current version's content, and what its newest
 * render used. Every saved version is also kept in `storyboard_versions` for the history.
 */
export const storyboards = pgTable(
  'storyboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    version: integer('version').notNull().default(1),
    content: jsonb('content').$type<StoryboardContent>().notNull(),
    status: text('status').$type<StoryboardStatus>().notNull().default('draft'),
    /** Seeds the drawing of every scene, so a scene renders the same way each time. */
    seed: integer('seed').notNull(),
    /** The video of its newest render started: while that video is processing, it is rendering. */
    videoId: uuid('video_id'),
    /** The newest finished render: its video, its version and its scenes' clip keys. */
    renderedVideoId: uuid('rendered_video_id'),
    renderedVersion: integer('rendered_version'),
    renderedSceneKeys: jsonb('rendered_scene_keys').$type<string[]>().notNull().default([]),
    /**
     * The picture's quality and frame rate of its renders, when a flow chose other than the
     * editor's default (image to video, the studio): re-renders keep it, so their clips stay valid.
     */
    renderFormat: jsonb('render_format').$type<SceneFormat>(),
    /** Bytes its cached scene clips keep in storage, for the storage allowance (decision 033). */
    clipBytes: bigint('clip_bytes', { mode: 'number' }).notNull().default(0),
    /** Re-renders that took no video from the quota (docs/decisions/035 caps them). */
    freeRerendersUsed: integer('free_rerenders_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('storyboards_status_check', columnIn('status', storyboardStatusSchema.options)),
    index('storyboards_user_idx').on(table.userId, table.updatedAt.desc()),
  ],
);

export const storyboardVersions = pgTable(
  'storyboard_versions',
  {
    storyboardId: uuid('storyboard_id')
      .notNull()
      .references(() => storyboards.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<StoryboardContent>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyboardId, table.version] })],
);

export type StoryboardRow = typeof storyboards.$inferSelect;
export type StoryboardVersionRow = typeof storyboardVersions.$inferSelect;
