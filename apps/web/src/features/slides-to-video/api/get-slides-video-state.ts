import { getSlidesVideo, type GenerationState } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /ppt-to-video/sessions/{id}, read as the generation state useGenerationJob follows. */
export async function fetchSlidesVideoState(id: string, signal?: AbortSignal): Promise<GenerationState> {
  const session = await callApi(getSlidesVideo, { params: { id }, signal });
  return {
    session_id: session.session_id,
    project_type: 'slides',
    status: session.status,
    progress: session.progress,
    stage: session.current_stage,
    message: null,
    video_id: null,
    video_url: session.final_video_url,
    error: session.error,
    retrying: session.retrying,
    storyboard_id: null,
  };
}
