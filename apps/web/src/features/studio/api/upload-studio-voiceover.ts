import { uploadStudioVoiceover, type StudioJob } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** POST /studio/veo/jobs/{id}/voiceover/recorded: the user's own recording or audio file as the voiceover. */
export function postRecordedVoiceover(jobId: string, audio: Blob) {
  return callApi(uploadStudioVoiceover, { params: { id: jobId }, body: {}, files: { audio_file: audio } });
}

export function useUploadVoiceover(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audio: Blob) => postRecordedVoiceover(jobId, audio),
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
