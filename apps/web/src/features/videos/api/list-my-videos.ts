import { LIST_MAX_LIMIT, listVideos, PROJECTS_CACHE_TTL_MS, type VideoListAnswer } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

/** GET /videos: the user's latest videos (up to LIST_MAX_LIMIT), every status, newest first. */
export function fetchMyVideos(signal?: AbortSignal): Promise<VideoListAnswer> {
  return callApi(listVideos, { query: { limit: LIST_MAX_LIMIT, offset: 0 }, signal });
}

export function myVideosQueryOptions() {
  return queryOptions({
    // The same call and slice as the projects list's first page would be, but not its filters.
    queryKey: videoKeys.list({ limit: LIST_MAX_LIMIT, offset: 0 }),
    staleTime: PROJECTS_CACHE_TTL_MS,
    gcTime: PROJECTS_CACHE_TTL_MS,
    queryFn: ({ signal }) => fetchMyVideos(signal),
  });
}

export function useMyVideos() {
  return useQuery(myVideosQueryOptions());
}
