import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { loginFailures } from './auth.schema';

export type FailureKey = { accountKey: string } | { address: string };

/** Data access of failed logins. */
export class LoginFailuresRepository {
  constructor(private readonly orm: Orm) {}

  async record(accountKey: string, address: string, at: Date): Promise<void> {
    await this.orm.insert(loginFailures).values({ accountKey, address, failedAt: at });
  }

  /** The times of the latest failures for the key after `since`, newest first, at most `limit` of them. */
  async latestSince(key: FailureKey, since: Date, limit: number): Promise<Date[]> {
    const match =
      'accountKey' in key
        ? eq(loginFailures.accountKey, key.accountKey)
        : eq(loginFailures.address, key.address);
    const rows = await this.orm
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(match, gt(loginFailures.failedAt, since)))
      .orderBy(desc(loginFailures.failedAt))
      .limit(limit);
    return rows.map((row) => row.failedAt);
  }

  async deleteForAccount(accountKey: string): Promise<void> {
    await this.orm.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.orm.delete(loginFailures).where(lt(loginFailures.failedAt, before));
  }
}
