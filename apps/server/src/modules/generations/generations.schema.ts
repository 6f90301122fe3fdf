import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * One generation (DESIGN.md section 8): a video being made, of some kind, from a stored input. Its
 * state (status, progress, stage, error) lives on the video row it makes, so the job's status calls,
 * the live events and the library read one place. The client follows it by `session_id`.
 */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The kind's name (`text-to-video`, `image-to-video`, ...). */
    kind: text('kind').notNull(),
    /** Ours (a UUID), or the one a client chose to make its retries idempotent; unique per user. */
    sessionId: text('session_id').notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The quota reservation to give back if the generation fails. */
    reservationId: text('reservation_id'),
    /** What the kind renders from (its `input` schema): prompts, settings, storage URIs, a seed. */
    input: jsonb('input').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('generations_user_session_idx').on(table.userId, table.sessionId),
    index('generations_user_kind_created_idx').on(table.userId, table.kind, table.createdAt.desc()),
  ],
);

export type GenerationRow = typeof generations.$inferSelect;
export type NewGenerationRow = typeof generations.$inferInsert;
