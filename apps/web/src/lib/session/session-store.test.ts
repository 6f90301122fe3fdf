import { STORAGE_KEYS, type User } from '@reelcraft/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fake-api';
import { ApiError } from '../api-client';
import {
  readRedirectAfterLogin,
  readStoredSession,
  saveRedirectAfterLogin,
  saveSession,
} from '../auth-storage';
import { createSessionStore, type SessionStore } from './session-store';

const SECOND = 1000;
const start = Date.UTC(2025, 0, 1, 12, 0, 0);

function httpError(status: number, detail: string | null = null): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    detail,
    message: detail ?? `status ${status}`,
    call: 'getCurrentUser',
  });
}

const networkError = new ApiError({ kind: 'network', status: 0, message: 'offline', call: 'getCurrentUser' });

function setup(fetchCurrentUser: (token: string) => Promise<User> = () => Promise.resolve(testUser())) {
  const fetchUser = vi.fn(fetchCurrentUser);
  const store = createSessionStore({ fetchCurrentUser: fetchUser });
  return { store, fetchUser };
}

function stored(user: User = testUser(), expiresIn = 3600) {
  saveSession({ accessToken: 'stored-token', tokenType: 'bearer', expiresIn, user }, Date.now());
}

let stops: (() => void)[] = [];
function start_(store: SessionStore) {
  stops.push(store.start());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('session store: startup', () => {
  it('starts signed out when nothing is stored', () => {
    const { store } = setup();
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: null });
  });

  it('starts signed in from a stored, unexpired session and checks it with the server', async () => {
    stored(testUser({ full_name: 'Old Name' }));
    const { store, fetchUser } = setup(() => Promise.resolve(testUser({ full_name: 'New Name' })));
    expect(store.getSession()).toMatchObject({
      status: 'signed-in',
      token: 'stored-token',
      user: { full_name: 'Old Name' },
      destination: '/dashboard',
    });

    start_(store);
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchUser).toHaveBeenCalledExactlyOnceWith('stored-token');
    expect(store.getSession()).toMatchObject({ status: 'signed-in', user: { full_name: 'New Name' } });
    expect(readStoredSession().user).toMatchObject({ full_name: 'New Name' });
  });

  it('clears a stored session whose token counts as expired, and remembers why it ended', () => {
    stored(testUser(), 30);
    const { store } = setup();
    // The login screen says the session expired (issue 36), as it does for one that expires while open.
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'expired' });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('logs out when the server refuses the stored token', async () => {
    stored();
    const { store } = setup(() => Promise.reject(httpError(401, 'Invalid or missing JWT token')));
    const onLogout = vi.fn();
    store.onLogout(onLogout);
    start_(store);
    await vi.advanceTimersByTimeAsync(0);

    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'rejected' });
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('rejected');
    expect(readStoredSession().token).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    stored();
    const { store } = setup(() => Promise.reject(networkError));
    start_(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSession().status).toBe('signed-in');
  });

  it('checks first when a token is stored without a readable user', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'stored-token');
    window.localStorage.setItem(STORAGE_KEYS.tokenExpiresAt, String(start + 3600 * SECOND));
    const { store } = setup();
    expect(store.getSession()).toEqual({ status: 'checking' });

    start_(store);
    await vi.advanceTimersByTimeAsync(0);

    expect(store.getSession()).toMatchObject({
      status: 'signed-in',
      user: testUser(),
      token: 'stored-token',
    });
  });

  it('asks the server once at start-up when the token is already within 300 s of expiry', async () => {
    stored(testUser(), 200);
    const { store, fetchUser } = setup();
    start_(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('runs the startup check once even when started twice (StrictMode)', async () => {
    stored();
    const { store, fetchUser } = setup();
    store.start()();
    start_(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });
});

describe('session store: sign-in', () => {
  it('stores token, type, user and the expiry as now + expires_in', () => {
    const { store } = setup();
    store.signIn({ accessToken: 'new-token', tokenType: 'bearer', expiresIn: 3600 }, testUser());

    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('new-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenType)).toBe('bearer');
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenExpiresAt)).toBe(String(start + 3600 * SECOND));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userData) ?? 'null')).toEqual(testUser());
    expect(store.getSession()).toMatchObject({ status: 'signed-in', expiresAt: start + 3600 * SECOND });
  });

  it('sends the user to the stored redirect-after-login path first, and clears it', () => {
    saveRedirectAfterLogin('/my-details?tab=1');
    const { store } = setup();
    store.signIn(
      { accessToken: 't', tokenType: 'bearer', expiresIn: 3600 },
      testUser({ is_onboarded: false }),
    );

    expect(store.getSession()).toMatchObject({ destination: '/my-details?tab=1' });
    expect(readRedirectAfterLogin()).toBeNull();
  });

  it('sends a user who is not onboarded to /onboarding, else to /dashboard', () => {
    const first = setup().store;
    first.signIn(
      { accessToken: 't', tokenType: 'bearer', expiresIn: 3600 },
      testUser({ is_onboarded: false }),
    );
    expect(first.getSession()).toMatchObject({ destination: '/onboarding' });

    const second = setup().store;
    second.signIn(
      { accessToken: 't', tokenType: 'bearer', expiresIn: 3600 },
      testUser({ is_onboarded: true }),
    );
    expect(second.getSession()).toMatchObject({ destination: '/dashboard' });
  });

  it('sends /login and / to the dashboard once the user has arrived', () => {
    const { store } = setup();
    store.signIn(
      { accessToken: 't', tokenType: 'bearer', expiresIn: 3600 },
      testUser({ is_onboarded: false }),
    );
    store.markArrived();
    expect(store.getSession()).toMatchObject({ destination: '/dashboard' });
  });

  it('signs in with a token from the URL: the user is fetched with that token', async () => {
    const { store, fetchUser } = setup();
    await store.signInWithUrlToken({ accessToken: 'url-token', tokenType: 'bearer', expiresIn: 7200 });

    expect(fetchUser).toHaveBeenCalledExactlyOnceWith('url-token');
    expect(store.getSession()).toMatchObject({ status: 'signed-in', token: 'url-token' });
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenExpiresAt)).toBe(String(start + 7200 * SECOND));
  });

  it('takes the expiry of a URL token without expires_in from its JWT exp claim', async () => {
    const payload = btoa(JSON.stringify({ sub: 'user-1', exp: start / 1000 + 1800 })).replace(/=+$/, '');
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
    const { store } = setup();
    await store.signInWithUrlToken({ accessToken: jwt, tokenType: 'bearer', expiresIn: null });
    expect(store.getSession()).toMatchObject({ expiresAt: start + 1800 * SECOND });
  });

  it('asks once for the same URL token however often it is asked to sign in with it', async () => {
    const { store, fetchUser } = setup();
    const token = { accessToken: 'url-token', tokenType: 'bearer', expiresIn: 3600 };
    await Promise.all([store.signInWithUrlToken(token), store.signInWithUrlToken(token)]);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('rejects and stays signed out when the URL token is refused', async () => {
    const { store } = setup(() => Promise.reject(httpError(401)));
    await expect(
      store.signInWithUrlToken({ accessToken: 'bad', tokenType: 'bearer', expiresIn: 3600 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(store.getSession().status).toBe('signed-out');
    expect(readStoredSession().token).toBeNull();
  });
});

describe('session store: logout', () => {
  it('clears auth_token, token_type, user_data and token_expires_at, keeps the theme, and tells the listeners', () => {
    stored();
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    const { store } = setup();
    const socketClient = vi.fn();
    store.onLogout(socketClient);

    store.logout();

    for (const key of [
      STORAGE_KEYS.authToken,
      STORAGE_KEYS.tokenType,
      STORAGE_KEYS.userData,
      STORAGE_KEYS.tokenExpiresAt,
    ]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'user' });
    expect(socketClient).toHaveBeenCalledExactlyOnceWith('user');
  });

  it("removes the user's other keys too (signed video link, image-library cache and selection, studio draft)", () => {
    stored();
    const perUser = [
      STORAGE_KEYS.lastVideoUrl,
      STORAGE_KEYS.librarySelectedImages,
      'image_library_cache:user-1',
      'studio_workflow',
    ];
    for (const key of perUser) window.localStorage.setItem(key, 'something');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    window.localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, 'true');
    const { store } = setup();

    store.logout();

    for (const key of perUser) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
  });

  it('forgets the redirect-after-login path when the user logs out, not when the token expires', () => {
    stored();
    const { store } = setup();
    saveRedirectAfterLogin('/my-details');
    store.logout('expired');
    expect(readRedirectAfterLogin()).toBe('/my-details');

    stored();
    const again = setup().store;
    again.logout('user');
    expect(readRedirectAfterLogin()).toBeNull();
  });

  it('logs out on "Token expired" and on a 401 while the token is expired, not on other failures', () => {
    stored(testUser(), 3600);
    const { store } = setup();

    store.handleApiError(httpError(401));
    store.handleApiError(httpError(500));
    store.handleApiError(networkError);
    expect(store.getSession().status).toBe('signed-in');

    vi.setSystemTime(start + 3550 * SECOND); // inside the 60 s buffer: counts as expired
    store.handleApiError(httpError(401));
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'expired' });

    stored(testUser(), 3600);
    const other = setup().store;
    other.handleApiError(
      new ApiError({ kind: 'token_expired', status: 401, message: 'Token expired', call: 'x' }),
    );
    expect(other.getSession()).toEqual({ status: 'signed-out', endedBy: 'expired' });
  });

  it('follows a logout in another tab', () => {
    stored();
    const { store } = setup();
    start_(store);
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authToken, newValue: null }));
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'elsewhere' });
  });
});

