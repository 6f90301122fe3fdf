import { createStoryboard, type CreateStoryboardBody, type Storyboard } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /storyboards: a draft storyboard planned from the prompt; nothing renders, no video is spent. */
export function postStoryboard(body: CreateStoryboardBody): Promise<Storyboard> {
  return callApi(createStoryboard, { body });
}

export function useCreateStoryboard() {
  return useMutation({ mutationFn: postStoryboard });
}
