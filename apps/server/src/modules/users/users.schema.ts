import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Accounts (spec 000 section 3, User). Every other resource belongs to a row here.
 * `password_hash` is empty for accounts that only sign in through an identity provider.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    role: text('role').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    profilePictureUrl: text('profile_picture_url'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    subscriptionStatus: text('subscription_status').notNull().default('free'),
    subscriptionExpiry: timestamp('subscription_expiry', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Tokens issued before this instant are refused (password reset ends every session). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Email is unique without regard to case among accounts not deleted: a deleted account's address
    // may register again, as a new account (docs/decisions/034).
    uniqueIndex('users_email_lower_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
    index('users_created_at_idx').on(table.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
