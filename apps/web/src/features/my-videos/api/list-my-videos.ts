import { LIST_MAX_LIMIT, listVideos, type VideoListAnswer } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /videos: the user's latest videos (up to LIST_MAX_LIMIT), every status, newest first. */
export function fetchMyVideos(signal?: AbortSignal): Promise<VideoListAnswer> {
  return callApi(listVideos, { query: { limit: LIST_MAX_LIMIT, offset: 0 }, signal });
}

export function myVideosQueryOptions() {
  return queryOptions({
    queryKey: ['videos', 'my-videos'],
    queryFn: ({ signal }) => fetchMyVideos(signal),
  });
}

export function useMyVideos() {
  return useQuery(myVideosQueryOptions());
}
