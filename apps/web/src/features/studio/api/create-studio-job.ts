import {
  createStudioJob,
  type CreateStudioJobBody,
  type StudioJob,
  type StudioJobCreated,
} from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** POST /studio/veo/jobs: starts generating the four candidates (403 when the quota is used up). */
export function postStudioJob(body: CreateStudioJobBody): Promise<StudioJobCreated> {
  return callApi(createStudioJob, { body });
}

/** The state of a job just accepted, before its first event: nothing generated yet. */
export function newStudioJob(
  { job_id, workflow_id }: StudioJobCreated,
  request: Pick<CreateStudioJobBody, 'prompt' | 'aspect' | 'fps' | 'duration_seconds'>,
): StudioJob {
  return {
    job_id,
    workflow_id,
    status: 'CREATED',
    progress: 0,
    candidates: [],
    selected_candidate_id: null,
    steps: [],
    assets: [],
    final_video_url: null,
    voiceover_audio_url: null,
    error: null,
    prompt: request.prompt,
    // Read back with the job's first answer; the form still holds the photos meanwhile.
    subject_refs: [],
    style_ref: null,
    aspect: request.aspect,
    fps: request.fps,
    duration_seconds: request.duration_seconds,
    // The server's answer (read again with the first events) says these.
    video_id: null,
    created_at: new Date().toISOString(),
    expires_at: null,
  };
}

/** Starts a job and seeds its cached state, so the screen follows it from the events at once. */
export function useCreateStudioJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStudioJob,
    onSuccess: (created, body) => {
      queryClient.setQueryData(studioKeys.job(created.job_id), newStudioJob(created, body));
    },
  });
}
