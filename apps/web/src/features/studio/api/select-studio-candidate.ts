import {
  CANDIDATE_SELECT_RETRIES,
  CANDIDATE_SELECT_RETRY_STEP_MS,
  selectStudioCandidate,
  type StudioJob,
  type StudioVideoAnswer,
} from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { isCandidatesNotReady } from './studio-errors';
import { studioKeys } from './studio-keys';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /studio/veo/jobs/{id}/select. A 400 `Candidates not ready for selection` is tried again up to
 * CANDIDATE_SELECT_RETRIES times, waiting 500 ms times the attempt number (spec 001 section 8).
 */
export async function postCandidateSelection(jobId: string, candidateId: string): Promise<StudioVideoAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await callApi(selectStudioCandidate, {
        params: { id: jobId },
        body: { candidate_id: candidateId },
      });
    } catch (error) {
      if (!isCandidatesNotReady(error) || attempt > CANDIDATE_SELECT_RETRIES) throw error;
      await wait(CANDIDATE_SELECT_RETRY_STEP_MS * attempt);
    }
  }
}

export function useSelectCandidate(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (candidateId: string) => postCandidateSelection(jobId, candidateId),
    onSuccess: (answer, candidateId) => {
      queryClient.setQueryData<StudioJob>(studioKeys.job(jobId), (job) =>
        job
          ? {
              ...job,
              status: answer.status,
              selected_candidate_id: candidateId,
              final_video_url: answer.final_video_url ?? job.final_video_url,
            }
          : job,
      );
    },
  });
}
