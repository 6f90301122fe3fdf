import { listVoiceClones, type VoiceClone } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { voiceKeys } from './voice-keys';

/** GET /elevenlabs/voice-clones: the signed-in user's clones, newest first. */
export async function fetchVoiceClones(signal?: AbortSignal): Promise<VoiceClone[]> {
  const answer = await callApi(listVoiceClones, { signal });
  // Newest first whatever order the server keeps: the clone just made leads the list.
  return [...answer.voice_clones].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function voiceClonesQueryOptions() {
  return queryOptions({ queryKey: voiceKeys.clones, queryFn: ({ signal }) => fetchVoiceClones(signal) });
}

export function useVoiceClones() {
  return useQuery(voiceClonesQueryOptions());
}
