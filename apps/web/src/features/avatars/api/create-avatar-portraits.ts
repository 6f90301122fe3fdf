import { createAvatarPortraits, type CreateAvatarPortraitsBody } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /avatars/portraits: four portrait candidates from the reference photo (a few seconds). */
export async function postAvatarPortraits(body: CreateAvatarPortraitsBody) {
  const answer = await callApi(createAvatarPortraits, { body });
  return answer.portraits;
}

export function useCreateAvatarPortraits() {
  return useMutation({ mutationFn: postAvatarPortraits });
}
