import { searchIllustrations, type Illustration } from '@reelcraft/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { storyboardKeys } from './storyboard-keys';

/** GET /illustrations?q=: the shipped illustrations matching a word (all of them for an empty one). */
export function fetchIllustrations(q: string, signal?: AbortSignal): Promise<Illustration[]> {
  return callApi(searchIllustrations, { query: { q }, signal });
}

export function useIllustrations(q: string, enabled: boolean) {
  return useQuery({
    queryKey: storyboardKeys.illustrations(q),
    queryFn: ({ signal }) => fetchIllustrations(q, signal),
    enabled,
    // The set ships with the product: it does not change while the app runs.
    staleTime: Infinity,
    // The last answer stays on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
