import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH, getAuthProviders, initiateGoogleLogin } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** Where the browser goes to sign in with Google: a navigation the server answers with a redirect. */
export const GOOGLE_SIGN_IN_URL = `${API_BASE_PATH}${initiateGoogleLogin.path}`;

/** Which sign-in methods this server offers; it changes only with the server's configuration. */
export function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => callApi(getAuthProviders, { signal }),
    staleTime: Infinity,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
