import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * A user's saved avatar: a named portrait (copied into the avatar area when saved, so deleting the
 * upload it came from leaves it intact) and the voice it speaks with by default.
 */
export const avatars = pgTable(
  'avatars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Storage key of the portrait (PNG). */
    imageKey: text('image_key').notNull(),
    /** Bytes of the stored portrait, for the storage allowance (0 for avatars saved before it). */
    imageBytes: bigint('image_bytes', { mode: 'number' }).notNull().default(0),
    /** A built-in voice id or one of the user's clones; not a foreign key, a clone may be deleted. */
    voiceId: text('voice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('avatars_user_created_idx').on(table.userId, table.createdAt.desc())],
);

export type AvatarRow = typeof avatars.$inferSelect;
export type NewAvatarRow = typeof avatars.$inferInsert;
