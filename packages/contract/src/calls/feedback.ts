import { z } from 'zod';
import { defineCall } from '../define-call';
import { feedbackMessages } from '../messages';
import { isoDateTimeSchema } from '../shared-schemas';

const TAG = 'feedback';

export const feedbackQuestionTypeSchema = z.enum(['text', 'checkbox', 'radio']);
export type FeedbackQuestionType = z.infer<typeof feedbackQuestionTypeSchema>;

export const feedbackQuestionSchema = z.object({
  id: z.string(),
  type: feedbackQuestionTypeSchema,
  question: z.string(),
  description: z.string().nullable(),
  placeholder: z.string().nullable(),
  required: z.boolean(),
  /** Empty for text questions. */
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;

export const feedbackQuestionsAnswerSchema = z.object({ questions: z.array(feedbackQuestionSchema) });
export type FeedbackQuestionsAnswer = z.infer<typeof feedbackQuestionsAnswerSchema>;

/** Open to guests: the feedback form works signed out. */
export const getFeedbackQuestions = defineCall({
  name: 'getFeedbackQuestions',
  method: 'GET',
  path: '/feedback/questions',
  auth: 'optional',
  tag: TAG,
  summary: 'The questions of the feedback form',
  response: feedbackQuestionsAnswerSchema,
});

/** A text or radio answer is a string; a checkbox answer is the list of chosen option values. */
export const feedbackAnswerValueSchema = z.union([
  z.string().max(5000),
  z.array(z.string().max(200)).max(50),
]);

export const submitFeedbackBodySchema = z.object({
  /** Typed by a guest; the signed-in client sends the user's id, and the server trusts the token over it. */
  user_id: z.string().trim().min(1, feedbackMessages.userIdRequired).max(200),
  /** Keyed by question id. Required questions are checked by the server against the question list. */
  answers: z.record(z.string().max(128), feedbackAnswerValueSchema),
  timestamp: isoDateTimeSchema,
});
export type SubmitFeedbackBody = z.infer<typeof submitFeedbackBodySchema>;

/** Answer not shown in the spec: ours confirms with the stored id. */
export const submitFeedback = defineCall({
  name: 'submitFeedback',
  method: 'POST',
  path: '/feedback/submit',
  auth: 'optional',
  tag: TAG,
  summary: 'Send answers to the feedback form',
  body: submitFeedbackBodySchema,
  successStatus: 201,
  response: z.object({ id: z.string(), message: z.string() }),
});

/**
 * Whether an answer counts for a question (spec 000 section 5): a checkbox needs at least one option,
 * other types a non-blank text. The server and the dialog both use it.
 */
export function isFeedbackAnswered(
  question: Pick<FeedbackQuestion, 'type'>,
  answer: z.infer<typeof feedbackAnswerValueSchema> | undefined,
): boolean {
  if (answer === undefined) return false;
  if (question.type === 'checkbox') return Array.isArray(answer) && answer.length > 0;
  return typeof answer === 'string' && answer.trim().length > 0;
}
