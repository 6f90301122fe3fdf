import { getCurrentUser, STORAGE_KEYS, userSchema, type User } from '@reelcraft/contract';
import { ApiError, callApi } from '../api-client';
import {
  clearRedirectAfterLogin,
  clearSession,
  clearUserData,
  isTokenExpired,
  readAuthToken,
  readStoredSession,
  saveSession,
  saveStoredUser,
  takeRedirectAfterLogin,
} from '../auth-storage';
import { paths } from '../paths';
import { secondsUntilJwtExpiry, type UrlToken } from './token-in-url';
import {
  browserTimers,
  planTokenCheck,
  watchTokenLifetime,
  type Timers,
  type TokenLifetimeWatcher,
  type TokenValidation,
} from './token-lifetime';

// The session (spec 000 section 4): who is signed in, with which token, until when. A small external
// store (like lib/theme.ts) so any component, the router guard and non-React code (the API error
// handler, later the socket client) share one state. localStorage, through lib/auth-storage.ts, keeps
// it across reloads; this store keeps React in step with it and runs the token-lifetime watcher.

/** Why a session ended: the user logged out, the token expired, the server refused it, or another tab logged out. */
export type LogoutReason = 'user' | 'expired' | 'rejected' | 'elsewhere';

export type Session =
  /** The startup check or a token-in-URL sign-in is running: nobody can be judged signed out yet. */
  | { readonly status: 'checking' }
  | { readonly status: 'signed-out'; readonly endedBy: LogoutReason | null }
  | {
      readonly status: 'signed-in';
      readonly user: User;
      readonly token: string;
      readonly tokenType: string;
      /** Real expiry (ms since the epoch), or null when unknown. */
      readonly expiresAt: number | null;
      /**
       * Where /login and / send this user: after a fresh sign-in, the redirect-after-login path, else
       * /onboarding when not onboarded, else /dashboard (spec 000 section 2.3); /dashboard once arrived.
       */
      readonly destination: string;
    };

export type SignedInSession = Extract<Session, { status: 'signed-in' }>;

export interface SignInInput {
  accessToken: string;
  tokenType: string;
  /** Seconds from now; null when not known. */
  expiresIn: number | null;
}

export interface SessionStore {
  getSession(): Session;
  subscribe(listener: () => void): () => void;
  /**
   * Starts the startup auth check (once per store), the token-lifetime watcher and the cross-tab sync.
   * Returns the function that stops the watcher and the sync (not the check).
   */
  start(): () => void;
  /** A completed sign-in: stores token and user and picks where the user goes next. */
  signIn(token: SignInInput, user: User): void;
  /** Token-in-URL sign-in: fetches the user with the given token, then signs in. Rejects when that fails. */
  signInWithUrlToken(token: UrlToken): Promise<User>;
  /** Replaces the signed-in user (after onboarding or a profile change). */
  updateUser(user: User): void;
  /** The signed-in user reached a page: /login and / now send them to /dashboard. */
  markArrived(): void;
  /**
   * Ends the session: clears the stored keys of spec 000 section 3 and tells every logout listener
   * (navigation to /login, the query cache, the socket client).
   */
  logout(reason?: LogoutReason): void;
  /** Ends the session when a call failed because the token expired (spec 000 section 4). */
  handleApiError(error: unknown): void;
  /**
   * Runs `listener` after every logout, with its reason. The realtime (/ws) client subscribes here to
   * disconnect. Returns the unsubscribe function.
   */
  onLogout(listener: (reason: LogoutReason) => void): () => void;
}

export interface SessionStoreOptions {
  /** The current-user call with an explicit token; throws ApiError. */
  fetchCurrentUser?: (token: string) => Promise<User>;
  timers?: Timers;
  /** Where the cross-tab sync and the visibility check listen; absent in non-browser tests. */
  window?: Window;
}

const fetchCurrentUserWithToken = (token: string) => callApi(getCurrentUser, { token });

/** How a failed current-user call counts: the server refusing the token ends the session. */
function validationResult(error: unknown): TokenValidation {
  if (error instanceof ApiError && error.kind === 'http' && [401, 403, 404].includes(error.status)) {
    return 'rejected';
  }
  return 'unreachable';
}

