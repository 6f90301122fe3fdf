import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { feedbackQuestionTypeSchema, type FeedbackQuestionType } from '@reelcraft/contract';
import { users } from '../users/users.schema';

const questionTypes = feedbackQuestionTypeSchema.options.map((type) => `'${type}'`).join(', ');

export interface FeedbackOption {
  value: string;
  label: string;
}

/** A stored answer: text for text and radio questions, the chosen option values for checkboxes. */
export type FeedbackAnswer = string | string[];

/**
 * The questions of the feedback form (spec 000 section 2.9), seeded by a migration. Ids are stable
 * slugs because stored answers are keyed by them; a question is retired with `active`, not deleted.
 */
export const feedbackQuestions = pgTable(
  'feedback_questions',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<FeedbackQuestionType>().notNull(),
    question: text('question').notNull(),
    description: text('description'),
    placeholder: text('placeholder'),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<FeedbackOption[]>().notNull().default([]),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('feedback_questions_type_check', sql.raw(`"type" in (${questionTypes})`))],
);

/**
 * One sent form. `reported_user_id` is what the sender typed (guests have nothing else);
 * `user_id` is the signed-in account, when there was one.
 */
export const feedbackSubmissions = pgTable(
  'feedback_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportedUserId: text('reported_user_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Record<string, FeedbackAnswer>>().notNull(),
    /** The sender's clock, as sent; `created_at` is ours. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_submissions_created_idx').on(table.createdAt),
    index('feedback_submissions_user_idx').on(table.userId),
  ],
);

export type FeedbackQuestionRow = typeof feedbackQuestions.$inferSelect;
export type FeedbackSubmissionRow = typeof feedbackSubmissions.$inferSelect;
export type NewFeedbackSubmissionRow = typeof feedbackSubmissions.$inferInsert;
