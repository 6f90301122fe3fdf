import { getTextToVideoSession, type GenerationState } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/**
 * GET /text-to-video/sessions/{id}, read as the generation state every creation screen follows
 * (useGenerationJob polls it). A text job reports no stage: it is generating until it ends.
 */
export async function fetchTextToVideoState(id: string, signal?: AbortSignal): Promise<GenerationState> {
  const session = await callApi(getTextToVideoSession, { params: { id }, signal });
  return {
    session_id: session.session_id,
    project_type: 'text-to-video',
    status: session.status,
    progress: session.progress,
    stage: session.status === 'completed' ? 'completed' : 'video_generation',
    message: null,
    video_id: null,
    video_url: session.final_video_url,
    error: session.error,
    retrying: session.retrying,
    // The session call does not say which storyboard the video came from: the result view asks
    // GET /generations/{id} for it (a live event carries it too).
    storyboard_id: null,
  };
}
