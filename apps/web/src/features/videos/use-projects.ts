import {
  PROJECTS_BACKGROUND_FETCH_DELAY_MS,
  PROJECTS_BACKGROUND_FETCH_LIMIT,
  PROJECTS_INITIAL_FETCH_LIMIT,
  PROJECTS_PER_PAGE,
  type PROJECT_FILTERS,
  type Video,
} from '@reelcraft/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { recentProjectsQueryOptions } from './api/list-recent-projects';
import { videosSliceQueryOptions } from './api/list-videos';

export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

export interface ProjectsView {
  /** The videos at indexes [start, end) that are loaded; a gap is still on its way. */
  items: Video[];
  total: number;
  isPending: boolean;
  error: unknown;
  /** Some of the requested range is still being fetched. */
  loadingMore: boolean;
  isFetching: boolean;
  refetch: () => void;
  /** A loaded video by id (for `?open=`). */
  find: (id: string) => Video | undefined;
}

/**
 * The projects of one filter and search, loaded as spec 001 section 4 says: the first
 * PROJECTS_INITIAL_FETCH_LIMIT at once, then after PROJECTS_BACKGROUND_FETCH_DELAY_MS up to
 * PROJECTS_BACKGROUND_FETCH_LIMIT in the background, merged in; pages past those come a page at a time
 * when asked for. Every slice is cached for 5 minutes under its filter and search. Recent is the
 * server's recent-projects list, searched here.
 */
export function useProjects(filter: ProjectFilter, q: string, start: number, end: number): ProjectsView {
  const isRecent = filter === 'recent';
  const status = filter === 'completed' ? ('completed' as const) : undefined;
  const search = q.trim() || undefined;
  const key = `${filter}|${search ?? ''}`;

  const recent = useQuery(recentProjectsQueryOptions(isRecent));
  const head = useQuery(
    videosSliceQueryOptions({ q: search, status, offset: 0, limit: PROJECTS_INITIAL_FETCH_LIMIT }, !isRecent),
  );
  const [dueKey, setDueKey] = useState<string | null>(null);
  const headLoaded = head.isSuccess;
  useEffect(() => {
    if (isRecent || !headLoaded) return;
    const timer = setTimeout(() => setDueKey(key), PROJECTS_BACKGROUND_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, headLoaded, isRecent]);
  const needBackground = !!head.data && head.data.total > head.data.videos.length;
  // A background list cached by an earlier visit shows at once (a disabled query still answers its cache).
  const background = useQuery(
    videosSliceQueryOptions(
      { q: search, status, offset: 0, limit: PROJECTS_BACKGROUND_FETCH_LIMIT },
      !isRecent && needBackground && dueKey === key,
    ),
  );
  const headList = background.data ?? head.data;
  const covered = headList?.videos.length ?? 0;
  const total = headList?.total ?? 0;
  const headSettled = !needBackground || background.isSuccess;

  const neededPages: number[] = [];
  if (!isRecent && headList && headSettled) {
    for (
      let page = Math.floor(start / PROJECTS_PER_PAGE);
      page * PROJECTS_PER_PAGE < Math.min(end, total);
      page += 1
    ) {
      if ((page + 1) * PROJECTS_PER_PAGE > covered) neededPages.push(page);
    }
  }
  const pages = useQueries({
    queries: neededPages.map((page) =>
      videosSliceQueryOptions({
        q: search,
        status,
        offset: page * PROJECTS_PER_PAGE,
        limit: PROJECTS_PER_PAGE,
      }),
    ),
  });

  const recentList = useMemo(() => {
    const needle = search?.toLowerCase();
    const list = recent.data ?? [];
    return needle ? list.filter((video) => video.title.toLowerCase().includes(needle)) : list;
  }, [recent.data, search]);

  if (isRecent) {
    return {
      items: recentList.slice(start, end),
      total: recentList.length,
      isPending: recent.isPending,
      error: recent.error,
      loadingMore: false,
      isFetching: recent.isFetching,
      refetch: () => void recent.refetch(),
      find: (id) => recent.data?.find((video) => video.id === id),
    };
  }

  const byIndex = (index: number): Video | undefined => {
    if (index < covered) return headList?.videos[index];
    const page = Math.floor(index / PROJECTS_PER_PAGE);
    const at = neededPages.indexOf(page);
    return at >= 0 ? pages[at]?.data?.videos[index % PROJECTS_PER_PAGE] : undefined;
  };
  const items: Video[] = [];
  let missing = false;
  for (let index = start; index < Math.min(end, total); index += 1) {
    const video = byIndex(index);
    if (video) items.push(video);
    else missing = true;
  }
  const pageError = pages.find((page) => page.isError)?.error;
  return {
    items,
    total,
    isPending: head.isPending,
    error: head.error ?? pageError ?? null,
    loadingMore: missing,
    isFetching: head.isFetching || background.isFetching || pages.some((page) => page.isFetching),
    refetch: () => {
      void head.refetch();
      if (background.data) void background.refetch();
      for (const page of pages) void page.refetch();
    },
    find: (id) => {
      const fromHead = headList?.videos.find((video) => video.id === id);
      if (fromHead) return fromHead;
      for (const page of pages) {
        const found = page.data?.videos.find((video) => video.id === id);
        if (found) return found;
      }
      return undefined;
    },
  };
}
