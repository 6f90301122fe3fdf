import { getVideoStoryboard, type Storyboard } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * POST /videos/{id}/storyboard: the storyboard the video was rendered from (rebuilt from its prompt
 * for an older text video); a 4xx says why it cannot be edited.
 */
export function postVideoStoryboard(videoId: string): Promise<Storyboard> {
  return callApi(getVideoStoryboard, { params: { id: videoId } });
}

export function useOpenVideoStoryboard() {
  return useMutation({ mutationFn: postVideoStoryboard });
}
