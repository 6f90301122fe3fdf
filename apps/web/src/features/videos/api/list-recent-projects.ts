import { listRecentProjects, PROJECTS_CACHE_TTL_MS, type RecentProject } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

/** GET /videos/recent-projects: the latest projects, newest first (the dashboard and the Recent filter). */
export function fetchRecentProjects(signal?: AbortSignal): Promise<RecentProject[]> {
  return callApi(listRecentProjects, { signal });
}

/** Kept PROJECTS_CACHE_TTL_MS, wherever it is read: one call, one cache entry, one lifetime. */
export function recentProjectsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: videoKeys.recent(),
    queryFn: ({ signal }) => fetchRecentProjects(signal),
    staleTime: PROJECTS_CACHE_TTL_MS,
    gcTime: PROJECTS_CACHE_TTL_MS,
    enabled,
  });
}

export function useRecentProjects() {
  return useQuery(recentProjectsQueryOptions());
}
