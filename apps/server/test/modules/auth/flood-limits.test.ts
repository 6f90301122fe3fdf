import { expect, it } from 'vitest';
import { floodMessages } from '@reelcraft/contract';
import { mailsTo } from '../../helpers/mailbox';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';

const LIMITS = {
  MAILS_MAX_PER_RECIPIENT: '3',
  MAILS_MAX_PER_ADDRESS: '5',
  SIGNUPS_MAX_PER_ADDRESS: '2',
  FEEDBACK_MAX_PER_ADDRESS: '2',
  FLOOD_WINDOW_SECONDS: '3600',
};

let counter = 0;
const freshEmail = () => `flood-${Date.now()}-${(counter += 1)}@example.com`;

async function post(server: TestServer, url: string, payload: object, address: string) {
  const answer = await server.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: address,
  });
  await server.services.auth.settled();
  return answer;
}

function expectRefused(answer: Awaited<ReturnType<typeof post>>, detail: string) {
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toEqual({ detail });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describeEachDatabase('flood limits', { env: LIMITS }, (server) => {
  it('limits account mails per recipient and per client address, counted in the database', async () => {
    // One recipient, asked from many addresses: three mails asked for, then 429.
    const victim = freshEmail();
    await post(
      server(),
      '/auth/register',
      { email: victim, password: 'Secret123!', full_name: 'Vic' },
      '203.0.113.1',
    );
    for (const [index, url] of [
      '/auth/resend-verification',
      '/auth/resend-verification',
      '/auth/forgot-password',
    ].entries()) {
      expect((await post(server(), url, { email: victim }, `203.0.113.${10 + index}`)).statusCode).toBe(200);
    }
    expectRefused(
      await post(server(), '/auth/forgot-password', { email: victim }, '203.0.113.20'),
      floodMessages.mails,
    );
    // The sign-up's own mail and the three asked for: nothing more reached the inbox.
    expect(mailsTo(server().config.dataDir, victim)).toHaveLength(4);

    // One address asking for many recipients: five, then 429, whatever the recipient.
    const asker = '198.18.0.7';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(server(), '/auth/forgot-password', { email: freshEmail() }, asker)).statusCode).toBe(
        200,
      );
    }
    expectRefused(
      await post(server(), '/auth/forgot-password', { email: freshEmail() }, asker),
      floodMessages.mails,
    );
    const rows = await server().platform.database.executeSql<{ count: number }>(
      "SELECT count(*)::int AS count FROM rate_limit_events WHERE bucket = 'mail:address' AND key = $1",
      [asker],
    );
    expect(rows.rows[0]?.count).toBe(5);
  });

  it('limits sign-ups and anonymous feedback per client address', async () => {
    const address = '198.18.1.1';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const created = await post(
        server(),
        '/auth/register',
        { email: freshEmail(), password: 'Secret123!', full_name: 'New' },
        address,
      );
      expect(created.statusCode).toBe(201);
    }
    expectRefused(
      await post(
        server(),
        '/auth/register',
        { email: freshEmail(), password: 'Secret123!', full_name: 'New' },
        address,
      ),
      floodMessages.signups,
    );
    // Another network still signs up.
    const elsewhere = { email: freshEmail(), password: 'Secret123!', full_name: 'New' };
    expect((await post(server(), '/auth/register', elsewhere, '198.18.2.2')).statusCode).toBe(201);

    const form = {
      user_id: 'guest-1',
      answers: {
        overall_satisfaction: 'satisfied',
        features_used: ['text_to_video'],
        contact_permission: 'no',
      },
      timestamp: '2026-03-01T10:15:00.000Z',
    };
    expect((await post(server(), '/feedback/submit', form, address)).statusCode).toBe(201);
    expect((await post(server(), '/feedback/submit', form, address)).statusCode).toBe(201);
    expectRefused(await post(server(), '/feedback/submit', form, address), floodMessages.feedback);
  });
});
