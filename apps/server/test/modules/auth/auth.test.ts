import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loginMessages,
  loginRefusalSchema,
  passwordMessages,
  serverDetailMessages,
  verificationMessages,
  type LoginRefusal,
} from '@reelcraft/contract';
import { AccountTokensRepository } from '../../../src/modules/auth/account-tokens.repository';
import { loginFailures } from '../../../src/modules/auth/auth.schema';
import { hashSecretToken } from '../../../src/modules/auth/secret-token';
import type { UsersService } from '../../../src/modules/users';
import { users as usersTable } from '../../../src/db-schema';
import { describeEachDatabase } from '../../helpers/each-database';
import { lastMailTo, linkIn, mailsTo } from '../../helpers/mailbox';
import type { TestServer } from '../../helpers/test-platform';

/** Deletes an account as the account deletion would: it stays, marked deleted. */
async function softDeleteUser(server: TestServer, id: string, at: Date): Promise<void> {
  await server.platform.database.orm.update(usersTable).set({ deletedAt: at }).where(eq(usersTable.id, id));
}

const PUBLIC_URL = 'http://localhost:5173';
const JWT_SECRET = 'auth-test-secret-that-is-long-enough-0123456789';
const PASSWORD = 'correct horse battery';
const MAX_FAILURES_PER_ACCOUNT = 3;
const MAX_FAILURES_PER_ADDRESS = 5;
const FAILURE_WINDOW_SECONDS = 600;

let addressCounter = 0;
/** A client address of its own, so one test's failed logins never throttle another's. */
function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function freshEmail(label = 'user'): string {
  return `${label}-${crypto.randomUUID()}@example.com`;
}

const serverEnv = {
  PUBLIC_URL,
  JWT_SECRET,
  // Small limits, so a test reaches a block; it sees the block end by moving the throttle's clock.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES_PER_ACCOUNT),
  LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_FAILURES_PER_ADDRESS),
  LOGIN_FAILURE_WINDOW_SECONDS: String(FAILURE_WINDOW_SECONDS),
};

// The login throttle reads this clock: a test moves it past a block instead of waiting.
let throttleClockOffsetMs = 0;
const throttleClock = () => new Date(Date.now() + throttleClockOffsetMs);

