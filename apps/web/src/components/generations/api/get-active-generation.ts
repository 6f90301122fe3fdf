import { getActiveGeneration, type GenerationState, type ProjectType } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { generationKeys } from './generation-keys';

/** GET /generations/active: the caller's running generation of `kind`, or null. */
export async function fetchActiveGeneration(
  kind: ProjectType,
  signal?: AbortSignal,
): Promise<GenerationState | null> {
  const answer = await callApi(getActiveGeneration, { query: { project_type: kind }, signal });
  return answer.generation;
}

export function activeGenerationQueryOptions(kind: ProjectType) {
  return queryOptions({
    queryKey: generationKeys.active(kind),
    queryFn: ({ signal }) => fetchActiveGeneration(kind, signal),
    // Asked on every visit: a screen reloaded or reopened mid-render must see the running job.
    staleTime: 0,
    // A failed check must not hold the form back; the server refuses a job beyond the quota anyway.
    retry: false,
  });
}

export function useActiveGeneration(kind: ProjectType, enabled = true) {
  return useQuery({ ...activeGenerationQueryOptions(kind), enabled });
}
