import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecentProjects, type RecentProject } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /videos/recent-projects: the user's latest projects, newest first (at most RECENT_PROJECTS_LIMIT). */
export function fetchRecentProjects(signal?: AbortSignal): Promise<RecentProject[]> {
  return callApi(listRecentProjects, { signal });
}

export function recentProjectsQueryOptions() {
  return queryOptions({
    queryKey: ['videos', 'recent-projects'],
    queryFn: ({ signal }) => fetchRecentProjects(signal),
  });
}

export function useRecentProjects() {
  return useQuery(recentProjectsQueryOptions());
}
