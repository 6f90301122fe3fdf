import { getGeneration, type GenerationState } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /generations/{session_id}: the state of one of the caller's generations, whatever its kind. */
export function fetchGeneration(sessionId: string, signal?: AbortSignal): Promise<GenerationState> {
  return callApi(getGeneration, { params: { session_id: sessionId }, signal });
}
