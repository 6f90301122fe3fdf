import { getSlidesCapabilities, type SlidesCapabilities } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { slidesKeys } from './slides-keys';

/** GET /ppt-to-video/capabilities: the deck formats this server can import (its tools may be missing). */
export function fetchSlidesCapabilities(signal?: AbortSignal): Promise<SlidesCapabilities> {
  return callApi(getSlidesCapabilities, { signal });
}

export function slidesCapabilitiesQueryOptions() {
  return queryOptions({
    queryKey: slidesKeys.capabilities(),
    queryFn: ({ signal }) => fetchSlidesCapabilities(signal),
    // An administrator who installs a tool restarts the server; a visit later sees it.
    staleTime: 60_000,
    retry: false,
  });
}

export function useSlidesCapabilities() {
  return useQuery(slidesCapabilitiesQueryOptions());
}
