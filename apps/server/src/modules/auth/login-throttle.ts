import type { AuthConfig } from '../../config';
import { tooManyRequests } from '../../platform/http/http-error';
import { loginMessages } from '@reelcraft/contract';
import type { Clock } from './clock';
import type { FailureKey, LoginFailuresRepository } from './login-failures.repository';

/**
 * Limits password guessing: after `maxFailuresPerAccount` failures for one address typed, or
 * `maxFailuresPerAddress` from one client address, within the sliding window, logins answer 429
 * until the oldest counted failure leaves the window. Attempts refused with 429 are not counted, so
 * the block ends on time even while someone keeps trying. An account's block does not hold against
 * a client address with no failure in the window (docs/decisions/023): the owner, from where they
 * usually sign in, is not locked out by someone guessing elsewhere; each such address gets one try
 * before it is blocked too.
 */
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly settings: AuthConfig['loginThrottle'],
    private readonly now: Clock,
  ) {}

  async assertAllowed(accountKey: string, address: string): Promise<void> {
    const now = this.now();
    const accountBlock =
      (await this.blockedUntil({ accountKey }, this.settings.maxFailuresPerAccount, now)) ?? 0;
    const addressIsClean =
      accountBlock > now.getTime() &&
      (await this.failures.latestSince({ address }, this.windowStart(now), 1)).length === 0;
    const retryAt = Math.max(
      addressIsClean ? 0 : accountBlock,
      (await this.blockedUntil({ address }, this.settings.maxFailuresPerAddress, now)) ?? 0,
    );
    if (retryAt > now.getTime()) {
      throw tooManyRequests(loginMessages.tooManyAttempts, Math.ceil((retryAt - now.getTime()) / 1000));
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

  /** When the key may try again (ms since the epoch), or undefined when it is not blocked. */
  private async blockedUntil(key: FailureKey, limit: number, now: Date): Promise<number | undefined> {
    const latest = await this.failures.latestSince(key, this.windowStart(now), limit);
    const oldestCounted = latest[limit - 1];
    if (!oldestCounted) return undefined;
    return oldestCounted.getTime() + this.settings.windowSeconds * 1000;
  }
}

/** The throttle's key for an account: the address as typed, in the case the unique index ignores. */
export function accountKeyOf(email: string): string {
  return email.trim().toLowerCase();
}
