import { getGeneration, type GenerationState } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /generations/{session_id}: the state of the presenter video being made. */
export function fetchGenerationState(sessionId: string, signal: AbortSignal): Promise<GenerationState> {
  return callApi(getGeneration, { params: { session_id: sessionId }, signal });
}