describeEachDatabase(
  'accounts and sessions',
  { env: serverEnv, clocks: { loginThrottle: throttleClock } },
  (runningServer) => {
    let server: TestServer;
    let users: UsersService;
    let accountTokens: AccountTokensRepository;

    beforeAll(() => {
      server = runningServer();
      users = server.services.users;
      accountTokens = new AccountTokensRepository(server.platform.database.orm);
    });

    async function call(
      method: InjectOptions['method'],
      path: string,
      options: { token?: string; payload?: object; address?: string } = {},
    ) {
      const answer = await server.app.inject({
        method,
        url: `/api/v1${path}`,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        ...(options.payload ? { payload: options.payload } : {}),
        remoteAddress: options.address ?? freshAddress(),
      });
      // Account mails leave after the answer: wait for them, as a user waits for their inbox.
      await server.services.auth.settled();
      return answer;
    }

    function login(username: string, password: string, address = freshAddress()) {
      return server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username,
          password,
          grant_type: 'password',
          scope: '',
          client_id: '',
          client_secret: '',
        }).toString(),
        remoteAddress: address,
      });
    }

    function register(email: string, password = PASSWORD, fullName = 'Ada Lovelace') {
      return call('POST', '/auth/register', {
        payload: { email, password, full_name: fullName, phone_number: '', company_name: '', role: '' },
      });
    }

    /** The token of the latest link of this kind mailed to the address. */
    function mailedToken(email: string, linkPrefix: string): string {
      const link = linkIn(lastMailTo(server.config.dataDir, email), linkPrefix);
      return link.startsWith(`${PUBLIC_URL}/verify/`)
        ? decodeURIComponent(link.slice(`${PUBLIC_URL}/verify/`.length))
        : (new URL(link).searchParams.get('token') ?? '');
    }

    /** Registers, verifies through the mailed link and signs in, as a new user would. */
    async function signedUpUser(label = 'user') {
      const email = freshEmail(label);
      expect((await register(email)).statusCode).toBe(201);
      const verified = await call('GET', `/verify/${mailedToken(email, `${PUBLIC_URL}/verify/`)}`);
      expect(verified.statusCode).toBe(200);
      const session = await login(email, PASSWORD);
      expect(session.statusCode).toBe(200);
      const { access_token: token } = session.json<{ access_token: string }>();
      const me = await call('GET', '/auth/me', { token });
      return { email, token, id: me.json<{ id: string }>().id };
    }

    describe('registration and email verification', () => {
      it('creates an unverified account and mails a verification link to the web app', async () => {
        const email = freshEmail('Ada');
        const response = await register(email);

        expect(response.statusCode).toBe(201);
        const { user, message } = response.json<{ message: string; user: Record<string, unknown> }>();
        expect(message).toEqual(expect.any(String));
        expect(user).toEqual({
          id: expect.any(String),
          email,
          full_name: 'Ada Lovelace',
          company_name: '',
          role: '',
          phone_number: '',
          is_onboarded: false,
          profile_picture_url: null,
          subscription_status: 'free',
          subscription_expiry: null,
        });

        const mail = lastMailTo(server.config.dataDir, email);
        expect(mail.subject).toBe('Verify your email for ReelCraft');
        const link = linkIn(mail, `${PUBLIC_URL}/verify/`);
        expect(link).toMatch(/\/verify\/[A-Za-z0-9_-]{43}$/);
        expect(mail.text).toContain('ReelCraft');
        expect(mail.html).toContain(`href="${link}"`);

        const stored = await users.findActiveByEmail(email);
        expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
        expect(stored?.emailVerifiedAt).toBeNull();
      });

      it('refuses to sign in until the address is verified, then signs in', async () => {
        const email = freshEmail();
        await register(email);

        const early = await login(email, PASSWORD);
        expect(early.statusCode).toBe(403);
        expect(early.json()).toEqual({ detail: serverDetailMessages.emailNotVerified });

        const verified = await call('GET', `/verify/${mailedToken(email, `${PUBLIC_URL}/verify/`)}`);
        expect(verified.statusCode).toBe(200);
        expect(verified.json()).toEqual({ message: expect.any(String), already_verified: false });

        const session = await login(email, PASSWORD);
        expect(session.statusCode).toBe(200);
        expect(session.json()).toEqual({
          access_token: expect.any(String),
          token_type: 'bearer',
          expires_in: server.config.accessTokenTtlSeconds,
        });
        expect(session.headers['cache-control']).toBe('no-store');
      });

      it('answers 409 for an address already registered, in any case', async () => {
        const email = freshEmail();
        await register(email);
        const again = await register(email.toUpperCase());
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ detail: serverDetailMessages.emailAlreadyRegistered });
      });

      it('answers 422 with the fields at fault for bad registration data', async () => {
        const response = await call('POST', '/auth/register', {
          payload: { email: 'not-an-email', password: 'short', full_name: '  ' },
        });
        expect(response.statusCode).toBe(422);
        const locations = response
          .json<{ detail: { loc: string[] }[] }>()
          .detail.map((issue) => issue.loc.join('.'));
        expect(locations).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.full_name']));
      });

      it('uses a verification link once; opened again, it says the account is already verified', async () => {
        const email = freshEmail();
        await register(email);
        const token = mailedToken(email, `${PUBLIC_URL}/verify/`);
        const first = await call('GET', `/verify/${token}`);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual({ message: expect.any(String), already_verified: false });
        const verifiedAt = (await users.findActiveByEmail(email))?.emailVerifiedAt;

        const again = await call('GET', `/verify/${token}`);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual({ message: expect.any(String), already_verified: true });
        expect(again.json<{ message: string }>().message).not.toBe(first.json<{ message: string }>().message);
        expect((await users.findActiveByEmail(email))?.emailVerifiedAt).toEqual(verifiedAt);
      });

      it('says "already verified" for a resent link opened after an earlier link verified the account', async () => {
        const email = freshEmail();
        await register(email);
        await call('POST', '/auth/resend-verification', { payload: { email } });
        const [firstMail, resentMail] = mailsTo(server.config.dataDir, email);
        const tokenOf = (mail: typeof firstMail) =>
          decodeURIComponent(linkIn(mail!, `${PUBLIC_URL}/verify/`).slice(`${PUBLIC_URL}/verify/`.length));

        expect((await call('GET', `/verify/${tokenOf(firstMail)}`)).json()).toMatchObject({
          already_verified: false,
        });
        const resent = await call('GET', `/verify/${tokenOf(resentMail)}`);
        expect(resent.statusCode).toBe(200);
        expect(resent.json()).toEqual({ message: expect.any(String), already_verified: true });
      });

      it('says "already verified" for an expired link of a verified account', async () => {
        const email = freshEmail();
        await register(email);
        await call('POST', '/auth/resend-verification', { payload: { email } });
        const [oldMail] = mailsTo(server.config.dataDir, email);
        const oldToken = decodeURIComponent(
          linkIn(oldMail!, `${PUBLIC_URL}/verify/`).slice(`${PUBLIC_URL}/verify/`.length),
        );
        expect((await call('GET', `/verify/${mailedToken(email, `${PUBLIC_URL}/verify/`)}`)).statusCode).toBe(
          200,
        );
        await accountTokens.setExpiry(hashSecretToken(oldToken), new Date(Date.now() - 1000));

        const expired = await call('GET', `/verify/${oldToken}`);
        expect(expired.statusCode).toBe(200);
        expect(expired.json()).toEqual({ message: expect.any(String), already_verified: true });
      });

      it('answers 409 for a used link of an account still unverified', async () => {
        const email = freshEmail();
        await register(email);
        const token = mailedToken(email, `${PUBLIC_URL}/verify/`);
        // Taken by a request racing with this one, which has not verified the account yet.
        await accountTokens.consume('verify_email', hashSecretToken(token), new Date());

        const used = await call('GET', `/verify/${token}`);
        expect(used.statusCode).toBe(409);
        expect(used.json()).toEqual({ detail: verificationMessages.linkExpiredOrInvalid });
      });

      it('tells a malformed link from an unknown one', async () => {
        const malformed = await call('GET', '/verify/not-a-token');
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toEqual({ detail: verificationMessages.invalidLinkFormat });

        const unknown = await call('GET', `/verify/${crypto.randomBytes(32).toString('base64url')}`);
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ detail: verificationMessages.invalidLink });
      });

      it('refuses a link older than 24 hours', async () => {
        const email = freshEmail();
        await register(email);
        const token = mailedToken(email, `${PUBLIC_URL}/verify/`);
        await accountTokens.setExpiry(hashSecretToken(token), new Date(Date.now() - 1000));

        const expired = await call('GET', `/verify/${token}`);
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toEqual({ detail: verificationMessages.linkExpired });
        expect((await users.findActiveByEmail(email))?.emailVerifiedAt).toBeNull();
      });

      it('answers "User account not found" for the link of a deleted account', async () => {
        const email = freshEmail();
        await register(email);
        const token = mailedToken(email, `${PUBLIC_URL}/verify/`);
        const user = await users.findActiveByEmail(email);
        await softDeleteUser(server, user?.id ?? '', new Date());

        const response = await call('GET', `/verify/${token}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: verificationMessages.userNotFound });
      });

      it('mails a new link on request, and answers the same for addresses without a pending account', async () => {
        const pending = freshEmail();
        await register(pending);
        const resent = await call('POST', '/auth/resend-verification', {
          payload: { email: pending.toUpperCase() },
        });
        expect(resent.statusCode).toBe(200);
        expect(mailsTo(server.config.dataDir, pending)).toHaveLength(2);
        const verified = await call('GET', `/verify/${mailedToken(pending, `${PUBLIC_URL}/verify/`)}`);
        expect(verified.statusCode).toBe(200);

        const unknown = freshEmail('nobody');
        const forUnknown = await call('POST', '/auth/resend-verification', { payload: { email: unknown } });
        const forVerified = await call('POST', '/auth/resend-verification', { payload: { email: pending } });
        expect(forUnknown.statusCode).toBe(200);
        expect(forUnknown.json()).toEqual(resent.json());
        expect(forVerified.json()).toEqual(resent.json());
        expect(mailsTo(server.config.dataDir, unknown)).toHaveLength(0);
        expect(mailsTo(server.config.dataDir, pending)).toHaveLength(2);

        const malformed = await call('POST', '/auth/resend-verification', { payload: { email: 'nope' } });
        expect(malformed.statusCode).toBe(422);
      });
    });

    describe('login', () => {
      it('answers the same 401 for an unknown address and a wrong password', async () => {
        const { email } = await signedUpUser();
        const wrongPassword = await login(email, 'not the password');
        const unknownAddress = await login(freshEmail('nobody'), PASSWORD);

        expect(wrongPassword.statusCode).toBe(401);
        expect(unknownAddress.statusCode).toBe(401);
        expect(wrongPassword.json()).toEqual({
          detail: serverDetailMessages.invalidCredentials,
          attempts_left: MAX_FAILURES_PER_ACCOUNT - 1,
        });
        expect(unknownAddress.json()).toEqual(wrongPassword.json());
      });

      it('accepts the address in any case', async () => {
        const { email } = await signedUpUser();
        expect((await login(email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
      });

      it('takes only the OAuth2 password form', async () => {
        const { email } = await signedUpUser();
        const missing = await server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ username: email }).toString(),
        });
        expect(missing.statusCode).toBe(422);

        const otherGrant = await server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            username: email,
            password: PASSWORD,
            grant_type: 'client_credentials',
          }).toString(),
        });
        expect(otherGrant.statusCode).toBe(422);
      });

      it('blocks an account after too many failures until the window passes, and keeps the count in the database', async () => {
        const { email } = await signedUpUser();
        const guesser = freshAddress();
        // Each refusal says how many wrong passwords are left; the one that starts the pause says until when.
        const refusals: LoginRefusal[] = [];
        for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
          const refused = await login(email, `wrong ${attempt}`, guesser);
          expect(refused.statusCode).toBe(401);
          refusals.push(loginRefusalSchema.parse(refused.json()));
        }
        expect(refusals.map((refusal) => refusal.attempts_left)).toEqual([2, 1, 0]);
        expect(refusals.slice(0, -1).every((refusal) => refusal.lockout === undefined)).toBe(true);
        const pausedAt = refusals.at(-1)?.lockout;
        expect(pausedAt?.password_reset_unlocks).toBe(true);
        const endsAt = Date.parse(pausedAt?.ends_at ?? '');
        expect(endsAt - throttleClock().getTime()).toBeGreaterThan((FAILURE_WINDOW_SECONDS - 30) * 1000);
        expect(endsAt - throttleClock().getTime()).toBeLessThanOrEqual(FAILURE_WINDOW_SECONDS * 1000);

        const stored = await server.platform.database.orm
          .select()
          .from(loginFailures)
          .where(eq(loginFailures.accountKey, email.toLowerCase()));
        expect(stored).toHaveLength(MAX_FAILURES_PER_ACCOUNT);

        // Blocked even with the right password from where the guesses came.
        const blocked = await login(email, PASSWORD, guesser);
        expect(blocked.statusCode).toBe(429);
        // The spec's text, when the pause ends (the same time as the 401 that started it), and that a
        // password reset lifts it.
        expect(blocked.json()).toEqual({
          detail: loginMessages.tooManyAttempts,
          lockout: { ends_at: pausedAt?.ends_at, password_reset_unlocks: true },
        });
        const retryAfter = Number(blocked.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(FAILURE_WINDOW_SECONDS);
        expect(Math.abs(endsAt - throttleClock().getTime() - retryAfter * 1000)).toBeLessThan(1500);

        // Another account is not affected.
        const other = await signedUpUser();
        expect((await login(other.email, PASSWORD)).statusCode).toBe(200);

        // Just before the announced time it is still blocked; once the window has passed, it is not.
        throttleClockOffsetMs += (retryAfter - 2) * 1000;
        expect((await login(email, PASSWORD, guesser)).statusCode).toBe(429);
        throttleClockOffsetMs += 2100;
        expect((await login(email, PASSWORD, guesser)).statusCode).toBe(200);
      });

      it('lets the owner in from an address without failures while the account is blocked elsewhere', async () => {
        const { email } = await signedUpUser();
        const guesser = freshAddress();
        for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
          await login(email, `wrong ${attempt}`, guesser);
        }
        expect((await login(email, PASSWORD, guesser)).statusCode).toBe(429);
        // The owner's usual address has no failures: the right password gets through.
        expect((await login(email, PASSWORD, freshAddress())).statusCode).toBe(200);
        // Another guesser gets one try, then the block holds for that address too.
        const second = freshAddress();
        for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
          await login(email, `again ${attempt}`, guesser);
        }
        expect((await login(email, 'one more guess', second)).statusCode).toBe(401);
        expect((await login(email, PASSWORD, second)).statusCode).toBe(429);
      });

      it('blocks a client address after too many failures across accounts', async () => {
        const address = freshAddress();
        for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS; attempt += 1) {
          expect((await login(freshEmail('guess'), 'guess', address)).statusCode).toBe(401);
        }
        const { email } = await signedUpUser();
        const blocked = await login(email, PASSWORD, address);
        expect(blocked.statusCode).toBe(429);
        // The address is paused, not the account: a password reset would not help, and the answer says so.
        expect(blocked.json()).toEqual({
          detail: loginMessages.tooManyAttempts,
          lockout: { ends_at: expect.any(String), password_reset_unlocks: false },
        });
        expect((await login(email, PASSWORD, freshAddress())).statusCode).toBe(200);
      });

      it('forgives an account its failures after a successful login', async () => {
        const { email } = await signedUpUser();
        for (let round = 0; round < 2; round += 1) {
          for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT - 1; attempt += 1) {
            expect((await login(email, 'wrong')).statusCode).toBe(401);
          }
          expect((await login(email, PASSWORD)).statusCode).toBe(200);
        }
      });
    });

    describe('password reset', () => {
      async function requestReset(email: string) {
        const response = await call('POST', '/auth/forgot-password', { payload: { email } });
        expect(response.statusCode).toBe(200);
        return response;
      }

      it('answers the same whether or not the address has an account, and mails only an account', async () => {
        const { email } = await signedUpUser();
        const unknown = freshEmail('nobody');
        const known = await requestReset(email);
        const forUnknown = await requestReset(unknown);
        expect(forUnknown.json()).toEqual(known.json());
        expect(mailsTo(server.config.dataDir, unknown)).toHaveLength(0);

        const mail = lastMailTo(server.config.dataDir, email);
        expect(mail.subject).toBe('Reset your ReelCraft password');
        const link = linkIn(mail, `${PUBLIC_URL}/reset-password?token=`);
        expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
        expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });

      it('sets the new password once, ends older sessions and keeps newer ones', async () => {
        const { email, token: oldSession } = await signedUpUser();
        await requestReset(email);
        const resetToken = mailedToken(email, `${PUBLIC_URL}/reset-password?token=`);

        const reset = await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, new_password: 'a brand new password' },
        });
        expect(reset.statusCode).toBe(200);
        expect(reset.json()).toEqual({ message: passwordMessages.resetSucceeded });

        expect((await call('GET', '/auth/me', { token: oldSession })).statusCode).toBe(401);
        expect((await login(email, PASSWORD)).statusCode).toBe(401);
        // Signing in right after the reset works, even within the reset's second.
        const fresh = await login(email, 'a brand new password');
        expect(fresh.statusCode).toBe(200);
        const newSession = fresh.json<{ access_token: string }>().access_token;
        expect((await call('GET', '/auth/me', { token: newSession })).statusCode).toBe(200);

        const reused = await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, new_password: 'yet another password' },
        });
        expect(reused.statusCode).toBe(400);
        expect(reused.json()).toEqual({ detail: serverDetailMessages.invalidResetToken });
      });

      it('refuses a session issued in the same second as the reset', async () => {
        const { email, id } = await signedUpUser();
        await requestReset(email);
        const resetToken = mailedToken(email, `${PUBLIC_URL}/reset-password?token=`);
        const resetAt = Date.now();
        await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, new_password: 'new password 1' },
        });

        const user = await users.findActiveById(id);
        const validAfterSeconds = (user?.tokensValidAfter.getTime() ?? 0) / 1000;
        expect(Number.isInteger(validAfterSeconds)).toBe(true);
        expect(validAfterSeconds).toBeGreaterThan(resetAt / 1000);

        // Tokens signed as the server signs them, issued in the reset's own second and in the next.
        const key = new TextEncoder().encode(JWT_SECRET);
        const tokenIssuedAt = (iat: number) =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(id)
            .setIssuer('reelcraft')
            .setIssuedAt(iat)
            .setExpirationTime(iat + 3600)
            .sign(key);
        const sameSecond = await tokenIssuedAt(validAfterSeconds - 1);
        const nextSecond = await tokenIssuedAt(validAfterSeconds);
        expect((await call('GET', '/auth/me', { token: sameSecond })).statusCode).toBe(401);
        expect((await call('GET', '/auth/me', { token: nextSecond })).statusCode).toBe(200);
      });

      it('refuses an expired, malformed or unknown reset link and a short password', async () => {
        const { email } = await signedUpUser();
        await requestReset(email);
        const resetToken = mailedToken(email, `${PUBLIC_URL}/reset-password?token=`);

        const short = await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, new_password: 'short' },
        });
        expect(short.statusCode).toBe(422);

        await accountTokens.setExpiry(hashSecretToken(resetToken), new Date(Date.now() - 1000));
        for (const token of [resetToken, 'malformed', crypto.randomBytes(32).toString('base64url')]) {
          const response = await call('POST', '/auth/reset-password', {
            payload: { token, new_password: 'long enough password' },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ detail: serverDetailMessages.invalidResetToken });
        }
        expect((await login(email, PASSWORD)).statusCode).toBe(200);
      });

      it('verifies an unverified account, since the link came by mail', async () => {
        const email = freshEmail();
        await register(email);
        await requestReset(email);
        const resetToken = mailedToken(email, `${PUBLIC_URL}/reset-password?token=`);
        await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, new_password: 'new password 2' },
        });
        expect((await login(email, 'new password 2')).statusCode).toBe(200);
      });

      it('lifts a login block of the account', async () => {
        const { email } = await signedUpUser();
        const guesser = freshAddress();
        for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1)
          await login(email, 'wrong', guesser);
        expect((await login(email, PASSWORD, guesser)).statusCode).toBe(429);

        await requestReset(email);
        const resetToken = mailedToken(email, `${PUBLIC_URL}/reset-password?token=`);
        await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, new_password: 'new password 3' },
        });
        expect((await login(email, 'new password 3', guesser)).statusCode).toBe(200);
      });
    });

    describe('the current user', () => {
      it('answers the signed-in user and 401 without a valid token', async () => {
        const { email, token, id } = await signedUpUser();
        const me = await call('GET', '/auth/me', { token });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ id, email, full_name: 'Ada Lovelace', is_onboarded: false });

        expect((await call('GET', '/auth/me')).statusCode).toBe(401);
        expect((await call('GET', '/auth/me', { token: 'not.a.token' })).statusCode).toBe(401);
      });

      it('refuses the token of a deleted account', async () => {
        const { token, id } = await signedUpUser();
        expect((await call('GET', '/auth/me', { token })).statusCode).toBe(200);
        await server.services.users.deleteAccount(id);
        expect((await call('GET', '/auth/me', { token })).statusCode).toBe(401);
      });

      it.each(['/auth/me', '/user/profile'])('PUT %s changes the caller only', async (path) => {
        const caller = await signedUpUser('caller');
        const other = await signedUpUser('other');

        const response = await call('PUT', path, {
          token: caller.token,
          payload: {
            // Fields outside the profile, such as another account's id or address, are ignored.
            id: other.id,
            email: other.email,
            full_name: 'Grace Hopper',
            company_name: 'Navy',
            role: 'Admiral',
            phone_number: '+1 555 0100',
          },
        });
        // The profile picture, one of the caller's uploads, has tests of its own (users/profile-picture).
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id: caller.id,
          email: caller.email,
          full_name: 'Grace Hopper',
          company_name: 'Navy',
          role: 'Admiral',
          phone_number: '+1 555 0100',
        });

        const otherMe = await call('GET', '/auth/me', { token: other.token });
        expect(otherMe.json()).toMatchObject({
          id: other.id,
          email: other.email,
          full_name: 'Ada Lovelace',
          company_name: '',
        });

        const partial = await call('PUT', path, {
          token: caller.token,
          payload: { company_name: null, profile_picture_url: null },
        });
        expect(partial.json()).toMatchObject({
          full_name: 'Grace Hopper',
          company_name: '',
          profile_picture_url: null,
        });
      });

      it.each(['/auth/me', '/user/profile'])(
        'PUT %s validates the fields and needs a token',
        async (path) => {
          const { token } = await signedUpUser();
          const invalid = await call('PUT', path, {
            token,
            payload: { full_name: '', profile_picture_url: 'javascript:alert(1)' },
          });
          expect(invalid.statusCode).toBe(422);
          const locations = invalid
            .json<{ detail: { loc: string[] }[] }>()
            .detail.map((issue) => issue.loc.join('.'));
          expect(locations).toEqual(expect.arrayContaining(['body.full_name', 'body.profile_picture_url']));

          expect((await call('PUT', path, { payload: { full_name: 'X' } })).statusCode).toBe(401);
        },
      );
    });

    describe('sign-in methods', () => {
      it('offers no Google sign-in when it is not configured', async () => {
        const providers = await call('GET', '/auth/providers');
        expect(providers.statusCode).toBe(200);
        expect(providers.json()).toEqual({ google: false });

        const initiate = await call('GET', '/auth/google/initiate');
        expect(initiate.statusCode).toBe(404);
        expect(initiate.json()).toEqual({ detail: 'Google sign-in is not configured' });
      });

      it('keeps the issued token verifiable as the server issued it', async () => {
        const { token, id } = await signedUpUser();
        const claims = decodeJwt(token);
        expect(claims.sub).toBe(id);
        expect(claims.iss).toBe('reelcraft');
      });
    });
  },
);
