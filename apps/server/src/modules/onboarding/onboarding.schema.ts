import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * The business questionnaire of an account (spec 000 section 2.10), one row per account; sending it
 * again replaces the answers.
 */
export const onboardingAnswers = pgTable('onboarding_answers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  businessCategory: text('business_category').notNull(),
  businessSize: text('business_size').notNull(),
  purpose: text('purpose'),
  role: text('role'),
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OnboardingAnswersRow = typeof onboardingAnswers.$inferSelect;
export type NewOnboardingAnswers = typeof onboardingAnswers.$inferInsert;
