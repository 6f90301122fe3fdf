import {
  FALLBACK_VOICE_IDS,
  listVoiceClones,
  listVoices,
  type VoiceClone,
  type VoiceOption,
} from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

// The voice list (GET /elevenlabs/voices): the built-in voices and the user's own clones. The studio's
// voiceover, the avatars' presenter video and the voice clone screen all read it, and making or
// deleting a clone must refresh it for all of them, so it lives here under one query key.

export const voicesQueryKey = ['voices', 'list'] as const;

/** The category the server gives the user's clones in the voice list. */
export const CLONED_VOICE_CATEGORY = 'cloned';

/** GET /elevenlabs/voices: the built-in voices and the user's clones, sorted by name. */
export async function fetchVoices(signal?: AbortSignal): Promise<VoiceOption[]> {
  const answer = await callApi(listVoices, { signal });
  return answer.voices;
}

export function voicesQueryOptions() {
  return queryOptions({
    queryKey: voicesQueryKey,
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

export interface VoiceGroup {
  label: string;
  voices: VoiceOption[];
}

/** The user's clones ("Your voices") before the built-in voices; an empty group is left out. */
export function groupVoices(voices: readonly VoiceOption[]): VoiceGroup[] {
  const groups: VoiceGroup[] = [
    { label: 'Your voices', voices: voices.filter((voice) => voice.category === CLONED_VOICE_CATEGORY) },
    {
      label: 'Built-in voices',
      voices: voices.filter((voice) => voice.category !== CLONED_VOICE_CATEGORY),
    },
  ];
  return groups.filter((group) => group.voices.length > 0);
}

/** True when the offline engine speaks (its voices say so in their labels): its clones approximate. */
export function isLocalSpeechEngine(voices: readonly VoiceOption[]): boolean {
  return voices.some((voice) => voice.labels.engine === 'espeak-ng');
}

/** The query key of the user's clones (GET /elevenlabs/voice-clones), shared like the voice list. */
export const voiceClonesQueryKey = ['voices', 'clones'] as const;

/** GET /elevenlabs/voice-clones: the signed-in user's clones, newest first. */
export async function fetchVoiceClones(signal?: AbortSignal): Promise<VoiceClone[]> {
  const answer = await callApi(listVoiceClones, { signal });
  // Newest first whatever order the server keeps: the clone just made leads the list.
  return [...answer.voice_clones].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function voiceClonesQueryOptions() {
  return queryOptions({ queryKey: voiceClonesQueryKey, queryFn: ({ signal }) => fetchVoiceClones(signal) });
}

/** The user's clones: the voice clone screen lists them, image-to-video offers them as its voice sample. */
export function useVoiceClones() {
  return useQuery(voiceClonesQueryOptions());
}
