import { getStoryboard, type Storyboard } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { storyboardKeys } from './storyboard-keys';

/** While a render runs, the storyboard is read again this often (its status and newest video). */
export const RENDERING_POLL_MS = 5_000;

/** GET /storyboards/{id}: one of the caller's storyboards (404 for anyone else's). */
export function fetchStoryboard(id: string, signal?: AbortSignal): Promise<Storyboard> {
  return callApi(getStoryboard, { params: { id }, signal });
}

export function storyboardQueryOptions(id: string) {
  return queryOptions({
    queryKey: storyboardKeys.detail(id),
    queryFn: ({ signal }) => fetchStoryboard(id, signal),
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.status === 'rendering' ? RENDERING_POLL_MS : false,
  });
}

export function useStoryboard(id: string) {
  return useQuery(storyboardQueryOptions(id));
}
