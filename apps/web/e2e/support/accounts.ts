import { STORAGE_KEYS, type User } from '@reelcraft/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailedLink } from './mailbox';

// Accounts for the browser tests: made through the real API and the mailed verification link, as a
// person would make them, then signed in through the login screen.

export const VERIFY_LINK = /https?:\/\/[^\s"'<>]+\/verify\/[A-Za-z0-9_-]+/;
export const RESET_LINK = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/;

export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The mailed link, on the origin the tests run on (the server writes its PUBLIC_URL into mails). */
export function onThisServer(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken);
}

/** Fills in and sends the login screen's Sign In form (the page must be on /login). */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** An account created and verified through the API, as the sign-up test does it through the screens. */
export async function verifiedAccount(page: Page, fullName: string, password: string): Promise<string> {
  const email = uniqueEmail(fullName.split(' ')[0]?.toLowerCase() ?? 'user');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { email, password, full_name: fullName },
  });
  expect(registered.status()).toBe(201);
  const verified = await page.request.get(`/api/v1${onThisServer(await mailedLink(email, VERIFY_LINK))}`);
  expect(verified.status()).toBe(200);
  return email;
}

/** A bearer token for the account, from the API's password login. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = await request.post('/api/v1/auth/login', {
    form: { username: email, password, grant_type: 'password', scope: '', client_id: '', client_secret: '' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

export interface SignedInAccount {
  email: string;
  password: string;
  user: User;
  /** A token of its own (not the page's) for calls the test makes through the API. */
  token: string;
}

/**
 * A verified, onboarded account signed in through the login screen, with the page on /dashboard.
 * `beforeSignIn` runs once the account exists (to seed data the first screen should show).
 */
export async function signedInAccount(
  page: Page,
  fullName: string,
  beforeSignIn?: (account: SignedInAccount) => Promise<void>,
): Promise<SignedInAccount> {
  const password = 'correct horse battery';
  const email = await verifiedAccount(page, fullName, password);
  const token = await apiToken(page.request, email, password);
  const headers = { Authorization: `Bearer ${token}` };
  const onboarded = await page.request.post('/api/v1/onboarding', {
    headers,
    data: {
      business_name: `${fullName} Studio`,
      business_category: 'Marketing agency',
      business_size: '2-10',
      preferences: { purpose: 'Ads & marketing', role: 'Founder or owner', domains: ['Products'] },
    },
  });
  expect(onboarded.ok()).toBe(true);
  const user = (await (await page.request.get('/api/v1/auth/me', { headers })).json()) as User;
  const account = { email, password, user, token };
  await beforeSignIn?.(account);

  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');
  return account;
}
