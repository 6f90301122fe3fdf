import { listRecentProjects, PROJECTS_CACHE_TTL_MS, type RecentProject } from '@reelcraft/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /videos/recent-projects: the latest projects (the Recent filter), newest first. */
export function fetchRecentProjects(signal?: AbortSignal): Promise<RecentProject[]> {
  return callApi(listRecentProjects, { signal });
}

export function recentProjectsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['videos', 'recent-projects'],
    queryFn: ({ signal }) => fetchRecentProjects(signal),
    staleTime: PROJECTS_CACHE_TTL_MS,
    gcTime: PROJECTS_CACHE_TTL_MS,
    enabled,
  });
}
