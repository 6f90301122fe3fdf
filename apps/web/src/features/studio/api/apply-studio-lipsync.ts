import { applyStudioLipsync, DEFAULT_LIPSYNC_MODEL, type StudioJob } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { newIdempotencyKey } from './studio-errors';
import { studioKeys } from './studio-keys';

/** POST /studio/veo/jobs/{id}/lipsync with the job's own voiceover: answers at once, completion comes as events. */
export function postStudioLipsync(jobId: string) {
  return callApi(applyStudioLipsync, {
    params: { id: jobId },
    headers: { 'x-idempotency-key': newIdempotencyKey() },
    body: { model: DEFAULT_LIPSYNC_MODEL },
  });
}

export function useApplyLipsync(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postStudioLipsync(jobId),
    onSuccess: (answer) => {
      queryClient.setQueryData<StudioJob>(studioKeys.job(jobId), (job) =>
        job ? { ...job, status: answer.status, progress: 0, error: null } : job,
      );
    },
  });
}
