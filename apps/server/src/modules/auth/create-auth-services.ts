import { API_BASE_PATH, completeGoogleLogin } from '@reelcraft/contract';
import type { AppConfig } from '../../config';
import type { TokenService } from '../../platform/auth/token-service';
import type { Orm } from '../../platform/db/database';
import type { BearerAuthenticator } from '../../platform/http/request-user';
import type { Mailer } from '../../platform/mail/mailer';
import type { UsersService } from '../users';
import { AccountTokensRepository } from './account-tokens.repository';
import { AuthService, type AuthServiceDependencies } from './auth.service';
import { createBearerAuthenticator } from './bearer-authenticator';
import { systemClock, type Clock } from './clock';
import { ExternalIdentitiesRepository } from './external-identities.repository';
import { GoogleSignInService } from './google-sign-in.service';
import { LoginFailuresRepository } from './login-failures.repository';
import { LoginThrottle } from './login-throttle';
import { OidcLoginStatesRepository } from './oidc-login-states.repository';
import { OpenIdConnectClient } from './openid-connect-client';
import { PasswordHasher } from './password-hasher';
import { SessionIssuer } from './session-issuer';

export interface AuthServicesDeps {
  config: Pick<AppConfig, 'publicUrl' | 'auth' | 'floodLimits'>;
  rateLimiter: AuthServiceDependencies['rateLimiter'];
  orm: Orm;
  tokens: TokenService;
  mailer: Mailer;
  users: UsersService;
  logger: AuthServiceDependencies['logger'];
  clock?: Clock;
  /** The login throttle's own clock (tests move it past a block instead of waiting). */
  throttleClock?: Clock;
}

export interface AuthServices {
  auth: AuthService;
  googleSignIn: GoogleSignInService;
  /** Turns a bearer token into its user, or null (every protected call and `/ws`). */
  authenticate: BearerAuthenticator;
}

/** The module's services wired to their repositories, the token service and the mailer. */
export function createAuthServices(deps: AuthServicesDeps): AuthServices {
  const { config, orm, users } = deps;
  const now = deps.clock ?? systemClock;
  const sessions = new SessionIssuer(deps.tokens);
  const { publicUrl } = config;
  const redirectUri = `${publicUrl}${API_BASE_PATH}${completeGoogleLogin.path}`;
  const google = config.auth.google;
  return {
    auth: new AuthService({
      users,
      accountTokens: new AccountTokensRepository(orm),
      throttle: new LoginThrottle(
        new LoginFailuresRepository(orm),
        config.auth.loginThrottle,
        deps.throttleClock ?? now,
      ),
      passwords: new PasswordHasher(),
      sessions,
      mailer: deps.mailer,
      publicUrl,
      rateLimiter: deps.rateLimiter,
      floodLimits: config.floodLimits,
      logger: deps.logger,
      now,
    }),
    googleSignIn: new GoogleSignInService({
      client: google ? new OpenIdConnectClient({ ...google, redirectUri }) : undefined,
      states: new OidcLoginStatesRepository(orm),
      identities: new ExternalIdentitiesRepository(orm),
      users,
      sessions,
      publicUrl,
      redirectUri,
      logger: deps.logger,
      now,
    }),
    authenticate: createBearerAuthenticator(deps.tokens, users),
  };
}
