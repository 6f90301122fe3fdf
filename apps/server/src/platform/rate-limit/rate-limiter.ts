import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { tooManyRequests } from '../http/http-error';
import { rateLimitEvents } from './rate-limit.schema';

/** At most `limit` events per key within `windowSeconds` (a sliding window). */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateCheck {
  bucket: string;
  key: string;
  rule: RateRule;
}

/**
 * Flood limits shared by every instance (docs/decisions/023): an event is counted for each of its
 * keys only when none of them is over its limit; otherwise the call answers 429 with Retry-After,
 * the moment the oldest counted event leaves the window. One transaction, with a lock per key, so
 * two instances never both let the last allowed event through.
 */
export class RateLimiter {
  constructor(
    private readonly database: Pick<Database, 'transaction'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async take(checks: readonly RateCheck[], refusal: string): Promise<void> {
    const now = this.now();
    const retryAfter = await this.database.transaction(async (tx) => {
      let waitMs = 0;
      for (const check of checks) {
        await tx.executeSql('SELECT pg_advisory_xact_lock(hashtext($1))', [`${check.bucket}|${check.key}`]);
        const since = new Date(now.getTime() - check.rule.windowSeconds * 1000);
        const match = and(
          eq(rateLimitEvents.bucket, check.bucket),
          eq(rateLimitEvents.key, check.key),
          gt(rateLimitEvents.at, since),
        );
        const [counted] = await tx.orm.select({ value: count() }).from(rateLimitEvents).where(match);
        if ((counted?.value ?? 0) < check.rule.limit) continue;
        // The oldest of the events that fill the window: when it leaves, one more is allowed.
        const [oldest] = await tx.orm
          .select({ at: rateLimitEvents.at })
          .from(rateLimitEvents)
          .where(match)
          .orderBy(asc(rateLimitEvents.at))
          .offset(Number(counted?.value ?? 0) - check.rule.limit)
          .limit(1);
        const freeAt = (oldest?.at.getTime() ?? now.getTime()) + check.rule.windowSeconds * 1000;
        waitMs = Math.max(waitMs, freeAt - now.getTime());
      }
      if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
      await tx.orm
        .insert(rateLimitEvents)
        .values(checks.map((check) => ({ bucket: check.bucket, key: check.key, at: now })));
      return 0;
    });
    if (retryAfter > 0) throw tooManyRequests(refusal, retryAfter);
    // Events out of every window count for nothing (a day is longer than any window here): pruned
    // here, through the index on `at`, instead of by a scheduled job.
    await this.database.transaction(async (tx) => {
      await tx.orm
        .delete(rateLimitEvents)
        .where(lt(rateLimitEvents.at, new Date(now.getTime() - 86_400_000)));
    });
  }
}
