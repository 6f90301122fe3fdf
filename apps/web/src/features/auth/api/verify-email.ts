import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyEmail } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/**
 * Verifies the address of a mailed link (10 s limit: the call's timeoutMs). A query rather than a
 * mutation so that one screen, mounted twice (React's StrictMode) or revisited, spends the single-use
 * token once; it is never retried by itself, only by Try Again.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    // No abort signal on purpose: a screen that unmounts mid-call must not cancel it and make the
    // next mount send the spent token again.
    queryFn: () => callApi(verifyEmail, { params: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
