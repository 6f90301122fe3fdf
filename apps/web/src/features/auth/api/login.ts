import { useMutation } from '@tanstack/react-query';
import {
  getCurrentUser,
  login,
  loginRefusalSchema,
  type LoginRefusal,
  type TokenResponse,
  type User,
} from '@reelcraft/contract';
import { ApiError, callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs in with the OAuth2 password form (spec 000 section 7): empty scope, client id and secret; then
 * fetches the user with the new token, as the session needs both.
 */
export async function loginWithPassword({
  email,
  password,
}: Credentials): Promise<{ token: TokenResponse; user: User }> {
  const token = await callApi(login, {
    body: {
      username: email.trim(),
      password,
      grant_type: 'password',
      scope: '',
      client_id: '',
      client_secret: '',
    },
  });
  const user = await callApi(getCurrentUser, { token: token.access_token });
  return { token, user };
}

/** The sign-in mutation; on success the session holds the token and user (and picks the next page). */
export function useLogin() {
  const session = useSessionStore();
  return useMutation({
    mutationFn: loginWithPassword,
    onSuccess: ({ token, user }) =>
      session.signIn(
        { accessToken: token.access_token, tokenType: token.token_type, expiresIn: token.expires_in },
        user,
      ),
  });
}

/**
 * What a refused sign-in (401 or 429) says beyond its text: the tries left, or until when sign-in is
 * paused; null for any other failure, or an answer without them (a server before issue 36).
 */
export function loginRefusalOf(error: unknown): LoginRefusal | null {
  if (!(error instanceof ApiError) || error.kind !== 'http' || ![401, 429].includes(error.status))
    return null;
  const refusal = loginRefusalSchema.safeParse(error.answer);
  return refusal.success ? refusal.data : null;
}
