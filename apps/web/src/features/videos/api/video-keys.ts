import type { ListVideosQuery } from '@reelcraft/contract';

/** One slice of GET /videos: a page, with the title search and the status filter when set. */
export type ProjectsQuery = Pick<ListVideosQuery, 'limit' | 'offset'> &
  Partial<Pick<ListVideosQuery, 'q' | 'status'>>;

/**
 * Query keys of the videos area (GET /videos and /videos/recent-projects): one factory, so two
 * screens asking the same call share one cache entry and `videoKeys.all` refreshes them all.
 */
export const videoKeys = {
  all: ['videos'] as const,
  recent: () => [...videoKeys.all, 'recent-projects'] as const,
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (query: ProjectsQuery) =>
    [...videoKeys.lists(), query.status ?? 'all', query.q ?? '', query.offset, query.limit] as const,
  find: (id: string | null) => [...videoKeys.all, 'find', id] as const,
};
