import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { externalIdentities } from '../../../src/modules/auth/auth.schema';
import type { UsersService } from '../../../src/modules/users';
import { users as usersTable } from '../../../src/db-schema';
import { describeEachDatabase } from '../../helpers/each-database';
import { lastMailTo, linkIn } from '../../helpers/mailbox';
import { startOpenIdProvider, type LocalOpenIdProvider } from '../../helpers/oidc-provider';
import type { TestServer } from '../../helpers/test-platform';

/** Deletes an account as the account deletion would: it stays, marked deleted. */
async function softDeleteUser(server: TestServer, id: string, at: Date): Promise<void> {
  await server.platform.database.orm.update(usersTable).set({ deletedAt: at }).where(eq(usersTable.id, id));
}

const PUBLIC_URL = 'http://localhost:5173';
const CALLBACK_URL = `${PUBLIC_URL}/api/v1/auth/google/callback`;
const PASSWORD = 'correct horse battery';

// One real OpenID provider for the file; its port must be known before the servers are configured.
const provider: LocalOpenIdProvider = await startOpenIdProvider(CALLBACK_URL);
afterAll(async () => {
  await provider.close();
});

const serverEnv = {
  PUBLIC_URL,
  GOOGLE_ISSUER: provider.issuer,
  GOOGLE_CLIENT_ID: provider.clientId,
  GOOGLE_CLIENT_SECRET: provider.clientSecret,
};

/** What the server logs at warning level and above, parsed. */
const warnings: Record<string, unknown>[] = [];
const logDestination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      warnings.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

