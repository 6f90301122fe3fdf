import { listStoryboardVersions } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { storyboardKeys } from './storyboard-keys';

/** GET /storyboards/{id}/versions: the saved versions, newest first. */
export async function fetchStoryboardVersions(id: string, signal?: AbortSignal) {
  const answer = await callApi(listStoryboardVersions, { params: { id }, signal });
  return answer.versions;
}

export function storyboardVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: storyboardKeys.versions(id),
    queryFn: ({ signal }) => fetchStoryboardVersions(id, signal),
    staleTime: 0,
  });
}

/** The versions, read when the history opens. */
export function useStoryboardVersions(id: string, enabled: boolean) {
  return useQuery({ ...storyboardVersionsQueryOptions(id), enabled });
}
