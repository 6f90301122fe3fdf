import { createImageToVideoSession, type CallBody, type SessionStarted } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

export interface ImageToVideoStart {
  body: CallBody<typeof createImageToVideoSession>;
  files: { files?: File[]; last_frame_image?: File; voice_sample_file?: File };
}

/** POST /image-to-video/sessions (multipart): starts a video from images (useGenerationJob sends it). */
export function postImageToVideoSession({ body, files }: ImageToVideoStart): Promise<SessionStarted> {
  return callApi(createImageToVideoSession, { body, files });
}
