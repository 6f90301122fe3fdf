import { describe, expect, it } from 'vitest';
import type { FeedbackQuestion } from '@reelcraft/contract';
import { checkFeedbackAnswers, feedbackAnswerMessages } from './feedback-answers';

const options = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));
const questions: Pick<FeedbackQuestion, 'id' | 'type' | 'required' | 'options'>[] = [
  { id: 'mood', type: 'radio', required: false, options: options('good', 'bad') },
  { id: 'tools', type: 'checkbox', required: false, options: options('a', 'b') },
  { id: 'note', type: 'text', required: false, options: [] },
];

describe('checkFeedbackAnswers', () => {
  it('keeps answered questions only, trimmed and without repeated options', () => {
    expect(checkFeedbackAnswers(questions, { mood: ' good ', tools: ['b', 'a', 'b'], note: '  ' })).toEqual({
      answers: { mood: 'good', tools: ['b', 'a'] },
      issues: [],
    });
  });

  it('asks for at least one answer when every question is optional', () => {
    expect(checkFeedbackAnswers(questions, { tools: [], note: '' }).issues).toEqual([
      { loc: ['body', 'answers'], msg: feedbackAnswerMessages.nothingAnswered, type: 'missing' },
    ]);
  });

  it('counts a required text answered only when it is not blank', () => {
    const required = [{ id: 'note', type: 'text' as const, required: true, options: [] }];
    expect(checkFeedbackAnswers(required, { note: '   ' }).issues).toEqual([
      { loc: ['body', 'answers', 'note'], msg: feedbackAnswerMessages.required, type: 'missing' },
    ]);
    expect(checkFeedbackAnswers(required, { note: 'ok' }).issues).toEqual([]);
  });

  it('does not take an inherited property for an answer', () => {
    const required = [{ id: 'constructor', type: 'text' as const, required: true, options: [] }];
    expect(checkFeedbackAnswers(required, {}).issues).toEqual([
      { loc: ['body', 'answers', 'constructor'], msg: feedbackAnswerMessages.required, type: 'missing' },
    ]);
  });
});
