import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { libraryImageSourceSchema, type LibraryImageSource } from '@reelcraft/contract';
import { users } from '../users/users.schema';

const sources = libraryImageSourceSchema.options.map((source) => `'${source}'`).join(', ');

/**
 * A user's image library (spec 001 section 3): images already in storage that the user chose to
 * keep, from the enhancer, the studio or the image screens. The bytes stay in storage under the
 * user's upload area; a row only points at them, and leaves them only as signed URLs.
 */
export const libraryImages = pgTable(
  'library_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of this instance's storage URIs (`gcs_uri` in the contract). */
    storageUri: text('storage_uri').notNull(),
    /** A lasting public address, for a store that has one; never the expiring links we hand out. */
    publicUrl: text('public_url'),
    originalFilename: text('original_filename').notNull(),
    /** As stored, not as the client claimed. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    source: text('source').$type<LibraryImageSource>().notNull(),
    /** Where the image came from (the save record's metadata): job, prompt, session... */
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('library_images_source_check', sql.raw(`"source" in (${sources})`)),
    // One live row per object and user: saving the same image twice keeps one.
    uniqueIndex('library_images_user_uri_idx')
      .on(table.userId, table.storageUri)
      .where(sql`${table.deletedAt} is null`),
    index('library_images_user_uploaded_idx')
      .on(table.userId, table.uploadedAt.desc())
      .where(sql`${table.deletedAt} is null`),
  ],
);

export type LibraryImageRow = typeof libraryImages.$inferSelect;
export type NewLibraryImageRow = typeof libraryImages.$inferInsert;
