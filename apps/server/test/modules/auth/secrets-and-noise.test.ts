import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { SOCKET_CLOSE_UNAUTHORIZED, serverDetailMessages, type User } from '@reelcraft/contract';
import { apiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import { lastMailTo, linkIn } from '../../helpers/mailbox';
import type { TestServer } from '../../helpers/test-platform';
import { TestSocket } from '../../helpers/ws-client';

const PUBLIC_URL = 'http://localhost:5173';
const PASSWORD = 'correct horse battery';

/** Every line the server logs, parsed, as a log collector would keep them. */
const logged: Record<string, unknown>[] = [];
const logDestination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      logged.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const freshEmail = (label = 'user') => `${label}-${crypto.randomUUID()}@example.com`;

// A production server (the default NODE_ENV) without SMTP: mails go to DATA_DIR/mail.
describeEachDatabase(
  'secrets kept out of the log, strict credentials',
  {
    listen: true,
    logDestination,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'info', PUBLIC_URL },
  },
  (runningServer) => {
    let server: TestServer;
    /** Where this test's log lines start. */
    let mark = 0;
    const linesOfThisTest = () => logged.slice(mark);

    beforeAll(() => {
      server = runningServer();
    });
    beforeEach(() => {
      mark = logged.length;
    });

    const anonymous = () => apiClient(server);

    async function register(email: string, fullName = 'Ada Lovelace') {
      const answer = await anonymous().postJson('/auth/register', {
        email,
        password: PASSWORD,
        full_name: fullName,
        phone_number: '',
        company_name: '',
        role: '',
      });
      // Account mails leave after the answer: wait for them, as a user waits for their inbox.
      await server.services.auth.settled();
      return answer;
    }

    async function login(email: string) {
      const response = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password: PASSWORD, grant_type: 'password' }).toString(),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    }

    /** Follows the latest mailed verification link and signs in, as a new user would. */
    async function verifyAndSignIn(email: string) {
      const link = linkIn(lastMailTo(server.config.dataDir, email), `${PUBLIC_URL}/verify/`);
      const verified = await anonymous().get(`/verify/${link.slice(`${PUBLIC_URL}/verify/`.length)}`);
      expect(verified.status).toBe(200);
      const token = await login(email);
      const me = await apiClient(server, token).get('/auth/me');
      expect(me.status).toBe(200);
      return { token, user: me.json<User>() };
    }

    async function signedUpUser(email = freshEmail()) {
      expect((await register(email)).status).toBe(201);
      return verifyAndSignIn(email);
    }

    it('writes verification and reset links to the mail files, never to the log', async () => {
      const email = freshEmail('links');
      expect((await register(email)).status).toBe(201);
      const verifyLink = linkIn(lastMailTo(server.config.dataDir, email), `${PUBLIC_URL}/verify/`);
      expect((await anonymous().postJson('/auth/forgot-password', { email })).status).toBe(200);
      await server.services.auth.settled();
      const resetMail = lastMailTo(server.config.dataDir, email);
      const resetLink = linkIn(resetMail, `${PUBLIC_URL}/reset-password?token=`);
      const resetToken = new URL(resetLink).searchParams.get('token') ?? '';
      const verifyToken = verifyLink.slice(verifyLink.lastIndexOf('/') + 1);

      const text = JSON.stringify(linesOfThisTest());
      expect(text).not.toContain(verifyToken);
      expect(text).not.toContain(resetToken);
      // The self-hoster still learns that a mail was written, and where.
      const written = linesOfThisTest().filter((line) => line.component === 'mail');
      expect(written).toEqual([
        expect.objectContaining({ level: 30, file: expect.stringMatching(/\.eml$/) }),
        expect.objectContaining({ level: 30, file: resetMail.file }),
      ]);
    });

    it('logs the URL of a verification link with its token taken out', async () => {
      const token = crypto.randomBytes(32).toString('base64url');
      await anonymous().get(`/verify/${token}`);
      await fetch(`${server.baseUrl}/verify/${token}`);
      await fetch(`${server.baseUrl}/reset-password?token=${token}`);

      const urls = linesOfThisTest()
        .map((line) => (line.req as { url?: string } | undefined)?.url)
        .filter((url): url is string => url !== undefined);
      expect(urls).toEqual(
        expect.arrayContaining([
          '/api/v1/verify/[redacted]',
          '/verify/[redacted]',
          '/reset-password?token=[redacted]',
        ]),
      );
      expect(JSON.stringify(linesOfThisTest())).not.toContain(token);
    });

    it('answers the Google callback of an instance without Google once, and logs nothing about it', async () => {
      const answer = await fetch(`${server.baseUrl}/api/v1/auth/google/callback?code=c&state=s`, {
        redirect: 'manual',
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ detail: 'Google sign-in is not configured' });
      // Let anything logged after the answer arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));

      const requestLines = new Set(['incoming request', 'request completed']);
      expect(linesOfThisTest().filter((line) => !requestLines.has(String(line.msg)))).toEqual([]);
    });

    it('takes only "Bearer <token>" as credentials', async () => {
      const { token, user } = await signedUpUser();
      const me = (authorization: string) =>
        anonymous().request('GET', '/auth/me', { headers: { authorization } });

      expect((await me(`Bearer ${token}`)).json()).toMatchObject({ id: user.id });
      for (const malformed of [
        `Bearer ${token} junk`,
        `Bearer ${token} ${token}`,
        `Bearer  ${token}`,
        `Bearer\t${token}`,
        `Bearer ${token},x`,
        `Bearer "${token}"`,
        `Basic ${token}`,
        `${token}`,
      ]) {
        const answer = await me(malformed);
        expect(answer.status, malformed).toBe(401);
        expect(answer.json(), malformed).toEqual({ detail: 'Not authenticated' });
        expect(answer.headers.get('www-authenticate'), malformed).toBe('Bearer');
      }
    });

    it('refuses a socket whose token carries anything after it', async () => {
      const { token } = await signedUpUser();
      const wsUrl = server.baseUrl.replace(/^http/, 'ws');
      for (const padded of [`${token} `, `${token} junk`, ` ${token}`, `${token}\n`]) {
        const socket = new TestSocket(`${wsUrl}/ws?token=${encodeURIComponent(padded)}`);
        const outcome = await Promise.race([
          socket.waitClosed(),
          socket.next('ready', 5_000).then(
            () => 'ready',
            () => 'neither',
          ),
        ]);
        socket.close();
        expect(outcome, JSON.stringify(padded)).toBe(SOCKET_CLOSE_UNAUTHORIZED);
      }
      const good = new TestSocket(`${wsUrl}/ws?token=${encodeURIComponent(token)}`);
      await good.next('ready');
      good.close();
    });

    it('lets the address of a deleted account register again, as a new and empty account', async () => {
      const email = freshEmail('Returning');
      const first = await signedUpUser(email);
      const edited = await apiClient(server, first.token).request('PUT', '/auth/me', {
        json: { company_name: 'Analytical Engines' },
      });
      expect(edited.status).toBe(200);
      await server.services.users.deleteAccount(first.user.id);

      const again = await register(email.toUpperCase(), 'Ada King');
      expect(again.status).toBe(201);
      const second = await verifyAndSignIn(email);
      expect(second.user).toMatchObject({
        email: email.toUpperCase(),
        full_name: 'Ada King',
        company_name: '',
        is_onboarded: false,
        subscription_status: 'free',
      });
      expect(second.user.id).not.toBe(first.user.id);
      // The deleted account stays deleted: its sessions are not the new account's.
      expect((await apiClient(server, first.token).get('/auth/me')).status).toBe(401);

      // The address is taken again, by the new account.
      const third = await register(email);
      expect(third.status).toBe(409);
      expect(third.json()).toEqual({ detail: serverDetailMessages.emailAlreadyRegistered });
    });
  },
);
