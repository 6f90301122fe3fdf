import {
  LIBRARY_CACHE_TTL_MS,
  LIBRARY_LOAD_TIMEOUT_MS,
  libraryMessages,
  libraryImageSchema,
  listLibraryImages,
  type LibraryImage,
} from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';

export interface LibraryList {
  images: LibraryImage[];
  /** Set when the server did not answer in time and the last good list is shown instead. */
  warning: string | null;
}

/** Where the last list that loaded is kept, per user, for the timeout fallback. */
export function libraryCacheKey(userId: string): string {
  return `image_library_cache:${userId}`;
}

function readCached(userId: string): LibraryImage[] | null {
  try {
    const raw = window.localStorage.getItem(libraryCacheKey(userId));
    if (!raw) return null;
    const parsed = libraryImageSchema.array().safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeCached(userId: string, images: LibraryImage[]) {
  try {
    window.localStorage.setItem(libraryCacheKey(userId), JSON.stringify(images));
  } catch {
    // A full or blocked storage only costs the fallback.
  }
}

/**
 * GET /user/library/images, given up after LIBRARY_LOAD_TIMEOUT_MS: then the last list that loaded
 * answers with the 'Using cached images (API timeout)' warning, or the load fails with 'Loading timeout
 * - please try refreshing'. A 404 counts as an empty library (spec 001 section 8).
 */
export async function fetchLibraryImages(userId: string, signal?: AbortSignal): Promise<LibraryList> {
  const controller = new AbortController();
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIBRARY_LOAD_TIMEOUT_MS);
  try {
    const images = await callApi(listLibraryImages, { signal: controller.signal });
    writeCached(userId, images);
    return { images, warning: null };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 404) {
      return { images: [], warning: null };
    }
    if (timedOut || (error instanceof ApiError && error.kind === 'timeout')) {
      const cached = readCached(userId);
      if (cached) return { images: cached, warning: libraryMessages.usingCachedImages };
      throw new Error(libraryMessages.loadTimeout);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** The start of every user's list key: marking it out of date reaches whoever is signed in. */
export const libraryImagesKeyRoot = ['library', 'images'] as const;

export function libraryImagesKey(userId: string) {
  return [...libraryImagesKeyRoot, userId] as const;
}

export function libraryImagesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: libraryImagesKey(userId),
    queryFn: ({ signal }) => fetchLibraryImages(userId, signal),
    staleTime: LIBRARY_CACHE_TTL_MS,
    gcTime: LIBRARY_CACHE_TTL_MS,
    retry: false,
  });
}

export function useLibraryImages(userId: string) {
  return useQuery(libraryImagesQueryOptions(userId));
}
