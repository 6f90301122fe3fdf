import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { accountTokens, type AccountTokenPurpose, type AccountTokenRow } from './auth.schema';

/** Data access of mailed single-use tokens; rows are found by the token's hash only. */
export class AccountTokensRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: {
    userId: string;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<AccountTokenRow> {
    const [row] = await this.orm.insert(accountTokens).values(values).returning();
    if (!row) throw new Error('Inserting an account token returned no row');
    return row;
  }

  async findByHash(purpose: AccountTokenPurpose, tokenHash: string): Promise<AccountTokenRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.purpose, purpose), eq(accountTokens.tokenHash, tokenHash)))
      .limit(1);
    return row;
  }

  /**
   * Marks the token used if it is unused and unexpired at `now`, in one statement: of two requests
   * racing with the same link, exactly one gets the row.
   */
  async consume(
    purpose: AccountTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<AccountTokenRow | undefined> {
    const [row] = await this.orm
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.purpose, purpose),
          eq(accountTokens.tokenHash, tokenHash),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  /** Marks every unused token of the account for this purpose used (a newer link or a reset supersedes them). */
  async consumeAllOf(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
    await this.orm
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      );
  }

  /** Moves a token's expiry (tests use it to reach an expired link without waiting a day). */
  async setExpiry(tokenHash: string, expiresAt: Date): Promise<void> {
    await this.orm.update(accountTokens).set({ expiresAt }).where(eq(accountTokens.tokenHash, tokenHash));
  }
}
