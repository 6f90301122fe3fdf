import type { FastifyInstance } from 'fastify';
import {
  API_BASE_PATH,
  completeGoogleLogin,
  getAuthProviders,
  getCurrentUser,
  initiateGoogleLogin,
  login,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateCurrentUser,
  verifyEmail,
} from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { UsersRepository, UsersService } from '../users';
import { AccountTokensRepository } from './account-tokens.repository';
import { AuthService } from './auth.service';
import { systemClock } from './clock';
import { ExternalIdentitiesRepository } from './external-identities.repository';
import { GoogleSignInService } from './google-sign-in.service';
import { clearGoogleStateCookie, readGoogleStateCookie, setGoogleStateCookie } from './google-state-cookie';
import { LoginFailuresRepository } from './login-failures.repository';
import { LoginThrottle } from './login-throttle';
import { OidcLoginStatesRepository } from './oidc-login-states.repository';
import { OpenIdConnectClient } from './openid-connect-client';
import { PasswordHasher } from './password-hasher';
import { SessionIssuer } from './session-issuer';

/** Sign-up, email verification, login (password and Google), password reset and the current user. */
export async function authRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const { config, database, logger } = platform;
  const orm = database.orm;
  const authLogger = logger.child({ component: 'auth' });
  const users = new UsersRepository(orm);
  const sessions = new SessionIssuer(platform.tokens);
  const publicUrl = config.publicUrl;
  const redirectUri = `${publicUrl}${API_BASE_PATH}${completeGoogleLogin.path}`;
  const google = config.auth.google;

  const auth = new AuthService({
    users,
    accountTokens: new AccountTokensRepository(orm),
    throttle: new LoginThrottle(new LoginFailuresRepository(orm), config.auth.loginThrottle, systemClock),
    passwords: new PasswordHasher(),
    sessions,
    mailer: platform.mailer,
    publicUrl,
    logger: authLogger,
    now: systemClock,
  });
  const googleSignIn = new GoogleSignInService({
    client: google ? new OpenIdConnectClient({ ...google, redirectUri }) : undefined,
    states: new OidcLoginStatesRepository(orm),
    identities: new ExternalIdentitiesRepository(orm),
    users,
    sessions,
    publicUrl,
    redirectUri,
    logger: authLogger,
    now: systemClock,
  });
  const profiles = new UsersService(users);

  registerCall(app, register, ({ body }) => auth.register(body));

  registerCall(app, login, ({ body, request, reply }) => {
    // A token answer must not be stored by any cache (RFC 6749 section 5.1).
    reply.header('cache-control', 'no-store');
    return auth.login(body, request.ip);
  });

  registerCall(app, verifyEmail, ({ params }) => auth.verifyEmail(params.token));
  registerCall(app, resendVerification, ({ body }) => auth.resendVerification(body.email));
  registerCall(app, requestPasswordReset, ({ body }) => auth.requestPasswordReset(body.email));
  registerCall(app, resetPassword, ({ body }) => auth.resetPassword(body));

  registerCall(app, getCurrentUser, ({ request }) => profiles.getProfile(requireUser(request).id));
  registerCall(app, updateCurrentUser, ({ body, request }) =>
    profiles.updateProfile(requireUser(request).id, body),
  );

  registerCall(app, getAuthProviders, () => ({ google: googleSignIn.isConfigured }));

  registerCall(app, initiateGoogleLogin, async ({ reply }) => {
    const { location, state } = await googleSignIn.start();
    if (state) setGoogleStateCookie(reply, state, publicUrl);
    reply.redirect(location, 302);
    return null;
  });

  registerCall(app, completeGoogleLogin, async ({ request, reply }) => {
    // The raw query, not the validated one: the provider adds parameters (`iss`) that the checks need.
    const rawQuery = request.raw.url?.split('?')[1] ?? '';
    const location = await googleSignIn.finish({ rawQuery, browserState: readGoogleStateCookie(request) });
    clearGoogleStateCookie(reply, publicUrl);
    reply.header('cache-control', 'no-store');
    reply.redirect(location, 302);
    return null;
  });
}
