import {
  feedbackMessages,
  isFeedbackAnswered,
  type FeedbackQuestion,
  type SubmitFeedbackBody,
  type ValidationIssue,
} from '@reelcraft/contract';
import type { FeedbackAnswer } from './feedback.schema';

// Ours: the spec states the rules (section 5) without texts for these.
export const feedbackAnswerMessages = {
  required: feedbackMessages.answerRequired,
  unknownQuestion: 'Unknown question',
  notText: 'The answer must be text',
  notList: 'The answer must be a list of the chosen options',
  notAnOption: (values: readonly string[]) => `Not one of the options: ${values.join(', ')}`,
  nothingAnswered: 'Please answer at least one question',
} as const;

export interface CheckedAnswers {
  /** The answered questions only: trimmed text, chosen options once each. */
  answers: Record<string, FeedbackAnswer>;
  /** Empty when the answers may be stored. */
  issues: ValidationIssue[];
}

type Question = Pick<FeedbackQuestion, 'id' | 'type' | 'required' | 'options'>;

/**
 * Checks a form's answers against its questions (spec 000 section 5): required questions answered (a
 * checkbox with at least one option), options among the question's, no unknown question, and at least
 * one answer. Issues point at `body.answers.<question id>`.
 */
export function checkFeedbackAnswers(
  questions: readonly Question[],
  given: SubmitFeedbackBody['answers'],
): CheckedAnswers {
  const issues: ValidationIssue[] = [];
  const answers: Record<string, FeedbackAnswer> = {};
  const issue = (questionId: string, msg: string, type: string) =>
    issues.push({ loc: ['body', 'answers', questionId], msg, type });
  const known = new Set(questions.map((question) => question.id));

  for (const questionId of Object.keys(given)) {
    if (!known.has(questionId)) issue(questionId, feedbackAnswerMessages.unknownQuestion, 'unknown_question');
  }

  for (const question of questions) {
    const answer = Object.hasOwn(given, question.id) ? given[question.id] : undefined;
    const optionValues = new Set(question.options.map((option) => option.value));

    if (question.type === 'checkbox') {
      if (answer !== undefined && !Array.isArray(answer)) {
        issue(question.id, feedbackAnswerMessages.notList, 'invalid_type');
        continue;
      }
      const chosen = [...new Set(answer ?? [])];
      const invalid = chosen.filter((value) => !optionValues.has(value));
      if (invalid.length > 0)
        issue(question.id, feedbackAnswerMessages.notAnOption(invalid), 'invalid_option');
      else if (chosen.length > 0) answers[question.id] = chosen;
    } else {
      if (answer !== undefined && typeof answer !== 'string') {
        issue(question.id, feedbackAnswerMessages.notText, 'invalid_type');
        continue;
      }
      const text = answer?.trim() ?? '';
      if (question.type === 'radio' && text && !optionValues.has(text)) {
        issue(question.id, feedbackAnswerMessages.notAnOption([text]), 'invalid_option');
      } else if (text) {
        answers[question.id] = text;
      }
    }

    if (question.required && !isFeedbackAnswered(question, answer)) {
      issue(question.id, feedbackAnswerMessages.required, 'missing');
    }
  }

  if (issues.length === 0 && Object.keys(answers).length === 0) {
    issues.push({ loc: ['body', 'answers'], msg: feedbackAnswerMessages.nothingAnswered, type: 'missing' });
  }
  return { answers, issues };
}
