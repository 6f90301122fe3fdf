import { createVoiceClone, type VoiceClone } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { voicesQueryKey } from '../../../lib/voices';
import { voiceKeys } from './voice-keys';

export interface NewVoiceClone {
  name: string;
  description: string;
  accent: string;
  sample: File;
}

/** POST /elevenlabs/voice-clone (multipart): the sample, its name, and the accent as a label. */
export function postVoiceClone({ name, description, accent, sample }: NewVoiceClone): Promise<VoiceClone> {
  const accentLabel = accent.trim();
  return callApi(createVoiceClone, {
    body: {
      name: name.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      // A multipart part is text: the labels travel as JSON, as the vendor's call takes them.
      ...(accentLabel ? { labels: JSON.stringify({ accent: accentLabel }) } : {}),
    },
    files: { audio_file: sample },
  });
}

/** Makes a clone; the clone list and the voice list (where the clone becomes a voice) are read again. */
export function useCreateVoiceClone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postVoiceClone,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: voiceKeys.clones }),
        queryClient.invalidateQueries({ queryKey: voicesQueryKey }),
      ]);
    },
  });
}
