import { createStudioVoiceover, type StudioJob, type StudioVoiceoverBody } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { newIdempotencyKey } from './studio-errors';
import { studioKeys } from './studio-keys';

/** POST /studio/veo/jobs/{id}/voiceover: narrates the chosen video with a synthesised voice. */
export function postStudioVoiceover(jobId: string, body: StudioVoiceoverBody) {
  return callApi(createStudioVoiceover, {
    params: { id: jobId },
    headers: { 'x-idempotency-key': newIdempotencyKey() },
    body,
  });
}

/** The answer's audio (null while it is made: `voiceover_complete` brings it) goes into the job's state. */
export function useCreateVoiceover(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioVoiceoverBody) => postStudioVoiceover(jobId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData<StudioJob>(studioKeys.job(jobId), (job) =>
        job
          ? {
              ...job,
              status: answer.status,
              voiceover_audio_url: answer.voiceover_audio_url ?? job.voiceover_audio_url,
            }
          : job,
      );
    },
  });
}
