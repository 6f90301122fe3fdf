import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import {
  feedbackQuestions,
  feedbackSubmissions,
  type FeedbackQuestionRow,
  type FeedbackSubmissionRow,
  type NewFeedbackSubmissionRow,
} from './feedback.schema';

/** Data access of the feedback form and what was sent through it. */
export class FeedbackRepository {
  constructor(private readonly orm: Orm) {}

  /** The questions on the form, in their order. */
  async listActiveQuestions(): Promise<FeedbackQuestionRow[]> {
    return this.orm
      .select()
      .from(feedbackQuestions)
      .where(eq(feedbackQuestions.active, true))
      .orderBy(asc(feedbackQuestions.position), asc(feedbackQuestions.id));
  }

  async insertSubmission(values: NewFeedbackSubmissionRow): Promise<FeedbackSubmissionRow> {
    const [row] = await this.orm.insert(feedbackSubmissions).values(values).returning();
    if (!row) throw new Error('Inserting a feedback submission returned no row');
    return row;
  }
}
