import { createSlidesVideo, type CreateSlidesVideoBody, type SessionStarted } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /ppt-to-video/sessions: renders the kept slides with their narrations (useGenerationJob sends it). */
export function postSlidesVideo(body: CreateSlidesVideoBody): Promise<SessionStarted> {
  return callApi(createSlidesVideo, { body });
}
