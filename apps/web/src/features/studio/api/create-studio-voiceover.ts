import { createStudioVoiceover, type StudioVoiceoverBody } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';
import { newIdempotencyKey } from './studio-errors';
import { useVoiceoverMutation } from './voiceover-mutation';

/** POST /studio/veo/jobs/{id}/voiceover: narrates the chosen video with a synthesised voice. */
export function postStudioVoiceover(jobId: string, body: StudioVoiceoverBody) {
  return callApi(createStudioVoiceover, {
    params: { id: jobId },
    headers: { 'x-idempotency-key': newIdempotencyKey() },
    body,
  });
}

export function useCreateVoiceover(jobId: string) {
  return useVoiceoverMutation(jobId, postStudioVoiceover);
}
