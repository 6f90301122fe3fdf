import {
  feedbackMessages,
  floodMessages,
  type FeedbackQuestion,
  type FeedbackQuestionsAnswer,
  type SubmitFeedbackBody,
} from '@reelcraft/contract';
import { unprocessable } from '../../platform/http/http-error';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter';
import { checkFeedbackAnswers } from './feedback-answers';
import type { FeedbackRepository } from './feedback.repository';
import type { FeedbackQuestionRow } from './feedback.schema';

function toQuestion(row: FeedbackQuestionRow): FeedbackQuestion {
  return {
    id: row.id,
    type: row.type,
    question: row.question,
    description: row.description,
    placeholder: row.placeholder,
    required: row.required,
    options: row.type === 'text' ? [] : row.options.map(({ value, label }) => ({ value, label })),
  };
}

/** The feedback form, open to guests and signed-in users alike (spec 000 sections 2.9 and 6). */
export class FeedbackService {
  constructor(
    private readonly repository: FeedbackRepository,
    /** Feedback from one client address per window (anonymous posts are free to send). */
    private readonly flood: { limiter: Pick<RateLimiter, 'take'>; rule: RateRule },
  ) {}

  async questions(): Promise<FeedbackQuestionsAnswer> {
    const rows = await this.repository.listActiveQuestions();
    return { questions: rows.map(toQuestion) };
  }

  /**
   * Stores a form checked against the current questions (422 listing every problem otherwise). A
   * signed-in sender's account is recorded from the token; the typed user id is kept as given.
   */
  async submit(
    body: SubmitFeedbackBody,
    accountId: string | null,
    clientAddress: string,
  ): Promise<{ id: string; message: string }> {
    await this.flood.limiter.take(
      [{ bucket: 'feedback:address', key: clientAddress, rule: this.flood.rule }],
      floodMessages.feedback,
    );
    const { questions } = await this.questions();
    const { answers, issues } = checkFeedbackAnswers(questions, body.answers);
    if (issues.length > 0) throw unprocessable(issues);
    const row = await this.repository.insertSubmission({
      reportedUserId: body.user_id,
      userId: accountId,
      answers,
      submittedAt: new Date(body.timestamp),
    });
    return { id: row.id, message: feedbackMessages.thanks };
  }
}
