import { listStudioJobs, type StudioJobSummary } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** GET /studio/veo/jobs?open=true: the user's jobs to go on with, the last changed first. */
export async function fetchOpenStudioJobs(signal?: AbortSignal): Promise<StudioJobSummary[]> {
  return (await callApi(listStudioJobs, { query: { open: true }, signal })).jobs;
}

export function openStudioJobsQueryOptions() {
  return queryOptions({
    queryKey: studioKeys.openJobs,
    queryFn: ({ signal }) => fetchOpenStudioJobs(signal),
  });
}

export function useOpenStudioJobs() {
  return useQuery(openStudioJobsQueryOptions());
}
