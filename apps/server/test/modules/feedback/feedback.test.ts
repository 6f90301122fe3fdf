import { eq } from 'drizzle-orm';
import { feedbackSubmissions } from '../../../src/db-schema';
import { expect, it } from 'vitest';
import { feedbackMessages, feedbackQuestionsAnswerSchema, type FeedbackQuestion } from '@reelcraft/contract';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

function api(server: TestServer, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function questions(server: TestServer): Promise<FeedbackQuestion[]> {
  const response = await api(server, 'GET', '/feedback/questions');
  return feedbackQuestionsAnswerSchema.parse(response.json()).questions;
}

/** A form that answers every required question (as the dialog would send it). */
const validAnswers = {
  overall_satisfaction: 'satisfied',
  features_used: ['text_to_video', 'ai_studio'],
  contact_permission: 'no',
};

function submission(answers: object, userId = 'guest-42') {
  return { user_id: userId, answers, timestamp: '2026-03-01T10:15:00.000Z' };
}

async function submissionsOf(server: TestServer, reportedUserId: string) {
  return server.platform.database.orm
    .select()
    .from(feedbackSubmissions)
    .where(eq(feedbackSubmissions.reportedUserId, reportedUserId));
}

type Issue = { loc: unknown[]; msg: string; type: string };

describeEachDatabase('feedback', {}, (server) => {
  it('answers the seeded questions to guests and signed-in users', async () => {
    const guest = await api(server(), 'GET', '/feedback/questions');
    expect(guest.statusCode).toBe(200);
    const list = feedbackQuestionsAnswerSchema.parse(guest.json()).questions;
    expect(list.map((question) => question.id)).toEqual([
      'overall_satisfaction',
      'features_used',
      'video_quality',
      'ease_of_use',
      'improvements',
      'recommend',
      'contact_permission',
      'other_comments',
    ]);
    expect(new Set(list.map((question) => question.type))).toEqual(new Set(['text', 'checkbox', 'radio']));
    expect(list.find((question) => question.id === 'features_used')).toMatchObject({
      type: 'checkbox',
      required: true,
      description: 'Select all that apply.',
      options: expect.arrayContaining([{ value: 'text_to_video', label: 'Text to Video' }]),
    });
    expect(list.find((question) => question.id === 'improvements')).toMatchObject({
      type: 'text',
      required: false,
      options: [],
      placeholder: expect.any(String),
    });

    const { token } = await createUserWithToken(server().platform);
    const signedIn = await api(server(), 'GET', '/feedback/questions', token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(guest.json());
    expect((await api(server(), 'GET', '/feedback/questions', 'forged')).statusCode).toBe(401);
  });

  it("stores a guest's feedback under the user id they typed", async () => {
    const response = await api(
      server(),
      'POST',
      '/feedback/submit',
      undefined,
      submission(
        {
          ...validAnswers,
          features_used: ['text_to_video', 'ai_studio', 'text_to_video'],
          improvements: '  Faster renders please  ',
          video_quality: '',
          other_comments: '',
        },
        'guest-7',
      ),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), message: feedbackMessages.thanks });

    const [stored] = await submissionsOf(server(), 'guest-7');
    expect(stored).toMatchObject({
      id: (response.json() as { id: string }).id,
      reportedUserId: 'guest-7',
      userId: null,
      // Trimmed, each option once, blank optional answers left out.
      answers: {
        overall_satisfaction: 'satisfied',
        features_used: ['text_to_video', 'ai_studio'],
        contact_permission: 'no',
        improvements: 'Faster renders please',
      },
    });
    expect(stored?.submittedAt.toISOString()).toBe('2026-03-01T10:15:00.000Z');
  });

  it("records a signed-in sender's account from the token", async () => {
    const { user, token } = await createUserWithToken(server().platform);
    const typed = `typed-${user.id}`;
    const response = await api(server(), 'POST', '/feedback/submit', token, submission(validAnswers, typed));
    expect(response.statusCode).toBe(201);
    const [stored] = await submissionsOf(server(), typed);
    expect(stored).toMatchObject({ userId: user.id, reportedUserId: typed, answers: validAnswers });

    const forged = await api(
      server(),
      'POST',
      '/feedback/submit',
      'forged',
      submission(validAnswers, 'forged-1'),
    );
    expect(forged.statusCode).toBe(401);
    expect(await submissionsOf(server(), 'forged-1')).toEqual([]);
  });

  it('refuses answers that do not fit the questions with 422 naming each one, and stores nothing', async () => {
    const response = await api(
      server(),
      'POST',
      '/feedback/submit',
      undefined,
      submission(
        {
          overall_satisfaction: 'ecstatic',
          features_used: [],
          video_quality: ['good'],
          recommend: 'very_likely',
          favourite_colour: 'blue',
        },
        'guest-bad',
      ),
    );
    expect(response.statusCode).toBe(422);
    const { detail } = response.json() as { detail: Issue[] };
    expect(detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'answers', 'favourite_colour'], msg: 'Unknown question', type: 'unknown_question' },
        {
          loc: ['body', 'answers', 'overall_satisfaction'],
          msg: 'Not one of the options: ecstatic',
          type: 'invalid_option',
        },
        // A checkbox counts as answered only with at least one option.
        { loc: ['body', 'answers', 'features_used'], msg: feedbackMessages.answerRequired, type: 'missing' },
        {
          loc: ['body', 'answers', 'video_quality'],
          msg: 'The answer must be text',
          type: 'invalid_type',
        },
        {
          loc: ['body', 'answers', 'contact_permission'],
          msg: feedbackMessages.answerRequired,
          type: 'missing',
        },
      ]),
    );
    expect(detail).toHaveLength(5);
    expect(await submissionsOf(server(), 'guest-bad')).toEqual([]);

    const wrongOption = await api(
      server(),
      'POST',
      '/feedback/submit',
      undefined,
      submission({ ...validAnswers, features_used: ['text_to_video', 'teleportation'] }, 'guest-bad'),
    );
    expect(wrongOption.statusCode).toBe(422);
    expect((wrongOption.json() as { detail: Issue[] }).detail).toEqual([
      {
        loc: ['body', 'answers', 'features_used'],
        msg: 'Not one of the options: teleportation',
        type: 'invalid_option',
      },
    ]);
    const checkboxAsText = await api(
      server(),
      'POST',
      '/feedback/submit',
      undefined,
      submission({ ...validAnswers, features_used: 'text_to_video' }, 'guest-bad'),
    );
    expect((checkboxAsText.json() as { detail: Issue[] }).detail[0]?.msg).toBe(
      'The answer must be a list of the chosen options',
    );
    expect(await submissionsOf(server(), 'guest-bad')).toEqual([]);
  });

  it('refuses a form without a user id, a time or answers in the right shape', async () => {
    const cases: [object, unknown[], string?][] = [
      [{ ...submission(validAnswers), user_id: '   ' }, ['body', 'user_id'], feedbackMessages.userIdRequired],
      [{ answers: validAnswers, timestamp: '2026-03-01T10:15:00Z' }, ['body', 'user_id']],
      [{ ...submission(validAnswers), timestamp: 'yesterday' }, ['body', 'timestamp']],
      [{ user_id: 'g', answers: validAnswers }, ['body', 'timestamp']],
      [{ ...submission(validAnswers), answers: ['satisfied'] }, ['body', 'answers']],
      [
        { ...submission(validAnswers), answers: { overall_satisfaction: 5 } },
        ['body', 'answers', 'overall_satisfaction'],
      ],
    ];
    for (const [body, loc, msg] of cases) {
      const response = await api(server(), 'POST', '/feedback/submit', undefined, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const { detail } = response.json() as { detail: Issue[] };
      expect(detail, JSON.stringify(body)).toEqual(
        expect.arrayContaining([expect.objectContaining({ loc, ...(msg ? { msg } : {}) })]),
      );
    }
  });

  it('refuses an empty form and accepts one answering only the required questions', async () => {
    const list = await questions(server());
    const required = list.filter((question) => question.required).map((question) => question.id);
    expect(required).toEqual(Object.keys(validAnswers));

    const empty = await api(server(), 'POST', '/feedback/submit', undefined, submission({}, 'guest-empty'));
    expect(empty.statusCode).toBe(422);
    expect((empty.json() as { detail: Issue[] }).detail.map((issue) => issue.loc.at(-1))).toEqual(required);

    const minimal = await api(
      server(),
      'POST',
      '/feedback/submit',
      undefined,
      submission(validAnswers, 'guest-min'),
    );
    expect(minimal.statusCode).toBe(201);
  });
});
