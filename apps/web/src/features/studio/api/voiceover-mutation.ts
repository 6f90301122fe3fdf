import type { StudioJob, StudioVoiceoverAnswer } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studioKeys } from './studio-keys';

/**
 * A voiceover request of the job (synthesised or the user's own audio): the answer's status and audio
 * (null while it is made: `voiceover_complete` brings it) go into the job's state.
 */
export function useVoiceoverMutation<Input>(
  jobId: string,
  send: (jobId: string, input: Input) => Promise<StudioVoiceoverAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(jobId, input),
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
