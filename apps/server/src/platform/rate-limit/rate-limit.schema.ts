import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counted events of the flood limits (mails sent to one address, sign-ups and feedback from one
 * client address): in the database, so every API instance counts the same events.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What is limited, e.g. `mail:recipient`. */
    bucket: text('bucket').notNull(),
    /** Whom it is limited for: an e-mail address (lower case) or a client IP address. */
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_events_key_idx').on(table.bucket, table.key, table.at),
    index('rate_limit_events_at_idx').on(table.at),
  ],
);
