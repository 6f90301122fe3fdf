import { LIST_MAX_LIMIT, type Video } from '@reelcraft/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchVideos } from './list-videos';
import { videoKeys } from './video-keys';

/** At most this many pages of LIST_MAX_LIMIT are read looking for one video. */
const MAX_LOOKUP_PAGES = 20;

/**
 * One video by id, for `?open={id}` when it is not among the loaded projects. The API has no
 * single-video call, so this reads GET /videos a page of LIST_MAX_LIMIT at a time; null if absent.
 */
export async function findVideo(id: string, signal?: AbortSignal): Promise<Video | null> {
  for (let page = 0; page < MAX_LOOKUP_PAGES; page += 1) {
    const answer = await fetchVideos({ limit: LIST_MAX_LIMIT, offset: page * LIST_MAX_LIMIT }, signal);
    const found = answer.videos.find((video) => video.id === id);
    if (found) return found;
    if ((page + 1) * LIST_MAX_LIMIT >= answer.total || answer.videos.length === 0) return null;
  }
  return null;
}

export function findVideoQueryOptions(id: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: videoKeys.find(id),
    queryFn: ({ signal }) => findVideo(id ?? '', signal),
    enabled: enabled && id !== null,
  });
}
