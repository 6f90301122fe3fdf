import { uploadStudioVoiceover } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';
import { useVoiceoverMutation } from './voiceover-mutation';

/** POST /studio/veo/jobs/{id}/voiceover/recorded: the user's own recording or audio file as the voiceover. */
export function postRecordedVoiceover(jobId: string, audio: Blob) {
  return callApi(uploadStudioVoiceover, { params: { id: jobId }, body: {}, files: { audio_file: audio } });
}

export function useUploadVoiceover(jobId: string) {
  return useVoiceoverMutation(jobId, postRecordedVoiceover);
}
