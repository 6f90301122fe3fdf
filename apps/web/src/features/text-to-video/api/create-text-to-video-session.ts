import {
  createTextToVideoSession,
  type CreateTextToVideoBody,
  type SessionStarted,
} from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** POST /text-to-video/sessions: starts a video from a description (useGenerationJob sends it). */
export function postTextToVideoSession(body: CreateTextToVideoBody): Promise<SessionStarted> {
  return callApi(createTextToVideoSession, { body });
}
