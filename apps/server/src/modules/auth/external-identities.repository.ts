import { and, eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { externalIdentities, type ExternalIdentityRow } from './auth.schema';

/** Data access of accounts' identities at external providers. */
export class ExternalIdentitiesRepository {
  constructor(private readonly orm: Orm) {}

  async find(provider: string, subject: string): Promise<ExternalIdentityRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  /** Unlinks the identity from the account (a deleted one), unless it was linked elsewhere meanwhile. */
  async unlink(provider: string, subject: string, userId: string): Promise<void> {
    await this.orm
      .delete(externalIdentities)
      .where(
        and(
          eq(externalIdentities.provider, provider),
          eq(externalIdentities.subject, subject),
          eq(externalIdentities.userId, userId),
        ),
      );
  }

  /** Links the identity; a second link of the same identity (a racing sign-in) is a no-op. */
  async link(values: { provider: string; subject: string; userId: string; email: string }): Promise<void> {
    await this.orm.insert(externalIdentities).values(values).onConflictDoNothing();
  }
}
