import { userLimitMessages } from '@reelcraft/contract';
import type { RateLimiter, RateRule } from './rate-limiter';

/** The calls limited per user (docs/decisions/033), each with a count per window of its own. */
export type UserLimitedCall =
  | 'voiceClones'
  | 'deckUploads'
  | 'uploads'
  | 'chatMessages'
  | 'chatSessions'
  | 'notifications'
  | 'storyboardSaves';

export interface UserLimitsDeps {
  limiter: Pick<RateLimiter, 'take'>;
  /** Calls allowed per user within `windowSeconds`, by call. */
  limits: Record<UserLimitedCall, number> & { windowSeconds: number };
  /**
   * Throws (413) when `incomingBytes` more would not fit in the user's storage allowance: the
   * subscriptions module's StorageAllowance, wired in services.ts.
   */
  assertStorageRoom(userId: string, incomingBytes: number): Promise<void>;
}

/** What the routes see of the per-user limits (RouteContext). */
export interface UserLimitsGate {
  /** One more `call` by the user, or 429 with Retry-After; counted in the database. */
  take(call: UserLimitedCall, userId: string): Promise<void>;
  /**
   * Before an upload is read: 413 when its declared size (Content-Length) would overfill the user's
   * storage allowance (a full one refuses any), then one more `call`, or 429. `call` null: the
   * allowance alone (a creation call that the video quota already bounds).
   */
  admitUpload(
    call: UserLimitedCall | null,
    userId: string,
    request: { headers: Record<string, string | string[] | undefined> },
  ): Promise<void>;
}

/** A request body's declared size; 0 when it declares none (chunked, or no body). */
export function declaredBodyBytes(headers: Record<string, string | string[] | undefined>): number {
  const value = Number(headers['content-length']);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Per-user limits of the calls that fill storage or the database (issue 37): the flood limiter's
 * sliding windows (docs/decisions/023), keyed by the user's id, so every instance counts the same
 * calls. The storage allowance is checked first, so a refused upload takes nothing of the limit.
 */
export class UserLimits implements UserLimitsGate {
  constructor(private readonly deps: UserLimitsDeps) {}

  take(call: UserLimitedCall, userId: string): Promise<void> {
    const rule: RateRule = { limit: this.deps.limits[call], windowSeconds: this.deps.limits.windowSeconds };
    return this.deps.limiter.take([{ bucket: `user:${call}`, key: userId, rule }], userLimitMessages[call]);
  }

  async admitUpload(
    call: UserLimitedCall | null,
    userId: string,
    request: { headers: Record<string, string | string[] | undefined> },
  ): Promise<void> {
    await this.deps.assertStorageRoom(userId, declaredBodyBytes(request.headers));
    if (call) await this.take(call, userId);
  }
}