describeEachDatabase(
  'sign-in with Google',
  { env: { ...serverEnv, LOG_LEVEL: 'warn' }, logDestination },
  (runningServer) => {
    let server: TestServer;
    let users: UsersService;

    beforeAll(() => {
      server = runningServer();
      users = server.services.users;
    });

    /** Starts a sign-in as the browser does: the provider's URL and the state cookie we were given. */
    async function initiate() {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/auth/google/initiate' });
      expect(response.statusCode).toBe(302);
      const setCookie = String(response.headers['set-cookie'] ?? '');
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      return { location: String(response.headers.location), cookie: setCookie.split(';')[0] ?? '' };
    }

    async function callback(url: URL, cookie: string | undefined) {
      const response = await server.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(302);
      return new URL(String(response.headers.location));
    }

    /** The whole round trip for a provider account; answers where the browser lands in the web app. */
    async function signInAs(accountId: string): Promise<URL> {
      const { location, cookie } = await initiate();
      const returned = await provider.signIn(location, accountId);
      expect(returned.href.startsWith(`${CALLBACK_URL}?`)).toBe(true);
      return callback(returned, cookie);
    }

    async function me(token: string | null) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token ?? ''}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string; email: string; full_name: string; is_onboarded: boolean }>();
    }

    function expectFailure(landing: URL) {
      expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/login`);
      expect(landing.searchParams.get('error')).toBe('google');
      expect(landing.searchParams.has('access_token')).toBe(false);
    }

    it('answers each redirect once, with nothing logged at warning level or above', async () => {
      const mark = warnings.length;
      const accountId = `quiet-${crypto.randomUUID()}`;
      provider.addAccount(accountId, { email: `${accountId}@example.com`, email_verified: true });
      const landing = await signInAs(accountId);
      expect(landing.searchParams.get('token_type')).toBe('bearer');
      // Let anything logged after the answers arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(warnings.slice(mark).filter((line) => line.reqId !== undefined)).toEqual([]);
    });

    it('says Google sign-in is offered', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
      expect(response.json()).toEqual({ google: true });
    });

    it('sends the browser to the provider with PKCE, state and nonce', async () => {
      const { location } = await initiate();
      const url = new URL(location);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: provider.clientId,
        redirect_uri: CALLBACK_URL,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        state: expect.any(String),
        nonce: expect.any(String),
      });
    });

    it('creates a verified account for a new Google user and signs it in', async () => {
      const accountId = `new-${crypto.randomUUID()}`;
      const email = `${accountId}@gmail.example`;
      provider.addAccount(accountId, { email, email_verified: true, name: 'Katherine Johnson' });

      const landing = await signInAs(accountId);
      expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/login`);
      expect(landing.searchParams.get('token_type')).toBe('bearer');
      const user = await me(landing.searchParams.get('access_token'));
      expect(user).toMatchObject({ email, full_name: 'Katherine Johnson', is_onboarded: false });

      const stored = await users.findActiveById(user.id);
      expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(stored?.passwordHash).toBeNull();

      // Signing in again finds the same account through its Google identity.
      const again = await signInAs(accountId);
      expect((await me(again.searchParams.get('access_token'))).id).toBe(user.id);
    });

    it('links an existing account by its verified address and keeps its password', async () => {
      const email = `linked-${crypto.randomUUID()}@example.com`;
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email, password: PASSWORD, full_name: 'Existing User' },
      });
      const verifyLink = linkIn(lastMailTo(server.config.dataDir, email), `${PUBLIC_URL}/verify/`);
      await server.app.inject({ method: 'GET', url: `/api/v1${new URL(verifyLink).pathname}` });
      const existing = await users.findActiveByEmail(email);

      const accountId = `google-${crypto.randomUUID()}`;
      provider.addAccount(accountId, {
        email: email.toUpperCase(),
        email_verified: true,
        name: 'Other Name',
      });
      const landing = await signInAs(accountId);
      const user = await me(landing.searchParams.get('access_token'));
      expect(user).toMatchObject({ id: existing?.id, email, full_name: 'Existing User' });

      const identities = await server.platform.database.orm
        .select()
        .from(externalIdentities)
        .where(eq(externalIdentities.subject, accountId));
      expect(identities).toMatchObject([{ provider: 'google', userId: existing?.id }]);

      const login = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
      });
      expect(login.statusCode).toBe(200);
    });

    it('takes over an unverified account and drops the password nobody proved the address for', async () => {
      const email = `squatted-${crypto.randomUUID()}@example.com`;
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email, password: PASSWORD, full_name: 'Someone Else' },
      });
      const accountId = `owner-${crypto.randomUUID()}`;
      provider.addAccount(accountId, { email, email_verified: true });

      const landing = await signInAs(accountId);
      const user = await me(landing.searchParams.get('access_token'));
      expect(user.email).toBe(email);
      const stored = await users.findActiveById(user.id);
      expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(stored?.passwordHash).toBeNull();
    });

    it('refuses an address the provider has not verified', async () => {
      const accountId = `unverified-${crypto.randomUUID()}`;
      const email = `${accountId}@example.com`;
      provider.addAccount(accountId, { email, email_verified: false });

      expectFailure(await signInAs(accountId));
      expect(await users.findActiveByEmail(email)).toBeUndefined();
    });

    it('refuses a callback in a browser that did not start the sign-in, and a state used twice', async () => {
      const accountId = `csrf-${crypto.randomUUID()}`;
      provider.addAccount(accountId, { email: `${accountId}@example.com`, email_verified: true });

      // Another browser (without the state cookie) opening someone's callback link.
      const first = await initiate();
      expectFailure(await callback(await provider.signIn(first.location, accountId), undefined));

      // The same callback replayed after it was used.
      const second = await initiate();
      const returned = await provider.signIn(second.location, accountId);
      const landing = await callback(returned, second.cookie);
      expect(landing.searchParams.get('access_token')).toBeTruthy();
      expectFailure(await callback(returned, second.cookie));
    });

    it('returns to the login screen with the error when the user declines', async () => {
      const { location, cookie } = await initiate();
      const state = new URL(location).searchParams.get('state') ?? '';
      const declined = new URL(`${CALLBACK_URL}?error=access_denied&state=${encodeURIComponent(state)}`);
      expectFailure(await callback(declined, cookie));
    });

    it('never signs into a deleted account: signing in again starts a new, empty one', async () => {
      const accountId = `deleted-${crypto.randomUUID()}`;
      provider.addAccount(accountId, { email: `${accountId}@example.com`, email_verified: true });
      const landing = await signInAs(accountId);
      const { id } = await me(landing.searchParams.get('access_token'));
      await server.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${landing.searchParams.get('access_token') ?? ''}` },
        payload: { company_name: 'Old company' },
      });
      await softDeleteUser(server, id, new Date());

      // The address of a deleted account may start again (docs/decisions/034), as a new account.
      const again = await signInAs(accountId);
      const fresh = await me(again.searchParams.get('access_token'));
      expect(fresh.id).not.toBe(id);
      expect(fresh).toMatchObject({ email: `${accountId}@example.com`, is_onboarded: false });
      expect((await users.findActiveById(fresh.id))?.companyName).toBe('');
      expect(await users.findActiveById(id)).toBeUndefined();
      // And the identity now leads to the new account.
      const third = await signInAs(accountId);
      expect((await me(third.searchParams.get('access_token'))).id).toBe(fresh.id);
    });
  },
);
