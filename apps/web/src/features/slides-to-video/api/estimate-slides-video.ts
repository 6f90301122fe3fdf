import {
  estimateSlidesVideo,
  type CreateSlidesVideoBody,
  type SlidesVideoEstimate,
} from '@reelcraft/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { slidesKeys } from './slides-keys';

/** How long the body must stay the same before it is estimated: a pause in typing. */
export const ESTIMATE_SETTLE_MS = 400;

/**
 * POST /ppt-to-video/estimate: how long the video of this start body will be, worked out by the
 * server from the same scenes and voice the render uses (issue 36 item 9).
 */
export function fetchSlidesEstimate(
  body: CreateSlidesVideoBody,
  signal?: AbortSignal,
): Promise<SlidesVideoEstimate> {
  return callApi(estimateSlidesVideo, { body, signal });
}

/** The body once it has not changed for ESTIMATE_SETTLE_MS (compared by content). */
function useSettled(body: CreateSlidesVideoBody | null): CreateSlidesVideoBody | null {
  const [settled, setSettled] = useState(body);
  const key = JSON.stringify(body);
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled(JSON.parse(key) as CreateSlidesVideoBody | null),
      ESTIMATE_SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/** The estimate of the start body as the user edits it; null when no slide is kept. */
export function useSlidesEstimate(body: CreateSlidesVideoBody | null) {
  const settled = useSettled(body);
  return useQuery({
    queryKey: slidesKeys.estimate(settled),
    queryFn: ({ signal }) => fetchSlidesEstimate(settled!, signal),
    enabled: settled !== null,
    // The same body always has the same length: asked once.
    staleTime: Infinity,
    // The last estimate stays on screen while the next one is worked out.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
