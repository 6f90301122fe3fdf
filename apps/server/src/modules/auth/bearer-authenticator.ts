import type { TokenService } from '../../platform/auth/token-service';
import type { BearerAuthenticator } from '../../platform/http/request-user';
import type { UsersService } from '../users';

/**
 * A token is accepted only while its account exists and it was issued after the account's
 * `tokens_valid_after` (a password reset moves that instant and so ends older sessions).
 */
export function createBearerAuthenticator(
  tokens: TokenService,
  users: Pick<UsersService, 'sessionCheck'>,
): BearerAuthenticator {
  return async (token) => {
    const verified = await tokens.verify(token).catch(() => null);
    if (!verified) return null;
    const user = await users.sessionCheck(verified.userId);
    if (!user) return null;
    if (verified.issuedAt < Math.floor(user.tokensValidAfter.getTime() / 1000)) return null;
    return { id: user.id };
  };
}