describe('session store: token lifetime', () => {
  it('validates the token 300 s before expiry and logs out when the server refuses it', async () => {
    stored(testUser(), 600);
    let refuse = false;
    const { store, fetchUser } = setup(() =>
      refuse ? Promise.reject(httpError(401)) : Promise.resolve(testUser()),
    );
    start_(store);
    await vi.advanceTimersByTimeAsync(0); // the startup check
    expect(fetchUser).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(300 * SECOND - 1);
    expect(fetchUser).toHaveBeenCalledTimes(1);

    refuse = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'rejected' });
    expect(readStoredSession().token).toBeNull();
  });

  it('logs out when the token expires while the app is open', async () => {
    const { store } = setup();
    start_(store);
    store.signIn({ accessToken: 't', tokenType: 'bearer', expiresIn: 600 }, testUser());

    await vi.advanceTimersByTimeAsync(540 * SECOND - 1);
    expect(store.getSession().status).toBe('signed-in');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSession()).toEqual({ status: 'signed-out', endedBy: 'expired' });
  });

  it('runs no timer for a session whose expiry is unknown, nor after logout', async () => {
    const { store, fetchUser } = setup();
    start_(store);
    store.signIn({ accessToken: 't', tokenType: 'bearer', expiresIn: null }, testUser());
    await vi.advanceTimersByTimeAsync(365 * 24 * 3600 * SECOND);
    expect(store.getSession().status).toBe('signed-in');

    store.signIn({ accessToken: 't2', tokenType: 'bearer', expiresIn: 400 }, testUser());
    store.logout();
    await vi.advanceTimersByTimeAsync(3600 * SECOND);
    expect(fetchUser).not.toHaveBeenCalled();
  });
});
