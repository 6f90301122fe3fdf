import { getImageToVideoSession, type GenerationState } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /image-to-video/sessions/{id}, read as the generation state useGenerationJob follows. */
export async function fetchImageToVideoState(id: string, signal?: AbortSignal): Promise<GenerationState> {
  const session = await callApi(getImageToVideoSession, { params: { id }, signal });
  return {
    session_id: session.session_id,
    project_type: 'image-to-video',
    status: session.status,
    progress: session.progress,
    stage: session.current_stage,
    message: session.message,
    video_id: null,
    video_url: session.output_video_url ?? session.video_urls[0] ?? null,
    error: session.error_message,
    retrying: session.retrying,
    storyboard_id: null,
  };
}
