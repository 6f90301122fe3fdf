import type { AuthConfig } from '../../config';
import { HttpError } from '../../platform/http/http-error';
import { loginMessages, type LoginLockout, type LoginRefusal } from '@reelcraft/contract';
import type { Clock } from './clock';
import type { LoginFailuresRepository } from './login-failures.repository';

/** Where a sign-in with the typed address, from one client address, stands with the throttle. */
export interface LoginStanding {
  /** Wrong passwords left before the pause (0 while paused). */
  attemptsLeft: number;
  /** Set while sign-in is paused: when it ends, and whether a password reset lifts it. */
  lockout?: LoginLockout;
  /** Whole seconds until the pause ends (the `Retry-After`), while paused. */
  retryAfterSeconds?: number;
}

/**
 * A refused password sign-in whose answer says more than `detail` (issue 36): the routes send
 * `answer` as the body; anywhere else it still leaves as a plain `{detail}` of its status.
 */
export class LoginRefusedError extends HttpError {
  override name = 'LoginRefusedError';

  constructor(
    statusCode: 401 | 429,
    readonly answer: LoginRefusal,
    headers: Record<string, string> = {},
  ) {
    super(statusCode, answer.detail, headers);
  }
}

/**
 * Limits password guessing: after `maxFailuresPerAccount` failures for one address typed, or
 * `maxFailuresPerAddress` from one client address, within the sliding window, logins answer 429
 * until the oldest counted failure leaves the window. Attempts refused with 429 are not counted, so
 * the block ends on time even while someone keeps trying. An account's block does not hold against
 * a client address with no failure in the window (docs/decisions/023): the owner, from where they
 * usually sign in, is not locked out by someone guessing elsewhere; each such address gets one try
 * before it is blocked too. A password reset forgives the account's failures (`clearAccount`), so it
 * lifts an account's block; a client address's block it does not.
 */
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly settings: AuthConfig['loginThrottle'],
    private readonly now: Clock,
  ) {}

  /** How many tries are left and, when paused, until when: what a refusal tells the user. */
  async standing(accountKey: string, address: string): Promise<LoginStanding> {
    const now = this.now();
    const since = this.windowStart(now);
    const { maxFailuresPerAccount: accountLimit, maxFailuresPerAddress: addressLimit } = this.settings;
    const accountFailures = await this.failures.latestSince({ accountKey }, since, accountLimit);
    const addressFailures = await this.failures.latestSince({ address }, since, addressLimit);
    const addressIsClean = addressFailures.length === 0;

    const accountBlock = this.blockEnd(accountFailures, accountLimit);
    const addressBlock = this.blockEnd(addressFailures, addressLimit);
    const accountHolds = accountBlock > now.getTime() && !addressIsClean;
    const addressHolds = addressBlock > now.getTime();
    const endsAt = Math.max(accountHolds ? accountBlock : 0, addressHolds ? addressBlock : 0);
    if (endsAt > now.getTime()) {
      return {
        attemptsLeft: 0,
        lockout: { ends_at: new Date(endsAt).toISOString(), password_reset_unlocks: !addressHolds },
        retryAfterSeconds: Math.ceil((endsAt - now.getTime()) / 1000),
      };
    }
    // A clean address on a blocked account gets its one try.
    const accountLeft = accountBlock > now.getTime() ? 1 : accountLimit - accountFailures.length;
    return { attemptsLeft: Math.max(0, Math.min(accountLeft, addressLimit - addressFailures.length)) };
  }

  /** 429, saying until when and whether a reset helps, while sign-in is paused for this pair. */
  async assertAllowed(accountKey: string, address: string): Promise<void> {
    const { lockout, retryAfterSeconds } = await this.standing(accountKey, address);
    if (lockout) {
      throw new LoginRefusedError(
        429,
        { detail: loginMessages.tooManyAttempts, lockout },
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  }

  async recordFailure(accountKey: string, address: string): Promise<void> {
    const now = this.now();
    await this.failures.record(accountKey, address, now);
    // Rows out of the window count for nothing: prune them here instead of in a scheduled job.
    await this.failures.deleteOlderThan(this.windowStart(now));
  }

  /** A successful sign-in (or a password reset) forgives the account's failures; the address's stay. */
  async clearAccount(accountKey: string): Promise<void> {
    await this.failures.deleteForAccount(accountKey);
  }

  private windowStart(now: Date): Date {
    return new Date(now.getTime() - this.settings.windowSeconds * 1000);
  }

  /**
   * When a key with these latest failures (newest first) may try again, in ms since the epoch: once
   * the oldest of the `limit` counted ones leaves the window; 0 when it is under its limit.
   */
  private blockEnd(latest: Date[], limit: number): number {
    const oldestCounted = latest[limit - 1];
    return oldestCounted ? oldestCounted.getTime() + this.settings.windowSeconds * 1000 : 0;
  }
}

/** The throttle's key for an account: the address as typed, in the case the unique index ignores. */
export function accountKeyOf(email: string): string {
  return email.trim().toLowerCase();
}
