import { listAvatars, type Avatar } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { avatarKeys } from './avatar-keys';

/** GET /avatars: the user's saved avatars, newest first. A 404 is no avatars (spec 001 section 8). */
export async function fetchAvatars(signal?: AbortSignal): Promise<Avatar[]> {
  try {
    return await callApi(listAvatars, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 404) return [];
    throw error;
  }
}

export function avatarsQueryOptions() {
  return queryOptions({ queryKey: avatarKeys.list, queryFn: ({ signal }) => fetchAvatars(signal) });
}

export function useAvatars() {
  return useQuery(avatarsQueryOptions());
}
