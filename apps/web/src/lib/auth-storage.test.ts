import { STORAGE_KEYS, TOKEN_EXPIRY_BUFFER_S } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { clearSession, isTokenExpired, readStoredSession, saveSession } from './auth-storage';

const now = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('auth storage', () => {
  it('stores a sign-in under the contract keys, with the expiry in ms', () => {
    saveSession({ accessToken: 'abc', tokenType: 'bearer', expiresIn: 3600, user: { id: 'u1' } }, now);

    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('abc');
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenType)).toBe('bearer');
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenExpiresAt)).toBe(String(now + 3_600_000));
    expect(readStoredSession()).toEqual({
      token: 'abc',
      tokenType: 'bearer',
      expiresAt: now + 3_600_000,
      user: { id: 'u1' },
    });
  });

  it('counts the token as expired TOKEN_EXPIRY_BUFFER_S early', () => {
    saveSession({ accessToken: 'abc', tokenType: 'bearer', expiresIn: 3600 }, now);
    const expiresAt = now + 3_600_000;
    const buffer = TOKEN_EXPIRY_BUFFER_S * 1000;

    expect(isTokenExpired(expiresAt - buffer - 1)).toBe(false);
    expect(isTokenExpired(expiresAt - buffer)).toBe(true);
  });

  it('has nothing expired without a token, and lets the server judge a token without expiry', () => {
    expect(isTokenExpired(now)).toBe(false);
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'abc');
    expect(isTokenExpired(now)).toBe(false);
  });

  it('clears what logout clears and leaves the theme', () => {
    saveSession({ accessToken: 'abc', tokenType: 'bearer', expiresIn: 3600, user: { id: 'u1' } }, now);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');

    clearSession();

    expect(readStoredSession()).toEqual({ token: null, tokenType: null, expiresAt: null, user: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('reads broken user JSON as no user', () => {
    window.localStorage.setItem(STORAGE_KEYS.userData, '{oops');
    expect(readStoredSession().user).toBeNull();
  });
});
