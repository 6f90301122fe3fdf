import { and, eq, gt, lt } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { oidcLoginStates, type OidcLoginStateRow } from './auth.schema';

/** Data access of pending OpenID Connect sign-ins. */
export class OidcLoginStatesRepository {
  constructor(private readonly orm: Orm) {}

  async insert(values: {
    stateHash: string;
    codeVerifier: string;
    nonce: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.orm.insert(oidcLoginStates).values(values);
  }

  /** Removes and answers the pending sign-in if it has not expired at `now`: a state works once. */
  async take(stateHash: string, now: Date): Promise<OidcLoginStateRow | undefined> {
    const [row] = await this.orm
      .delete(oidcLoginStates)
      .where(and(eq(oidcLoginStates.stateHash, stateHash), gt(oidcLoginStates.expiresAt, now)))
      .returning();
    return row;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.orm.delete(oidcLoginStates).where(lt(oidcLoginStates.expiresAt, now));
  }
}
