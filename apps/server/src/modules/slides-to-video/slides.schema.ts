import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deckStatusSchema, type DeckStatus } from '@reelcraft/contract';
import { columnIn } from '../../platform/db/column-in';
import { users } from '../users/users.schema';

export const deckFormats = ['pdf', 'pptx'] as const;
export type DeckFormat = (typeof deckFormats)[number];

/** One slide of an imported deck, as stored (the image is an object in storage). */
export interface StoredSlide {
  index: number;
  imageKey: string;
  text: string;
  notes: string;
  narration: string;
}

/**
 * A deck a user imported for a slides video: the uploaded file, then, once the import job has run,
 * its slides (at most 100, so kept as one JSON list on the row rather than a table of their own).
 */
export const slideDecks = pgTable(
  'slide_decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    format: text('format').$type<DeckFormat>().notNull(),
    /** The uploaded file, in the user's upload area. */
    sourceKey: text('source_key').notNull(),
    /** Bytes of the uploaded file, for the storage allowance (0 for decks imported before it). */
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<DeckStatus>().notNull().default('processing'),
    /** Percent of the import, 0..100. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    slides: jsonb('slides').$type<StoredSlide[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('slide_decks_format_check', columnIn('format', deckFormats)),
    check('slide_decks_status_check', columnIn('status', deckStatusSchema.options)),
    index('slide_decks_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export type SlideDeckRow = typeof slideDecks.$inferSelect;
export type NewSlideDeckRow = typeof slideDecks.$inferInsert;
