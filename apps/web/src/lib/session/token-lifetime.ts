import {
  TOKEN_EXPIRY_BUFFER_S,
  TOKEN_RECHECK_INTERVAL_S,
  TOKEN_REFRESH_THRESHOLD_S,
} from '@reelcraft/contract';

// Token lifetime (spec 000 section 4): a token counts as expired TOKEN_EXPIRY_BUFFER_S (60 s) early; a
// refresh timer fires TOKEN_REFRESH_THRESHOLD_S (300 s) before expiry; a token already that close is
// validated at once; one that expires in under 300 s is rechecked every TOKEN_RECHECK_INTERVAL_S (60 s);
// a failed validation or an expired token ends the session. Validation is the current-user call.
// Pure planning plus a small watcher whose clock and timers are injected, so tests run on fake time.

const BUFFER_MS = TOKEN_EXPIRY_BUFFER_S * 1000;
const THRESHOLD_MS = TOKEN_REFRESH_THRESHOLD_S * 1000;
const RECHECK_MS = TOKEN_RECHECK_INTERVAL_S * 1000;
/** Browsers run a longer setTimeout at once (the delay overflows 32 bits); longer waits are re-planned. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** What to do now about a token that expires at `expiresAt`. */
export type TokenCheck =
  /** It counts as expired: end the session. */
  | { readonly action: 'expire' }
  /** It expires within the refresh threshold: validate it now. */
  | { readonly action: 'validate' }
  /** Nothing until the refresh timer, `delayMs` from now. */
  | { readonly action: 'wait'; readonly delayMs: number };

/** The decision for a token expiring at `expiresAt` (ms since the epoch) at time `now`. */
export function planTokenCheck(expiresAt: number, now: number): TokenCheck {
  const msLeft = expiresAt - now;
  if (msLeft <= BUFFER_MS) return { action: 'expire' };
  if (msLeft <= THRESHOLD_MS) return { action: 'validate' };
  return { action: 'wait', delayMs: Math.min(msLeft - THRESHOLD_MS, MAX_TIMER_DELAY_MS) };
}

/**
 * After a validation inside the threshold: recheck in TOKEN_RECHECK_INTERVAL_S, or sooner when the
 * token counts as expired before then, so the session ends on time and not up to a minute late.
 */
export function recheckDelay(expiresAt: number, now: number): number {
  return Math.max(0, Math.min(RECHECK_MS, expiresAt - BUFFER_MS - now));
}

/**
 * What a validation found: `valid` the server accepted the token; `rejected` it refused it (the
 * session ends); `unreachable` no answer (offline, timeout, server error): the session is kept and
 * checked again at the next recheck, and still ends when the token expires.
 */
export type TokenValidation = 'valid' | 'rejected' | 'unreachable';

export type SessionEnd = 'expired' | 'rejected';

/** The clock and timers the watcher uses; the browser's by default, fake ones in tests. */
export interface Timers {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface TokenLifetimeOptions {
  /** Real expiry of the token, ms since the epoch (the buffer is applied here, not by the caller). */
  expiresAt: number;
  /** Asks the server whether the token still works (the current-user call). */
  validate: () => Promise<TokenValidation>;
  /** Called once when the session must end; the watcher stops itself first. */
  onEnd: (reason: SessionEnd) => void;
  timers?: Timers;
}

export interface TokenLifetimeWatcher {
  /** Looks again now, e.g. when the page becomes visible after the computer slept through a timer. */
  checkNow(): void;
  stop(): void;
}

/** Watches one token from now until it ends or `stop()` is called. Runs its first check at once. */
export function watchTokenLifetime({
  expiresAt,
  validate,
  onEnd,
  timers = browserTimers,
}: TokenLifetimeOptions): TokenLifetimeWatcher {
  let stopped = false;
  let validating = false;
  let handle: unknown = null;

  const clear = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const schedule = (delayMs: number) => {
    clear();
    handle = timers.setTimeout(() => {
      handle = null;
      check();
    }, delayMs);
  };
  const end = (reason: SessionEnd) => {
    stopped = true;
    clear();
    onEnd(reason);
  };

  function check(): void {
    if (stopped || validating) return;
    const plan = planTokenCheck(expiresAt, timers.now());
    if (plan.action === 'expire') return end('expired');
    if (plan.action === 'wait') return schedule(plan.delayMs);
    validating = true;
    clear();
    void validate()
      .catch((): TokenValidation => 'unreachable')
      .then((result) => {
        validating = false;
        if (stopped) return;
        if (result === 'rejected') return end('rejected');
        const delay = recheckDelay(expiresAt, timers.now());
        if (delay === 0) return end('expired');
        schedule(delay);
      });
  }

  check();
  return {
    checkNow: () => {
      if (stopped) return;
      clear();
      check();
    },
    stop: () => {
      stopped = true;
      clear();
    },
  };
}
