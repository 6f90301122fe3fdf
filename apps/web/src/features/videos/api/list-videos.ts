import { listVideos, PROJECTS_CACHE_TTL_MS, type VideoListAnswer } from '@reelcraft/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { videoKeys, type ProjectsQuery } from './video-keys';

/** GET /videos: the user's videos newest first, filtered by title (`q`) and status, paged. */
export function fetchVideos(query: ProjectsQuery, signal?: AbortSignal): Promise<VideoListAnswer> {
  return callApi(listVideos, { query, signal });
}

/** One slice of the list, kept PROJECTS_CACHE_TTL_MS (5 minutes) per filter and search. */
export function videosSliceQueryOptions(query: ProjectsQuery, enabled = true) {
  return queryOptions({
    queryKey: videoKeys.list(query),
    queryFn: ({ signal }) => fetchVideos(query, signal),
    staleTime: PROJECTS_CACHE_TTL_MS,
    gcTime: PROJECTS_CACHE_TTL_MS,
    enabled,
  });
}
