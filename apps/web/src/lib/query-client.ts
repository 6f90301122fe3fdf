import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retries only what may pass on a second try: no answer, or a server error (5xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    const transient = error.kind === 'network' || error.kind === 'timeout' || error.status >= 500;
    if (!transient) return false;
  }
  return failureCount < 2;
}

export interface QueryClientOptions {
  /** Sees every failed query and mutation (the session ends on an expired token's 401). */
  onError?: (error: unknown) => void;
}

/** The app's React Query client. */
export function createQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError?.(error) }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
