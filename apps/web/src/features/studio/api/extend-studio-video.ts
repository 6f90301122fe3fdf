import { extendStudioVideo, type StudioJob } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { newIdempotencyKey } from './studio-errors';
import { studioKeys } from './studio-keys';

export interface ExtendRequest {
  additional_seconds: number;
  /** What happens in the added part; empty: the scene goes on. */
  prompt?: string;
}

/** POST /studio/veo/jobs/{id}/extend: answers at once; `extension_complete` brings the longer clip. */
export function postStudioExtension(jobId: string, body: ExtendRequest) {
  return callApi(extendStudioVideo, {
    params: { id: jobId },
    headers: { 'x-idempotency-key': newIdempotencyKey() },
    body,
  });
}

/** Starts an extension, then reads the job again: its steps show the extension running. */
export function useExtendStudioVideo(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtendRequest) => postStudioExtension(jobId, body),
    onSuccess: async () => {
      queryClient.setQueryData<StudioJob>(studioKeys.job(jobId), (job) =>
        job ? { ...job, progress: 0, error: null } : job,
      );
      await queryClient.invalidateQueries({ queryKey: studioKeys.job(jobId) });
    },
  });
}
