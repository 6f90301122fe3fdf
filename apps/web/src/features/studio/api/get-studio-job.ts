import { getStudioJob, type StudioJob } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** GET /studio/veo/jobs/{id}: the job's status, candidates, steps and videos. */
export function fetchStudioJob(jobId: string, signal?: AbortSignal): Promise<StudioJob> {
  return callApi(getStudioJob, { params: { id: jobId }, signal });
}

/** The job's state is kept current by its event stream; it is read again only when asked. */
export function studioJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: studioKeys.job(jobId),
    queryFn: ({ signal }) => fetchStudioJob(jobId, signal),
    staleTime: Infinity,
  });
}

export function useStudioJob(jobId: string | null) {
  return useQuery({ ...studioJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
