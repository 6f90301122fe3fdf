import { setTimeout as sleep } from 'node:timers/promises';
import type { IssuedToken, TokenService } from '../../platform/auth/token-service';
import type { UserRow } from '../users';

// tokens_valid_after is at most one whole second ahead of the moment it was set (see nextWholeSecond).
const MAX_WAIT_MS = 1_000;

/** Issues bearer tokens that the authenticator will accept. */
export class SessionIssuer {
  constructor(private readonly tokens: TokenService) {}

  /**
   * A token issued before the account's `tokens_valid_after` second would be refused at once; right
   * after a password reset that instant can be up to a second away, so wait for it rather than hand
   * out a dead token.
   */
  async issue(user: UserRow): Promise<IssuedToken> {
    const validFrom = user.tokensValidAfter.getTime();
    const giveUpAt = Date.now() + MAX_WAIT_MS;
    // A loop, because a timer may fire a fraction of a millisecond early.
    while (Date.now() < validFrom && Date.now() < giveUpAt) {
      await sleep(Math.min(validFrom - Date.now(), giveUpAt - Date.now()) + 1);
    }
    return this.tokens.issue(user.id);
  }
}
