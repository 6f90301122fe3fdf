import type { FastifyInstance } from 'fastify';
import {
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
import type { RouteContext } from '../../platform/http/route-context';
import type { UsersService } from '../users';
import type { AuthService } from './auth.service';
import type { GoogleSignInService } from './google-sign-in.service';
import { LoginRefusedError } from './login-throttle';
import { clearGoogleStateCookie, readGoogleStateCookie, setGoogleStateCookie } from './google-state-cookie';

/** Sign-up, email verification, login (password and Google), password reset and the current user. */
export async function authRoutes(
  app: FastifyInstance,
  {
    registerCall,
    auth,
    googleSignIn,
    users: profiles,
    publicUrl,
  }: RouteContext & {
    auth: AuthService;
    googleSignIn: GoogleSignInService;
    users: UsersService;
    /** Where the Google state cookie is scoped. */
    publicUrl: string;
  },
): Promise<void> {
  registerCall(app, register, ({ body, request }) => auth.register(body, request.ip));

  registerCall(app, login, async ({ body, request, reply }) => {
    // A token answer must not be stored by any cache (RFC 6749 section 5.1).
    reply.header('cache-control', 'no-store');
    try {
      return await auth.login(body, request.ip);
    } catch (error) {
      // A refusal says how many tries are left, or until when sign-in is paused (issue 36).
      if (error instanceof LoginRefusedError)
        return reply.code(error.statusCode).headers(error.headers).send(error.answer);
      throw error;
    }
  });

  registerCall(app, verifyEmail, ({ params }) => auth.verifyEmail(params.token));
  registerCall(app, resendVerification, ({ body, request }) =>
    auth.resendVerification(body.email, request.ip),
  );
  registerCall(app, requestPasswordReset, ({ body, request }) =>
    auth.requestPasswordReset(body.email, request.ip),
  );
  registerCall(app, resetPassword, ({ body }) => auth.resetPassword(body));

  registerCall(app, getCurrentUser, ({ request }) => profiles.getProfile(requireUser(request).id));
  registerCall(app, updateCurrentUser, ({ body, request }) =>
    profiles.updateProfile(requireUser(request).id, body),
  );

  registerCall(app, getAuthProviders, () => ({ google: googleSignIn.isConfigured }));

  registerCall(app, initiateGoogleLogin, async ({ reply }) => {
    const { location, state } = await googleSignIn.start();
    if (state) setGoogleStateCookie(reply, state, publicUrl);
    return reply.redirect(location, 302);
  });

  registerCall(app, completeGoogleLogin, async ({ request, reply }) => {
    // The raw query, not the validated one: the provider adds parameters (`iss`) that the checks need.
    const rawQuery = request.raw.url?.split('?')[1] ?? '';
    const location = await googleSignIn.finish({ rawQuery, browserState: readGoogleStateCookie(request) });
    clearGoogleStateCookie(reply, publicUrl);
    reply.header('cache-control', 'no-store');
    return reply.redirect(location, 302);
  });
}
