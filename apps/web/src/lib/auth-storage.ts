import { STORAGE_KEYS, TOKEN_EXPIRY_BUFFER_S } from '@reelcraft/contract';

// The stored session (spec 000 sections 3 and 4): auth_token, token_type, user_data and
// token_expires_at in localStorage. token_expires_at holds the expiry as milliseconds since the epoch.
// The session layer (account issue) builds on these; the API client reads the token from here.

/** What a sign-in answer gives us to store. */
export interface StoredSessionInput {
  accessToken: string;
  tokenType: string;
  /**
   * Lifetime of the token in seconds, as the token answer's `expires_in`; null when it is not known
   * (no expiry is stored then, and only the server can tell when the token ends).
   */
  expiresIn: number | null;
  /** The current user as the API answered it; kept as JSON under user_data. */
  user?: unknown;
}

/** The stored session, as far as it is there. */
export interface StoredSession {
  token: string | null;
  tokenType: string | null;
  /** Expiry in ms since the epoch, or null when none (or an unreadable one) is stored. */
  expiresAt: number | null;
  /** The parsed user_data JSON, unvalidated: the caller parses it with the contract's user schema. */
  user: unknown;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the session then lasts for this page only.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clean up when storage is blocked.
  }
}

/** The stored access token, or null. */
export function readAuthToken(): string | null {
  return read(STORAGE_KEYS.authToken) || null;
}

/** The stored token type (`bearer`), or null. */
export function readTokenType(): string | null {
  return read(STORAGE_KEYS.tokenType) || null;
}

/** The stored expiry in ms since the epoch, or null when absent or unreadable. */
export function readTokenExpiresAt(): number | null {
  const raw = read(STORAGE_KEYS.tokenExpiresAt);
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The stored user as parsed JSON (unvalidated), or null when absent or not JSON. */
export function readStoredUser(): unknown {
  const raw = read(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Everything stored about the session at once. */
export function readStoredSession(): StoredSession {
  return {
    token: readAuthToken(),
    tokenType: readTokenType(),
    expiresAt: readTokenExpiresAt(),
    user: readStoredUser(),
  };
}

/** Stores a new sign-in: token, type, expiry (now + expiresIn) and, when given, the user. */
export function saveSession(session: StoredSessionInput, now: number = Date.now()): void {
  write(STORAGE_KEYS.authToken, session.accessToken);
  write(STORAGE_KEYS.tokenType, session.tokenType);
  if (session.expiresIn === null) remove(STORAGE_KEYS.tokenExpiresAt);
  else write(STORAGE_KEYS.tokenExpiresAt, String(now + session.expiresIn * 1000));
  if (session.user !== undefined) saveStoredUser(session.user);
}

/** Replaces the stored user (after a profile change or a fresh current-user call). */
export function saveStoredUser(user: unknown): void {
  write(STORAGE_KEYS.userData, JSON.stringify(user));
}

/** Removes what logout removes (spec 000 section 4): auth_token, token_type, user_data, token_expires_at. */
export function clearSession(): void {
  remove(STORAGE_KEYS.authToken);
  remove(STORAGE_KEYS.tokenType);
  remove(STORAGE_KEYS.userData);
  remove(STORAGE_KEYS.tokenExpiresAt);
}

/**
 * What stays on this device after logout: display preferences, not anything about the user. Every
 * other key of ours is the signed-out user's (a signed video link, the image-library cache and
 * selection, the studio's workflow, …), so logout removes them all; a key added later is removed too
 * unless it is named here.
 */
const DEVICE_PREFERENCE_KEYS: ReadonlySet<string> = new Set([
  STORAGE_KEYS.theme,
  STORAGE_KEYS.sidebarCollapsed,
  // Kept or dropped by the session store's own rule (kept when the session expired, not on logout).
  STORAGE_KEYS.redirectAfterLogin,
]);

/** Removes every stored key but the device's preferences (see DEVICE_PREFERENCE_KEYS). */
export function clearUserData(): void {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) {
      if (key !== null && !DEVICE_PREFERENCE_KEYS.has(key)) storage.removeItem(key);
    }
  } catch {
    // Nothing to clean up when storage is blocked.
  }
}

/**
 * Whether the stored token is expired, counting it expired TOKEN_EXPIRY_BUFFER_S (60 s) early.
 * False when no token is stored (there is nothing to expire) or when no expiry is stored (only the
 * server can tell then).
 */
export function isTokenExpired(now: number = Date.now()): boolean {
  if (!readAuthToken()) return false;
  const expiresAt = readTokenExpiresAt();
  if (expiresAt === null) return false;
  return now >= expiresAt - TOKEN_EXPIRY_BUFFER_S * 1000;
}

// The redirect-after-login path (spec 000 section 2.2): where a signed-out visitor was going when the
// guard sent them to /login. Only in-app paths are kept, so a crafted value cannot send anyone away.

function isInAppPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** Remembers the path (with its query and hash) a signed-out visitor asked for. */
export function saveRedirectAfterLogin(path: string): void {
  if (isInAppPath(path)) write(STORAGE_KEYS.redirectAfterLogin, path);
}

/** The remembered path, or null; it stays stored (see takeRedirectAfterLogin). */
export function readRedirectAfterLogin(): string | null {
  const value = read(STORAGE_KEYS.redirectAfterLogin);
  return value && isInAppPath(value) ? value : null;
}

/** The remembered path, removed from storage: it is used once. */
export function takeRedirectAfterLogin(): string | null {
  const value = readRedirectAfterLogin();
  clearRedirectAfterLogin();
  return value;
}

export function clearRedirectAfterLogin(): void {
  remove(STORAGE_KEYS.redirectAfterLogin);
}
