import { listLibraryImages, type LibraryImage } from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { storyboardKeys } from './storyboard-keys';

/** GET /user/library/images: the user's own images a scene can show (404: an empty library). */
export async function fetchLibraryImages(signal?: AbortSignal): Promise<LibraryImage[]> {
  try {
    return await callApi(listLibraryImages, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The library, read when the picker's tab opens or a scene shows one of its images. */
export function useLibraryImages(enabled: boolean) {
  return useQuery({
    queryKey: storyboardKeys.libraryImages(),
    queryFn: ({ signal }) => fetchLibraryImages(signal),
    enabled,
    // Its URLs are signed and expire: not kept for long.
    staleTime: 60_000,
  });
}
