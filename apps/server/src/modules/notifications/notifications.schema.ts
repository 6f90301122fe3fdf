import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationStatusSchema, type NotificationStatus } from '@reelcraft/contract';
import { users } from '../users/users.schema';

const statuses = notificationStatusSchema.options.map((status) => `'${status}'`).join(', ');

/**
 * A user's notifications (spec 000 section 3). `session_id` ties one to the background job it
 * follows, so the job's outcome updates it in place; `video_id` is free text because studio jobs
 * point at ids of their own.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    read: boolean('read').notNull().default(false),
    link: text('link'),
    videoId: text('video_id'),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('notifications_status_check', sql.raw(`"status" in (${statuses})`)),
    // The list (newest first) and the unread count read this one.
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('notifications_user_session_idx')
      .on(table.userId, table.sessionId)
      .where(sql`${table.sessionId} is not null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