function destinationAfterSignIn(user: User): string {
  return takeRedirectAfterLogin() ?? (user.is_onboarded ? paths.dashboard : paths.onboarding);
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const fetchCurrentUser = options.fetchCurrentUser ?? fetchCurrentUserWithToken;
  const timers = options.timers ?? browserTimers;
  const target = options.window ?? (typeof window === 'undefined' ? undefined : window);

  const listeners = new Set<() => void>();
  const logoutListeners = new Set<(reason: LogoutReason) => void>();
  const urlSignIns = new Map<string, Promise<User>>();
  let session: Session = restore();
  let startupChecked = false;
  let running = false;
  let watcher: { token: string; expiresAt: number; handle: TokenLifetimeWatcher } | null = null;

  function restore(): Session {
    const stored = readStoredSession();
    if (!stored.token) return { status: 'signed-out', endedBy: null };
    if (isTokenExpired(timers.now())) {
      clearSession();
      // Ended by its expiry as much as one that expires while the app is open: the login screen says so.
      return { status: 'signed-out', endedBy: 'expired' };
    }
    const user = userSchema.safeParse(stored.user);
    // A token without a readable user: the startup check fetches the user before anyone decides.
    if (!user.success) return { status: 'checking' };
    return {
      status: 'signed-in',
      user: user.data,
      token: stored.token,
      tokenType: stored.tokenType ?? 'bearer',
      expiresAt: stored.expiresAt,
      destination: paths.dashboard,
    };
  }

  function set(next: Session): void {
    session = next;
    syncWatcher();
    for (const listener of listeners) listener();
  }

  function syncWatcher(): void {
    const wanted =
      running && session.status === 'signed-in' && session.expiresAt !== null
        ? { token: session.token, expiresAt: session.expiresAt }
        : null;
    if (watcher && wanted && watcher.token === wanted.token && watcher.expiresAt === wanted.expiresAt) return;
    watcher?.handle.stop();
    watcher = null;
    if (!wanted) return;
    const { token } = wanted;
    watcher = {
      ...wanted,
      handle: watchTokenLifetime({
        expiresAt: wanted.expiresAt,
        timers,
        validate: () => validate(token),
        onEnd: (reason) => {
          if (current().token === token) logout(reason);
        },
      }),
    };
  }

  function current(): { token: string | null } {
    return session.status === 'signed-in' ? session : { token: null };
  }

  async function validate(token: string): Promise<TokenValidation> {
    try {
      const user = await fetchCurrentUser(token);
      if (readAuthToken() === token) updateUser(user);
      return 'valid';
    } catch (error) {
      return validationResult(error);
    }
  }

  /** The startup auth check (spec 000 section 2.2): the stored token is asked for its user. */
  async function checkStoredSession(): Promise<void> {
    const token = readAuthToken();
    if (!token) return;
    // A token this close to expiry is validated by the lifetime watcher right now: one call is enough.
    if (
      session.status === 'signed-in' &&
      session.expiresAt !== null &&
      planTokenCheck(session.expiresAt, timers.now()).action !== 'wait'
    ) {
      return;
    }
    const result = await validate(token);
    if (readAuthToken() !== token) return; // Signed out, or in as someone else, meanwhile.
    // Without a stored user and without an answer there is nobody to show: start signed out.
    if (result === 'rejected' || (result === 'unreachable' && session.status === 'checking')) {
      logout('rejected');
    }
  }

  function signIn(token: SignInInput, user: User): void {
    const now = timers.now();
    saveSession({ ...token, user }, now);
    set({
      status: 'signed-in',
      user,
      token: token.accessToken,
      tokenType: token.tokenType,
      expiresAt: token.expiresIn === null ? null : now + token.expiresIn * 1000,
      destination: destinationAfterSignIn(user),
    });
  }

  function updateUser(user: User): void {
    if (session.status === 'checking') {
      // The startup check found the user of a stored token: the session is complete now.
      const stored = readStoredSession();
      if (!stored.token) return;
      saveStoredUser(user);
      set({
        status: 'signed-in',
        user,
        token: stored.token,
        tokenType: stored.tokenType ?? 'bearer',
        expiresAt: stored.expiresAt,
        destination: paths.dashboard,
      });
      return;
    }
    if (session.status !== 'signed-in') return;
    saveStoredUser(user);
    set({ ...session, user });
  }

  function logout(reason: LogoutReason = 'user'): void {
    if (session.status === 'signed-out') return;
    clearSession();
    // The next person on this browser must not find the last one's links, images or drafts.
    clearUserData();
    // A user who logs out chose to leave: the next sign-in starts fresh, not where they were.
    if (reason === 'user') clearRedirectAfterLogin();
    set({ status: 'signed-out', endedBy: reason });
    for (const listener of logoutListeners) listener(reason);
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== STORAGE_KEYS.authToken && event.key !== null) return;
    const token = readStoredSession().token;
    if (!token) {
      logout('elsewhere');
      return;
    }
    // Another tab signed in (perhaps as someone else): follow it.
    if (current().token === token) return;
    set(restore());
    if (session.status === 'checking') void checkStoredSession();
  }

  function onVisibilityChange(): void {
    if (target?.document.visibilityState === 'visible') watcher?.handle.checkNow();
  }

  return {
    getSession: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      running = true;
      syncWatcher();
      if (!startupChecked) {
        startupChecked = true;
        void checkStoredSession();
      }
      target?.addEventListener('storage', onStorage);
      target?.document.addEventListener('visibilitychange', onVisibilityChange);
      return () => {
        running = false;
        syncWatcher();
        target?.removeEventListener('storage', onStorage);
        target?.document.removeEventListener('visibilitychange', onVisibilityChange);
      };
    },
    signIn,
    signInWithUrlToken(token) {
      const pending = urlSignIns.get(token.accessToken);
      if (pending) return pending;
      const signingIn = fetchCurrentUser(token.accessToken).then((user) => {
        const expiresIn = token.expiresIn ?? secondsUntilJwtExpiry(token.accessToken, timers.now());
        signIn({ accessToken: token.accessToken, tokenType: token.tokenType, expiresIn }, user);
        return user;
      });
      urlSignIns.set(token.accessToken, signingIn);
      return signingIn;
    },
    updateUser,
    markArrived() {
      if (session.status === 'signed-in' && session.destination !== paths.dashboard) {
        set({ ...session, destination: paths.dashboard });
      }
    },
    logout,
    handleApiError(error) {
      if (!(error instanceof ApiError) || session.status !== 'signed-in') return;
      const expired =
        error.kind === 'token_expired' ||
        (error.kind === 'http' && error.status === 401 && isTokenExpired(timers.now()));
      if (expired) logout('expired');
    },
    onLogout(listener) {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },
  };
}
