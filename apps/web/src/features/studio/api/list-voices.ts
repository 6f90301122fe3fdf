import { FALLBACK_VOICE_IDS, listVoices, type VoiceOption } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** GET /elevenlabs/voices: the built-in voices and the user's clones, sorted by name. */
export async function fetchVoices(signal?: AbortSignal): Promise<VoiceOption[]> {
  const answer = await callApi(listVoices, { signal });
  return answer.voices;
}

export function voicesQueryOptions() {
  return queryOptions({
    queryKey: studioKeys.voices,
    queryFn: ({ signal }) => fetchVoices(signal),
    staleTime: 5 * 60_000,
  });
}

export function useVoices() {
  return useQuery(voicesQueryOptions());
}

/** The voices offered when the list cannot be loaded (spec 001 section 9): names only, no preview. */
export const FALLBACK_VOICES: VoiceOption[] = FALLBACK_VOICE_IDS.map((id) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  gender: null,
  accent: null,
  category: 'premade',
  preview_url: null,
  description: null,
  labels: {},
}));
