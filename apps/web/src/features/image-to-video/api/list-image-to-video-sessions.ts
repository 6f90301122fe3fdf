import { listImageToVideoSessions } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const RECENT_SESSIONS_LIMIT = 10;

export const imageToVideoKeys = {
  all: ['image-to-video'] as const,
  recentSessions: () => [...imageToVideoKeys.all, 'sessions', RECENT_SESSIONS_LIMIT] as const,
};

/** GET /image-to-video/sessions: the caller's latest image jobs, for the Recent Videos dialog. */
export function recentImageToVideoSessionsQueryOptions() {
  return queryOptions({
    queryKey: imageToVideoKeys.recentSessions(),
    queryFn: ({ signal }) =>
      callApi(listImageToVideoSessions, { query: { limit: RECENT_SESSIONS_LIMIT }, signal }),
  });
}

export function useRecentImageToVideoSessions() {
  return useQuery(recentImageToVideoSessionsQueryOptions());
}
